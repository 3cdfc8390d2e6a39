import { lazy, Suspense } from 'react';
import type { FormName } from '../../../components/form-view.ts';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { leadForms } from '../forms.ts';
import { useLeadForm } from '../use-lead-form.ts';
import { LeadFormView } from './lead-form-view.tsx';

// The demo form's time picker: its code is asked for only once the form has succeeded, so no page
// loads it before then (tests/e2e/site-budget.spec.ts). Should it not arrive, the closing screen
// stays as it is.
const DemoTimePicker = lazy(() => import('./demo-time-picker.tsx').catch(() => ({ default: () => null })));

/** A lead form with its logic: on a public page, an island (islands/island-lead-form.tsx). */
export default function LeadForm({ kind }: { kind: FormName }) {
  const config = leadForms[kind];
  const { form, formRef, send, done, submit } = useLeadForm(config);
  if (done && config.done)
    return (
      <>
        <SuccessPanel title={config.done.title}>{config.done.text}</SuccessPanel>
        {config.pickTime && (
          <Suspense fallback={null}>
            <DemoTimePicker />
          </Suspense>
        )}
      </>
    );
  return (
    <LeadFormView
      config={config}
      reg={form.register}
      errors={form.formState.errors}
      pending={send.isPending}
      onSubmit={submit}
      formRef={formRef}
    />
  );
}
