import { Button, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormEventHandler } from 'react';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/lazy-form.tsx';
import { monthlyVolumeOptions, serviceOptions } from '../../../content/options.ts';
import { Card, Spinner } from '../../../components/lazy-ui.ts';

type Name = 'name' | 'email' | 'phone' | 'company' | 'service' | 'monthlyVolume' | 'message' | 'website';

export function GetStartedFormView({
  reg,
  errors: e,
  pending,
  onSubmit,
}: FormViewProps<Name> & { onSubmit?: FormEventHandler<HTMLFormElement> }) {
  return (
    <Card.Root maxW="3xl" mx="auto">
      <Card.Header>
        <Heading as="h2" size="xl">
          Start Your Journey
        </Heading>
      </Card.Header>
      <Card.Body>
        <form noValidate aria-label="Get started" onSubmit={onSubmit}>
          <Stack gap="4" position="relative">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                label="Full Name *"
                required
                registration={reg('name')}
                error={e.name}
                autoComplete="name"
              />
              <TextField
                label="Email Address *"
                required
                type="email"
                registration={reg('email')}
                error={e.email}
                autoComplete="email"
              />
              <TextField
                label="Phone Number"
                type="tel"
                registration={reg('phone')}
                error={e.phone}
                autoComplete="tel"
              />
              <TextField
                label="Company Name"
                registration={reg('company')}
                error={e.company}
                autoComplete="organization"
              />
              <SelectField
                label="Primary Service Interest"
                placeholder="Select a service"
                options={serviceOptions}
                registration={reg('service')}
                error={e.service}
              />
              <SelectField
                label="Monthly Message Volume"
                placeholder="Select volume"
                options={monthlyVolumeOptions}
                registration={reg('monthlyVolume')}
                error={e.monthlyVolume}
              />
            </SimpleGrid>
            <TextareaField
              label="Additional Information"
              registration={reg('message')}
              error={e.message}
              placeholder="Tell us about your goals"
            />
            <Honeypot registration={reg('website')} />
            <Button type="submit" colorPalette="blue" size="lg" disabled={pending}>
              {pending ? (
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
