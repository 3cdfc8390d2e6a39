import { Button, Card, Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { preferredDateOptions, preferredTimeOptions } from '../../../content/options.ts';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import { demoSchema, emptyDemo, scheduleDemo, type DemoValues } from '../api/schedule-demo.ts';

export function DemoForm() {
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
  const { register } = form;
  const e = form.formState.errors;
  return (
    <Card.Root maxW="3xl" mx="auto">
      <Card.Header>
        <Heading as="h2" size="xl">
          Book Your Demo
        </Heading>
      </Card.Header>
      <Card.Body>
        <form noValidate aria-label="Book your demo" onSubmit={form.handleSubmit((v) => send.mutate(v))}>
          <Stack gap="4" position="relative">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                label="Full Name *"
                required
                registration={register('name')}
                error={e.name}
                autoComplete="name"
              />
              <TextField
                label="Email Address *"
                required
                type="email"
                registration={register('email')}
                error={e.email}
                autoComplete="email"
              />
              <TextField
                label="Phone Number"
                type="tel"
                registration={register('phone')}
                error={e.phone}
                autoComplete="tel"
              />
              <TextField
                label="Company Name"
                registration={register('company')}
                error={e.company}
                autoComplete="organization"
              />
              <SelectField
                label="Preferred Date"
                placeholder="Select a date"
                options={preferredDateOptions}
                registration={register('preferredDate')}
                error={e.preferredDate}
              />
              <SelectField
                label="Preferred Time"
                placeholder="Select a time"
                options={preferredTimeOptions}
                registration={register('preferredTime')}
                error={e.preferredTime}
              />
            </SimpleGrid>
            <TextareaField
              label="What would you like to see in the demo?"
              registration={register('message')}
              error={e.message}
            />
            <Honeypot registration={register('website')} />
            <Button type="submit" colorPalette="blue" size="lg" disabled={send.isPending}>
              {send.isPending ? (
                <>
                  <Spinner size="sm" aria-hidden="true" /> Scheduling...
                </>
              ) : (
                'Schedule Demo'
              )}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
