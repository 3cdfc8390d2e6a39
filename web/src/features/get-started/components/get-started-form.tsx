import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { GetStartedFormView } from './get-started-form-view.tsx';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import {
  emptyGetStarted,
  getStartedSchema,
  requestGetStarted,
  type GetStartedValues,
} from '../api/request-get-started.ts';

export default function GetStartedForm() {
  const [done, setDone] = useState(false);
  const form = useForm<GetStartedValues>({
    resolver: zodResolver(getStartedSchema),
    defaultValues: emptyGetStarted,
  });
  const send = useLeadSubmission({
    form,
    draftKey: 'draft:get-started',
    submit: requestGetStarted,
    success: {
      title: 'Request submitted successfully!',
      description: 'Our team will contact you within 24 hours to get you started',
    },
    errorTitle: 'Error submitting request',
    onSuccess: () => setDone(true),
  });
  if (done) {
    return (
      <SuccessPanel title="Thank You!">
        Your request has been received. Our team will contact you within 24 hours to get you started.
      </SuccessPanel>
    );
  }
  return (
    <GetStartedFormView
      reg={form.register}
      errors={form.formState.errors}
      pending={send.isPending}
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
    />
  );
}
