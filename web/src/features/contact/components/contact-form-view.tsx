import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormEventHandler } from 'react';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/lazy-form.tsx';
import { serviceOptions } from '../../../content/options.ts';
import { Spinner } from '../../../components/lazy-ui.ts';

type Name = 'name' | 'email' | 'phone' | 'company' | 'service' | 'message' | 'website';

/** The contact form's markup; contact-form.tsx gives it its logic. */
export function ContactFormView({
  reg,
  errors: e,
  pending,
  onSubmit,
}: FormViewProps<Name> & { onSubmit?: FormEventHandler<HTMLFormElement> }) {
  return (
    <form noValidate aria-label="Contact form" onSubmit={onSubmit}>
      <Stack gap="4" position="relative">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label="Name *" required registration={reg('name')} error={e.name} autoComplete="name" />
          <TextField
            label="Email *"
            required
            type="email"
            registration={reg('email')}
            error={e.email}
            autoComplete="email"
          />
          <TextField
            label="Phone"
            type="tel"
            placeholder="+1 (555) 123-4567"
            registration={reg('phone')}
            error={e.phone}
            autoComplete="tel"
          />
          <TextField
            label="Company"
            registration={reg('company')}
            error={e.company}
            autoComplete="organization"
          />
        </SimpleGrid>
        <SelectField
          label="Service Interest"
          placeholder="Select a service"
          options={serviceOptions}
          registration={reg('service')}
          error={e.service}
        />
        <TextareaField
          label="Message *"
          required
          registration={reg('message')}
          error={e.message}
          placeholder="Tell us about your messaging needs"
        />
        <Honeypot registration={reg('website')} />
        <Button type="submit" colorPalette="blue" disabled={pending} alignSelf="flex-start">
          {pending ? (
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
