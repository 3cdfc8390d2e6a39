import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { DemoFormView } from './demo-form-view.tsx';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import { demoSchema, emptyDemo, scheduleDemo, type DemoValues } from '../api/schedule-demo.ts';

export default function DemoForm() {
  const [done, setDone] = useState(false);
  const form = useForm<DemoValues>({ resolver: zodResolver(demoSchema), defaultValues: emptyDemo });
  const send = useLeadSubmission({
    form,
    draftKey: 'draft:demo',
    submit: scheduleDemo,
    success: {
      title: 'Demo scheduled successfully!',
      description: "We'll send you a calendar invitation shortly.",
    },
    errorTitle: 'Error scheduling demo',
    onSuccess: () => setDone(true),
  });
  if (done) {
    return (
      <SuccessPanel title="Demo Scheduled!">
        We'll send you a calendar invitation shortly. A confirmation with the details of your 30-minute demo
        is on its way to your inbox.
      </SuccessPanel>
    );
  }
  return (
    <DemoFormView
      reg={form.register}
      errors={form.formState.errors}
      pending={send.isPending}
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
    />
  );
}
