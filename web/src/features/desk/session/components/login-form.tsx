import { Alert, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { signInOptionsQuery } from '../api/sign-in-options.ts';
import { refusalMessages, singleSignOnStart, type SsoOutcome } from '../api/single-sign-on.ts';
import { CodeStep } from './code-step.tsx';
import { PasswordStep } from './password-step.tsx';

/**
 * The sign-in card. Its ways in are the identity provider's button and the password, as the
 * server offers them (docs/operations.md#single-sign-on); after either, for an account with a
 * second factor (docs/operations.md#second-factor), a code from the app or a recovery code.
 * `sso` is what the way back from the provider said: a refusal, or that the code is next.
 */
export function LoginForm({
  redirect,
  sso,
  onSignedIn,
  onStartOver,
}: {
  /** The desk address to open once signed in (also through the provider). */
  redirect: string | undefined;
  sso: SsoOutcome | undefined;
  /** Opens the desk; resolves once its page has loaded (the welcome notice shows then). */
  onSignedIn: () => Promise<unknown>;
  /** The code step was left: the page's `sso` no longer applies. */
  onStartOver: () => void;
}) {
  const [step, setStep] = useState<'password' | 'code'>(sso === 'second-factor' ? 'code' : 'password');
  // Until the options arrive the password form shows, as it does for most servers.
  const { data: options } = useQuery(signInOptionsQuery);
  const password = options?.password ?? 'all';
  const provider = options?.singleSignOn?.displayName;
  const refusal = sso && sso !== 'second-factor' ? refusalMessages[sso] : undefined;
  return (
    <Box as="main" bg="gray.50" minH="100vh" py="16" px="4">
      <Card.Root maxW="sm" mx="auto">
        <Card.Header>
          <Heading as="h1" size="xl">
            Admin Login
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {step === 'code' ? (
              <CodeStep
                after={sso === 'second-factor' ? 'single-sign-on' : 'password'}
                onSignedIn={onSignedIn}
                onRestart={() => {
                  setStep('password');
                  onStartOver();
                }}
              />
            ) : (
              <>
                {refusal && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Description>{refusal}</Alert.Description>
                  </Alert.Root>
                )}
                {provider && (
                  // A navigation, not a call: the browser goes to the provider and comes back.
                  <Button asChild colorPalette="blue" variant={password === 'off' ? 'solid' : 'outline'}>
                    <a href={singleSignOnStart(redirect)}>Sign in with {provider}</a>
                  </Button>
                )}
                {password !== 'off' && (
                  <PasswordStep onSignedIn={onSignedIn} onSecondFactor={() => setStep('code')} />
                )}
                {password === 'owner' && (
                  <Text color="fg.muted" fontSize="sm">
                    Password sign-in is for the owner of the desk only
                    {provider ? `; everyone else signs in with ${provider}.` : '.'}
                  </Text>
                )}
              </>
            )}
            <Button asChild variant="ghost">
              <Link to="/">Back to Website</Link>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
