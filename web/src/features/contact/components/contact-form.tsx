import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import { contactSchema, emptyContact, sendContact, type ContactValues } from '../api/send-contact.ts';
import { ContactFormView } from './contact-form-view.tsx';

/** The footer's contact form: validates on submit, then on every change. */
export default function ContactForm() {
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: emptyContact,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const send = useLeadSubmission({
    form,
    draftKey: 'draft:contact',
    submit: sendContact,
    success: { title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." },
    errorTitle: 'Error sending message',
    onSuccess: () => form.reset(emptyContact),
  });
  return (
    <ContactFormView
      reg={form.register}
      errors={form.formState.errors}
      pending={send.isPending}
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
    />
  );
}
