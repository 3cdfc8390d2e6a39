import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import { newsletterSchema, subscribe, type NewsletterValues } from '../api/subscribe.ts';
import { NewsletterFormView } from './newsletter-form-view.tsx';

export default function NewsletterForm() {
  const form = useForm<NewsletterValues>({
    resolver: zodResolver(newsletterSchema),
    defaultValues: { email: '', website: '' },
  });
  const send = useLeadSubmission({
    form,
    draftKey: 'draft:newsletter',
    submit: subscribe,
    success: {
      title: 'Subscribed successfully!',
      description: "You'll receive our latest news and updates.",
    },
    errorTitle: 'Error subscribing',
    onSuccess: () => form.reset({ email: '', website: '' }),
  });
  return (
    <NewsletterFormView
      reg={form.register}
      errors={form.formState.errors}
      pending={send.isPending}
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
    />
  );
}
