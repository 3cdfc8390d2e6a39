import { Box, Button, Card, Heading, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PasswordStep } from './password-step.tsx';

/**
 * The sign-in card. Its steps run in order inside it; today there is one, the password. A second
 * factor becomes a second step here, shown once the password step has been answered.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
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
            <PasswordStep onSignedIn={onSignedIn} />
            <Button asChild variant="ghost">
              <Link to="/">Back to Website</Link>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
