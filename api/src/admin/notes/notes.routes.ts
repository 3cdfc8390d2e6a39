import type { AdminPrincipal } from '../../http/principal.ts';
import { requestSource } from '../../audit/audit.ts';
import type { Handlers } from '../../http/typed.ts';
import type { NotesService } from './notes.service.ts';

type Ops = 'listLeadNotes' | 'createLeadNote' | 'deleteLeadNote';

/** A lead's private notes (docs/product.md#notes); the roles come from the contract. */
export function notesHandlers(notes: NotesService): Pick<Handlers, Ops> {
  const me = (state: Record<string, unknown>) => (state.admin as AdminPrincipal).adminId;
  return {
    listLeadNotes: async ({ params }) => ({
      status: 200,
      body: { notes: await notes.list(params.kind, params.id) },
    }),
    createLeadNote: async ({ params, body, ctx }) => ({
      status: 201,
      body: await notes.create(params.kind, params.id, me(ctx.state), body.text, requestSource(ctx)),
    }),
    deleteLeadNote: async ({ params, ctx }) => ({
      status: 200,
      body: await notes.delete(params.kind, params.id, params.noteId, me(ctx.state), requestSource(ctx)),
    }),
  };
}
