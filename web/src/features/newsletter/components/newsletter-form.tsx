import { Button, Field, HStack, Input, Spinner } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Honeypot } from '../../../components/form-fields.tsx';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import { newsletterSchema, subscribe, type NewsletterValues } from '../api/subscribe.ts';

export function NewsletterForm() {
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
  const error = form.formState.errors.email;
  return (
    <form noValidate aria-label="Newsletter" onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Email for our newsletter</Field.Label>
        <HStack width="full" position="relative">
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            bg="white"
            color="gray.900"
            {...form.register('email')}
          />
          <Button type="submit" colorPalette="blue" disabled={send.isPending}>
            {send.isPending ? <Spinner size="sm" aria-label="Subscribing" /> : 'Subscribe'}
          </Button>
          <Honeypot registration={form.register('website')} />
        </HStack>
        <Field.ErrorText>{error?.message}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}
