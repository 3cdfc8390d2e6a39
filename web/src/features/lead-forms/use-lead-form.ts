import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { draftKeyOf } from '../../components/lazy-form.tsx';
import { notify } from '../../components/notices.tsx';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { emptyValues, type LeadValues } from '../../lib/lead-schema.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { leadSchema, submitLead } from './api/submit-lead.ts';
import type { LeadFormConfig } from './forms.ts';

function errorDescription(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'Please try again later.';
}

/**
 * One form and submission flow for every lead form (docs/product.md#forms): checked on submit,
 * then on every change (react-hook-form's defaults); the same Idempotency-Key for retries of the
 * same values; values kept after a failure; the unsent text kept in sessionStorage until sent.
 */
export function useLeadForm(config: LeadFormConfig) {
  const draftKey = draftKeyOf(config.kind);
  const [done, setDone] = useState(false);
  const form = useForm<LeadValues>({
    resolver: zodResolver(leadSchema(config.kind)),
    defaultValues: emptyValues(config.input),
  });
  const attempt = useRef<{ key: string; values: string } | null>(null);

  // Restore a draft after mount (the prerendered HTML has empty fields), then keep it up to date.
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(draftKey);
      if (saved)
        form.reset(
          { ...form.getValues(), ...(JSON.parse(saved) as LeadValues) },
          { keepDefaultValues: true },
        );
    } catch {
      // a draft that cannot be read is simply not restored
    }
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        try {
          sessionStorage.setItem(draftKey, JSON.stringify(values));
        } catch {
          // storage full or disabled: the form still works
        }
      },
    });
  }, [form, draftKey]);

  const send = useMutation(
    {
      mutationFn: (values: LeadValues) => {
        const serialised = JSON.stringify(values);
        if (!attempt.current || attempt.current.values !== serialised) {
          attempt.current = { key: newIdempotencyKey(), values: serialised };
        }
        return submitLead(config.kind, values, attempt.current.key);
      },
      onSuccess: () => {
        attempt.current = null;
        notify({ type: 'success', ...config.success });
        if (config.done) setDone(true);
        else form.reset(emptyValues(config.input));
        // Last: the reset above is a change the draft would otherwise keep.
        try {
          sessionStorage.removeItem(draftKey);
        } catch {
          // nothing to clear
        }
      },
      onError: (error) => {
        notify({ type: 'error', title: config.errorTitle, description: errorDescription(error) });
      },
    },
    getQueryClient(),
  );

  return { form, send, done, submit: form.handleSubmit((values) => send.mutate(values)) };
}
