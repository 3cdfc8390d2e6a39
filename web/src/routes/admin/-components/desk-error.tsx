import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';

/** What a desk page shows when it cannot be shown: the reason, a retry and a way back. */
export function DeskError({ error }: ErrorComponentProps) {
  const router = useRouter();
  // The session ended: use-session-expiry.ts is already on its way to the login form.
  if (error instanceof ApiError && error.status === 401) return null;
  return (
    <Stack role="alert" gap="3" py="6">
      <Heading as="h2" size="lg">
        This page could not be shown
      </Heading>
      <Text>{error instanceof Error ? error.message : String(error)}</Text>
      <HStack gap="3">
        <Button size="sm" variant="outline" onClick={() => void router.invalidate()}>
          Try again
        </Button>
        <Button asChild size="sm" variant="ghost">
          <Link to="/admin">Back to the dashboard</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
