import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../../lib/api-client.ts';
import { appCodeSchema, type CodeValues } from '../../shared/api/code-schemas.ts';

/** What the server said about a refused code or password, in its own words. */
export function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    const field = error.problem?.errors?.[0]?.message;
    return field ?? error.detail ?? error.message;
  }
  return 'The server could not be reached. Please try again.';
}

/** One field for the 6-digit code from the authenticator app, with the server's refusal under it. */
export function AppCodeForm({
  name,
  submitLabel,
  pending,
  error,
  onCode,
  onCancel,
}: {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCode: (code: string) => void;
  onCancel?: () => void;
}) {
  const form = useForm<CodeValues, unknown, CodeValues>({
    resolver: zodResolver(appCodeSchema),
    defaultValues: { code: '' },
  });
  const invalid = form.formState.errors.code;
  const submit = form.handleSubmit(({ code }) => onCode(code));
  return (
    <form noValidate aria-label={name} onSubmit={submit}>
      <Stack gap="3" maxW="sm">
        <Field.Root invalid={Boolean(invalid)} required>
          <Field.Label>Authentication code</Field.Label>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...form.register('code')} />
          <Field.HelperText>The 6-digit code your authenticator app shows now.</Field.HelperText>
          <Field.ErrorText>{invalid?.message}</Field.ErrorText>
        </Field.Root>
        {error != null && !pending && (
          <Text color="red.700" role="alert">
            {refusalOf(error)}
          </Text>
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="blue" disabled={pending}>
            {pending ? 'Checking...' : submitLabel}
          </Button>
          {onCancel && (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
