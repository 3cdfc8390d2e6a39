import type { FormName } from '../../../components/form-view.ts';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { leadForms } from '../forms.ts';
import { useLeadForm } from '../use-lead-form.ts';
import { LeadFormView } from './lead-form-view.tsx';

/** A lead form with its logic: on a public page, an island (islands/island-lead-form.tsx). */
export default function LeadForm({ kind }: { kind: FormName }) {
  const config = leadForms[kind];
  const { form, formRef, send, done, submit } = useLeadForm(config);
  if (done && config.done) return <SuccessPanel title={config.done.title}>{config.done.text}</SuccessPanel>;
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
