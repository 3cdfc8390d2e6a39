import { Button, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormEventHandler } from 'react';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/lazy-form.tsx';
import { preferredDateOptions, preferredTimeOptions } from '../../../content/options.ts';
import { Card, Spinner } from '../../../components/lazy-ui.ts';

type Name =
  'name' | 'email' | 'phone' | 'company' | 'preferredDate' | 'preferredTime' | 'message' | 'website';

export function DemoFormView({
  reg,
  errors: e,
  pending,
  onSubmit,
}: FormViewProps<Name> & { onSubmit?: FormEventHandler<HTMLFormElement> }) {
  return (
    <Card.Root maxW="3xl" mx="auto">
      <Card.Header>
        <Heading as="h2" size="xl">
          Book Your Demo
        </Heading>
      </Card.Header>
      <Card.Body>
        <form noValidate aria-label="Book your demo" onSubmit={onSubmit}>
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
                label="Preferred Date"
                placeholder="Select a date"
                options={preferredDateOptions}
                registration={reg('preferredDate')}
                error={e.preferredDate}
              />
              <SelectField
                label="Preferred Time"
                placeholder="Select a time"
                options={preferredTimeOptions}
                registration={reg('preferredTime')}
                error={e.preferredTime}
              />
            </SimpleGrid>
            <TextareaField
              label="What would you like to see in the demo?"
              registration={reg('message')}
              error={e.message}
            />
            <Honeypot registration={reg('website')} />
            <Button type="submit" colorPalette="blue" size="lg" disabled={pending}>
              {pending ? (
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
