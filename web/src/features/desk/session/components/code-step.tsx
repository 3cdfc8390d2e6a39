import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { appCodeSchema, recoveryCodeSchema, type CodeValues } from '../../shared/api/code-schemas.ts';
import { useVerifySecondFactor } from '../api/sign-in.ts';
import { enterDesk } from './enter-desk.ts';

/** The server's own words for a refused code (wrong, used, expired sign-in, too many tries). */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return 'The server could not be reached. Please try again.';
}

const modes = {
  app: {
    label: 'Authentication code',
    hint: 'Enter the 6-digit code your authenticator app shows for this account.',
    switchTo: 'Use a recovery code',
    schema: appCodeSchema,
  },
  recovery: {
    label: 'Recovery code',
    hint: 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.',
    switchTo: 'Use a code from the authenticator app',
    schema: recoveryCodeSchema,
  },
} as const;

/** What the first step was: the code step says it was passed, and offers to start it again. */
const firstSteps = {
  password: { passed: 'Your password is right.', restart: 'Start over with the password' },
  'single-sign-on': { passed: 'Your identity provider has signed you in.', restart: 'Start over' },
} as const;

/**
 * The sign-in's second step (docs/operations.md#second-factor): the password was right, or the
 * identity provider let the person in without a second factor the desk trusts
 * (docs/operations.md#single-sign-on), and the account asks for a code from its authenticator app
 * or one of its recovery codes.
 */
export function CodeStep({
  after,
  onSignedIn,
  onRestart,
}: {
  after: keyof typeof firstSteps;
  /** Signed in: opens the desk; resolves once its page has loaded. */
  onSignedIn: () => Promise<unknown>;
  onRestart: () => void;
}) {
  const [mode, setMode] = useState<keyof typeof modes>('app');
  const [failure, setFailure] = useState<string | null>(null);
  const m = modes[mode];
  const form = useForm<CodeValues, unknown, CodeValues>({
    resolver: zodResolver(m.schema),
    defaultValues: { code: '' },
  });
  const verify = useVerifySecondFactor();
  // Verified, and the desk's page still loading: the button stays busy until it is there.
  const [entering, setEntering] = useState(false);
  const busy = verify.isPending || entering;
  const error = form.formState.errors.code;
  const { setFocus, reset } = form;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    verify.mutate(values, {
      onSuccess: () => {
        setEntering(true);
        // Back to ready once the navigation is over, should it have left this page in place.
        void enterDesk(onSignedIn).finally(() => setEntering(false));
      },
      onError: (e) => {
        const message = failureOf(e);
        setFailure(message);
        notify({ type: 'error', title: 'Login failed', description: message });
        setFocus('code');
      },
    });
  });

  return (
    <form noValidate aria-label="Two-step sign-in" onSubmit={submit}>
      <Stack gap="4">
        <Text>
          {firstSteps[after].passed} One more step: {m.hint}
        </Text>
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>{m.label}</Field.Label>
          {mode === 'app' ? (
            // The step replaces the form that had the focus; each kind of code is a new field.
            <Input
              key="app"
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...form.register('code')}
            />
          ) : (
            <Input
              key="recovery"
              autoFocus
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('code')}
            />
          )}
          <Field.ErrorText>{error?.message}</Field.ErrorText>
        </Field.Root>
        {failure && (
          <Text color="red.700" role="alert">
            {failure}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setFailure(null);
            // Another kind of code: the field starts empty. Cleared here, with the switch, not in an
            // effect after it: that ran once the new field was on screen and could wipe what had
            // already been typed into it.
            reset({ code: '' });
            setMode(mode === 'app' ? 'recovery' : 'app');
          }}
        >
          {m.switchTo}
        </Button>
        <Button variant="ghost" onClick={onRestart}>
          {firstSteps[after].restart}
        </Button>
      </Stack>
    </form>
  );
}
