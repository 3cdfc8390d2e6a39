import { Button, Field, Heading, Image, Input, List, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { useState, type FormEvent } from 'react';
import { useConfirmEnrolment, useStartEnrolment } from '../api/second-factor.ts';
import { AppCodeForm, refusalOf } from './app-code-form.tsx';

type Started = components['schemas']['SecondFactorEnrolment'];
const enrolment = schemas.EnrolmentInput.properties;

// What a set-up or a replacement asks for: the password, or for an account without one (made by
// single sign-on) a recent sign-in with the identity provider.
const intro = {
  setUp: {
    password:
      'Add Lead Desk to an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis, ...). Each sign-in then asks for its 6-digit code. Setting it up asks for your password again.',
    provider:
      'Add Lead Desk to an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis, ...). Setting it up needs a recent sign-in with your identity provider: if yours was a while ago, sign out and in again first.',
  },
  replace: {
    password:
      'A new phone? Replacing your authenticator app asks for your password and a code from the app you have now, or one of your recovery codes.',
    provider:
      'A new phone? Replacing your authenticator app asks for a code from the app you have now, or one of your recovery codes, soon after a sign-in with your identity provider.',
  },
};

/**
 * Setting up (or replacing) the authenticator app: a new secret as a QR code and as text, then the
 * app's first code confirms it (docs/operations.md#second-factor). The secret lives in this
 * component's state only: it must not reach the URL or the history.
 */
export function Enrolment({
  enrolled,
  hasPassword,
  onConfirmed,
  onActive,
}: {
  enrolled: boolean;
  /**
   * False for an account made by single sign-on: it has no password to ask, and the server wants
   * a recent sign-in at the identity provider instead (docs/operations.md#single-sign-on).
   */
  hasPassword: boolean;
  onConfirmed: (recoveryCodes: string[]) => void;
  /** A set-up is under way (its QR code is shown), or no longer. */
  onActive: (active: boolean) => void;
}) {
  const [started, setOpen] = useState<Started | null>(null);
  const setStarted = (value: Started | null) => {
    setOpen(value);
    onActive(value !== null);
  };
  const [missing, setMissing] = useState<{ password: boolean; code: boolean }>({
    password: false,
    code: false,
  });
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();

  // The password always, where the account has one (a stolen session alone must not bind an app);
  // to replace an app, also a code from it or a recovery code (docs/operations.md#second-factor).
  const begin = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    const code = String(data.get('code') ?? '').trim();
    const now = { password: hasPassword && !password, code: enrolled && !code };
    setMissing(now);
    if (now.password || now.code) return;
    confirm.reset();
    start.mutate(
      { ...(hasPassword ? { password } : {}), ...(enrolled ? { code } : {}) },
      { onSuccess: setStarted },
    );
  };

  if (!started)
    return (
      <form noValidate aria-label={enrolled ? 'Replace authenticator app' : 'Set up'} onSubmit={begin}>
        <Stack gap="3" maxW="sm">
          <Text>{intro[enrolled ? 'replace' : 'setUp'][hasPassword ? 'password' : 'provider']}</Text>
          {hasPassword && (
            <Field.Root required invalid={missing.password}>
              <Field.Label>Your password</Field.Label>
              <Input name="password" type="password" autoComplete="current-password" />
              <Field.ErrorText>{enrolment.password['x-messages'].required}</Field.ErrorText>
            </Field.Root>
          )}
          {enrolled && (
            <Field.Root required invalid={missing.code}>
              <Field.Label>Code from your app, or a recovery code</Field.Label>
              <Input name="code" autoComplete="one-time-code" spellCheck={false} />
              <Field.ErrorText>{enrolment.code['x-messages'].required}</Field.ErrorText>
            </Field.Root>
          )}
          {start.error && !start.isPending && (
            <Text color="red.700" role="alert">
              {refusalOf(start.error)}
            </Text>
          )}
          <Button type="submit" colorPalette="blue" alignSelf="start" disabled={start.isPending}>
            {enrolled ? 'Replace authenticator app' : 'Set up two-step sign-in'}
          </Button>
        </Stack>
      </form>
    );

  const until = new Date(started.expiresAt).toLocaleTimeString(undefined, { timeStyle: 'short' });
  return (
    <Stack gap="4">
      <Heading as="h3" size="md">
        Add Lead Desk to your authenticator app
      </Heading>
      <List.Root as="ol" ps="5" gap="1">
        <List.Item>Open your authenticator app and add an account.</List.Item>
        <List.Item>Scan the QR code, or type the secret key below.</List.Item>
        <List.Item>Enter the 6-digit code the app then shows (before {until}).</List.Item>
      </List.Root>
      <Image
        src={started.qrCode}
        alt="QR code holding your secret key, to scan with the authenticator app"
        width="200px"
        height="200px"
        bg="white"
        borderWidth="1px"
        borderRadius="md"
      />
      <Field.Root readOnly maxW="sm">
        <Field.Label>Secret key</Field.Label>
        <Input value={started.secret} readOnly fontFamily="mono" spellCheck={false} />
        <Field.HelperText>Time-based (TOTP), 6 digits, every 30 seconds.</Field.HelperText>
      </Field.Root>
      <AppCodeForm
        name="Confirm authenticator app"
        submitLabel="Confirm"
        pending={confirm.isPending}
        error={confirm.error}
        onCode={(code) =>
          confirm.mutate(
            { code },
            {
              onSuccess: (answer) => {
                setStarted(null);
                onConfirmed(answer.recoveryCodes);
              },
            },
          )
        }
        onCancel={() => {
          confirm.reset();
          setStarted(null);
        }}
      />
    </Stack>
  );
}
