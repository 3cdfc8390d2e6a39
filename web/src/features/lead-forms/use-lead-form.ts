import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/notices.tsx';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { emptyValues, formWords, type LeadValues } from '../../lib/lead-schema.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import { visitAttribution } from '../../lib/visit-attribution.ts';
import { leadSchema, submitLead } from './api/submit-lead.ts';
import type { LeadFormConfig } from './forms.ts';
import { useSpamSolution } from './spam-solution.ts';

function errorDescription(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'Please try again later.';
}

/** The form's attribution fields (those it has) filled from the visit. */
const withVisit = (values: LeadValues): LeadValues => {
  const visit = visitAttribution();
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, visit[name] ?? value]));
};

/**
 * One form and submission flow for every lead form (docs/product.md#forms): checked on submit,
 * then on every change (react-hook-form's defaults); the same Idempotency-Key for retries of the
 * same values; values kept after a failure. No default values: each field starts as the form
 * element holds it, so what was typed before the code took the form over stays
 * (docs/product.md#forms-without-javascript).
 */
export function useLeadForm(config: LeadFormConfig) {
  const [done, setDone] = useState(false);
  const form = useForm<LeadValues>({ resolver: zodResolver(leadSchema(config.kind)) });
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The newsletter's sign-up is double opt-in and carries no check (docs/product.md#spam).
  // The visit's attribution into the form's hidden fields once the code has the form: hydration
  // puts back the values the fields were rendered with (docs/product.md#attribution).
  useEffect(() => {
    const fields = form.getValues();
    for (const [name, value] of Object.entries(visitAttribution()))
      if (name in fields) form.setValue(name, value);
  }, [form]);
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
        // Emptied for the next message, which comes from the same visit (docs/product.md#attribution).
        else form.reset(withVisit(emptyValues(config.input)));
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
