import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../components/notices.tsx';
import { ApiError, newIdempotencyKey } from './api-client.ts';
import { getQueryClient } from './query-client.ts';

interface Options<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Where the unsent text is kept across reloads (sessionStorage). */
  draftKey: string;
  submit: (values: V, idempotencyKey: string) => Promise<unknown>;
  success: { title: string; description?: string };
  errorTitle: string;
  /** After success: reset the form (contact, newsletter) or show a screen (get-started, demo). */
  onSuccess?: () => void;
}

export function errorDescription(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'Please try again later.';
}

/**
 * One submission flow for every lead form: the same Idempotency-Key for retries of the same
 * values (a double click or a retry never stores two leads), values kept after a failure, and
 * the unsent text kept in sessionStorage until it is sent.
 */
export function useLeadSubmission<V extends FieldValues>({
  form,
  draftKey,
  submit,
  success,
  errorTitle,
  onSuccess,
}: Options<V>) {
  const attempt = useRef<{ key: string; values: string } | null>(null);

  // Restore a draft after mount (the prerendered HTML has empty fields), then keep it up to date.
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(draftKey);
      if (saved)
        form.reset(
          { ...form.getValues(), ...(JSON.parse(saved) as Partial<V>) },
          { keepDefaultValues: true },
        );
    } catch {
      // a draft that cannot be read is simply not restored
    }
    const sub = form.watch((values) => {
      try {
        sessionStorage.setItem(draftKey, JSON.stringify(values));
      } catch {
        // storage full or disabled: the form still works
      }
    });
    return () => sub.unsubscribe();
  }, [form, draftKey]);

  const mutation = useMutation(
    {
      mutationFn: (values: V) => {
        const serialised = JSON.stringify(values);
        if (!attempt.current || attempt.current.values !== serialised) {
          attempt.current = { key: newIdempotencyKey(), values: serialised };
        }
        return submit(values, attempt.current.key);
      },
      onSuccess: () => {
        attempt.current = null;
        try {
          sessionStorage.removeItem(draftKey);
        } catch {
          // nothing to clear
        }
        notify({ type: 'success', title: success.title, description: success.description });
        onSuccess?.();
      },
      onError: (error) => {
        notify({ type: 'error', title: errorTitle, description: errorDescription(error) });
      },
    },
    getQueryClient(),
  );

  return mutation;
}
