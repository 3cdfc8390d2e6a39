import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/notices.tsx';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { emptyValues, formWords, type LeadValues } from '../../lib/lead-schema.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { leadSchema, submitLead } from './api/submit-lead.ts';
import type { LeadFormConfig } from './forms.ts';
import { useSpamSolution } from './spam-solution.ts';

function errorDescription(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'Please try again later.';
}

/**
 * One form and submission flow for every lead form (docs/product.md#forms): checked on submit,
 * then on every change (react-hook-form's defaults); the same Idempotency-Key for retries of the
 * same values; values kept after a failure. No default values: each field starts as the form
 * element holds it, so what was typed before the code took the form over stays, and so does the
 * visit's attribution the page's script put in its hidden fields (docs/product.md#forms-without-javascript).
 */
export function useLeadForm(config: LeadFormConfig) {
  const [done, setDone] = useState(false);
  const form = useForm<LeadValues>({ resolver: zodResolver(leadSchema(config.kind)) });
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The browser checked the form by the contract's HTML rules until now; from here the code checks
  // it, with the contract's messages.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  // The newsletter's sign-up is double opt-in and carries no check (docs/product.md#spam).
  const spam = useSpamSolution(config.kind === 'newsletter' ? { current: null } : formRef);

  const send = useMutation(
    {
      mutationFn: async (values: LeadValues) => {
        const serialised = JSON.stringify(values);
        if (!attempt.current || attempt.current.values !== serialised) {
          attempt.current = { key: newIdempotencyKey(), values: serialised };
        }
        const key = attempt.current.key;
        if (config.kind === 'newsletter') return submitLead(config.kind, values, key);
        return submitLead(config.kind, { ...values, altcha: (await spam.take()) ?? '' }, key);
      },
      onSuccess: () => {
        attempt.current = null;
        notify({ type: 'success', ...config.success });
        if (config.done) setDone(true);
        // Emptied for the next message, which comes from the same visit: the fields the form does
        // not show (its attribution, docs/product.md#attribution) keep their values.
        else {
          const empty = emptyValues(config.input);
          const shown = new Set(config.fields.map((f) => f.name));
          const values = form.getValues();
          form.reset(
            Object.fromEntries(
              Object.keys(empty).map((n) => [n, shown.has(n) ? empty[n]! : (values[n] ?? '')]),
            ),
          );
        }
      },
      onError: (error) => {
        notify({
          type: 'error',
          title: formWords(config.input).failed,
          description: errorDescription(error),
        });
      },
    },
    getQueryClient(),
  );

  return { form, formRef, send, done, submit: form.handleSubmit((values) => send.mutate(values)) };
}
