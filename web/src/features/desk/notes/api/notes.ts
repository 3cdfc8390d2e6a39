import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

type S = components['schemas'];
export type LeadNote = S['LeadNote'];
/** A lead as the notes' API names it: its kind (singular) and id. */
export interface NoteLead {
  kind: S['LeadKind'];
  id: number;
}

/** A lead's notes, oldest first (docs/product.md#notes). Its key starts with 'admin', as every signed-in query's does. */
export const notesQuery = ({ kind, id }: NoteLead) =>
  queryOptions({
    queryKey: ['admin', 'notes', kind, id],
    queryFn: async () =>
      (await api.GET('/api/leads/{kind}/{id}/notes', { params: { path: { kind, id } } })).data!.notes,
  });

const text = schemas.LeadNoteInput.properties.text;
/** The note form's rule, the contract's LeadNoteInput: trimmed, 1 to 5000 characters, its messages. */
export const noteSchema = z.object({
  text: z
    .string()
    .trim()
    .min(text.minLength, text['x-messages'].minLength)
    .refine((s) => [...s].length <= text.maxLength, text['x-messages'].maxLength),
});
export type NoteValues = z.input<typeof noteSchema>;

export function useWriteNote(lead: NoteLead) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof noteSchema>) =>
      (await api.POST('/api/leads/{kind}/{id}/notes', { params: { path: lead }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: notesQuery(lead).queryKey }),
  });
}

export function useDeleteNote(lead: NoteLead) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: number) =>
      (
        await api.DELETE('/api/leads/{kind}/{id}/notes/{noteId}', {
          params: { path: { ...lead, noteId } },
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: notesQuery(lead).queryKey }),
  });
}
