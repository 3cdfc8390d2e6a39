import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { loginSchema, useLogin, type LoginValues } from '../api/sign-in.ts';
import { enterDesk } from './enter-desk.ts';

/** What the sign-in's answer means for the person, word for word as docs/product.md#admin-desk says. */
function failureOf(error: unknown): { inline: string; notice: string } {
  if (error instanceof ApiError && error.status === 429)
    return {
      inline: error.detail ?? 'Too many failed login attempts. Please try again later.',
      notice: error.detail ?? 'Too many failed login attempts.',
    };
  if (error instanceof ApiError && error.status === 401)
    return { inline: 'Invalid username or password', notice: 'Invalid credentials. Please try again.' };
  // The password is right but passwords are not this account's way in (LOCAL_LOGIN): the server
  // says which way is (docs/operations.md#single-sign-on).
  if (error instanceof ApiError && error.status === 403 && error.detail)
    return { inline: error.detail, notice: error.detail };
  return { inline: 'The server could not be reached. Please try again.', notice: 'Please try again later.' };
}

/**
 * The first sign-in step: username and password. It owns its request and its messages; a second
 * step (code-step.tsx) follows it in the same card when the account has a second factor.
 */
export function PasswordStep({
  onSignedIn,
  onSecondFactor,
}: {
  /** Signed in: opens the desk; resolves once its page has loaded. */
  onSignedIn: () => Promise<unknown>;
  /** The password is right and the account has a second factor: its code comes next. */
  onSecondFactor: () => void;
}) {
  const [show, setShow] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useLogin();
  // Signed in, and the desk's page still loading: the button stays busy until it is there.
  const [entering, setEntering] = useState(false);
  const busy = login.isPending || entering;
  const e = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: (session) => {
        if (!session) return onSecondFactor();
        setEntering(true);
        // Back to ready once the navigation is over, should it have left this page in place.
        void enterDesk(onSignedIn).finally(() => setEntering(false));
      },
      onError: (error) => {
        const { inline, notice } = failureOf(error);
        setFailure(inline);
        notify({ type: 'error', title: 'Login failed', description: notice });
      },
    });
  });

  return (
    <form noValidate aria-label="Admin login" onSubmit={submit}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(e.username)} required>
          <Field.Label>Username</Field.Label>
          <Input autoComplete="username" {...form.register('username')} />
          <Field.ErrorText>{e.username?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(e.password)} required>
          <Field.Label>Password</Field.Label>
          <HStack width="full">
            <Input
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              {...form.register('password')}
            />
            <IconButton
              variant="outline"
              aria-label={show ? 'Hide password' : 'Show password'}
              aria-pressed={show}
              onClick={() => setShow((s) => !s)}
            >
              <span aria-hidden="true">{show ? '🙈' : '👁'}</span>
            </IconButton>
          </HStack>
          <Field.ErrorText>{e.password?.message}</Field.ErrorText>
        </Field.Root>
        {failure && (
          <Text color="red.700" role="alert">
            {failure}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
