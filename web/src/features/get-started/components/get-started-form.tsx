import { Button, Card, Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { monthlyVolumeOptions, serviceOptions } from '../../../content/options.ts';
import { useLeadSubmission } from '../../../lib/use-lead-submission.ts';
import {
  emptyGetStarted,
  getStartedSchema,
  requestGetStarted,
  type GetStartedValues,
} from '../api/request-get-started.ts';

export function GetStartedForm() {
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
  const { register } = form;
  const e = form.formState.errors;
  return (
    <Card.Root maxW="3xl" mx="auto">
      <Card.Header>
        <Heading as="h2" size="xl">
          Start Your Journey
        </Heading>
      </Card.Header>
      <Card.Body>
        <form noValidate aria-label="Get started" onSubmit={form.handleSubmit((v) => send.mutate(v))}>
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
                label="Primary Service Interest"
                placeholder="Select a service"
                options={serviceOptions}
                registration={register('service')}
                error={e.service}
              />
              <SelectField
                label="Monthly Message Volume"
                placeholder="Select volume"
                options={monthlyVolumeOptions}
                registration={register('monthlyVolume')}
                error={e.monthlyVolume}
              />
            </SimpleGrid>
            <TextareaField
              label="Additional Information"
              registration={register('message')}
              error={e.message}
              placeholder="Tell us about your goals"
            />
            <Honeypot registration={register('website')} />
            <Button type="submit" colorPalette="blue" size="lg" disabled={send.isPending}>
              {send.isPending ? (
                <>
                  <Spinner size="sm" aria-hidden="true" /> Submitting...
                </>
              ) : (
                'Get Started'
              )}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
