import { Button, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import { serviceOptions } from '../../../content/options.ts';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import { contactSchema, emptyContact, sendContact, type ContactValues } from '../api/send-contact.ts';

/** The footer's contact form: validates on submit, then on every change. */
export function ContactForm() {
  const form = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: emptyContact,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  const send = useLeadSubmission({
    form,
    draftKey: 'draft:contact',
    submit: sendContact,
    success: { title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." },
    errorTitle: 'Error sending message',
    onSuccess: () => form.reset(emptyContact),
  });
  const e = formState.errors;
  return (
    <form noValidate aria-label="Contact form" onSubmit={form.handleSubmit((v) => send.mutate(v))}>
      <Stack gap="4" position="relative">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            label="Name *"
            required
            registration={register('name')}
            error={e.name}
            autoComplete="name"
          />
          <TextField
            label="Email *"
            required
            type="email"
            registration={register('email')}
            error={e.email}
            autoComplete="email"
          />
          <TextField
            label="Phone"
            type="tel"
            placeholder="+1 (555) 123-4567"
            registration={register('phone')}
            error={e.phone}
            autoComplete="tel"
          />
          <TextField
            label="Company"
            registration={register('company')}
            error={e.company}
            autoComplete="organization"
          />
        </SimpleGrid>
        <SelectField
          label="Service Interest"
          placeholder="Select a service"
          options={serviceOptions}
          registration={register('service')}
          error={e.service}
        />
        <TextareaField
          label="Message *"
          required
          registration={register('message')}
          error={e.message}
          placeholder="Tell us about your messaging needs"
        />
        <Honeypot registration={register('website')} />
        <Button type="submit" colorPalette="blue" disabled={send.isPending} alignSelf="flex-start">
          {send.isPending ? (
            <>
              <Spinner size="sm" aria-hidden="true" /> Sending...
            </>
          ) : (
            'Send Message'
          )}
        </Button>
      </Stack>
    </form>
  );
}
