import { Button, HStack } from '@chakra-ui/react';
import type { FormEventHandler } from 'react';
import { Honeypot } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/lazy-form.tsx';
import { Field, Input, Spinner } from '../../../components/lazy-ui.ts';

/** The footer's newsletter form markup; newsletter-form.tsx gives it its logic. */
export function NewsletterFormView({
  reg,
  errors,
  pending,
  onSubmit,
}: FormViewProps<'email' | 'website'> & { onSubmit?: FormEventHandler<HTMLFormElement> }) {
  const error = errors.email;
  return (
    <form noValidate aria-label="Newsletter" onSubmit={onSubmit}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Email for our newsletter</Field.Label>
        <HStack width="full" position="relative">
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            bg="white"
            color="gray.900"
            {...reg('email')}
          />
          <Button type="submit" colorPalette="blue" disabled={pending}>
            {pending ? <Spinner size="sm" aria-label="Subscribing" /> : 'Subscribe'}
          </Button>
          <Honeypot registration={reg('website')} />
        </HStack>
        <Field.ErrorText>{error?.message}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}
