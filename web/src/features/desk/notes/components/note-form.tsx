import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { noteSchema, useWriteNote, type NoteLead, type NoteValues } from '../api/notes.ts';

/** Writes a private note on the lead (docs/product.md#notes); the server's objection shows at the field. */
export function NoteForm({ lead }: { lead: NoteLead }) {
  const form = useForm<NoteValues, unknown, ReturnType<typeof noteSchema.parse>>({
    resolver: zodResolver(noteSchema),
    defaultValues: { text: '' },
  });
  const write = useWriteNote(lead);
  const error = form.formState.errors.text;

  const submit = form.handleSubmit((body) =>
    write.mutate(body, {
      onSuccess: () => {
        form.reset({ text: '' });
        notify({ type: 'success', title: 'Note added', description: 'Only the team sees it.' });
      },
      onError: (e) => {
        const problem =
          e instanceof ApiError ? e.problem?.errors?.find((p) => p.path === '/text') : undefined;
        if (problem) form.setError('text', { message: problem.message }, { shouldFocus: true });
        else
          notify({
            type: 'error',
            title: 'Could not add the note',
            description: (e instanceof ApiError && e.detail) || 'Please try again later.',
          });
      },
    }),
  );

  return (
    <form noValidate method="post" aria-label="Add a note" onSubmit={submit}>
      <Stack gap="3">
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>Note</Field.Label>
          <Textarea rows={3} {...form.register('text')} />
          {!error && <Field.HelperText>Private to the team; never sent to the prospect.</Field.HelperText>}
          <Field.ErrorText color="red.700">{error?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" alignSelf="flex-start" loading={write.isPending}>
          Add note
        </Button>
      </Stack>
    </form>
  );
}
