import { Box, Button, Card, Heading, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CodeStep } from './code-step.tsx';
import { PasswordStep } from './password-step.tsx';

/**
 * The sign-in card. Its steps run in order inside it: the password, then, for an account with a
 * second factor (docs/operations.md#second-factor), a code from the app or a recovery code.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
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
            {step === 'password' ? (
              <PasswordStep onSignedIn={onSignedIn} onSecondFactor={() => setStep('code')} />
            ) : (
              <CodeStep onSignedIn={onSignedIn} onRestart={() => setStep('password')} />
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
