import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';

/** What a desk page shows when it cannot be shown: the reason, a retry and a way back. */
export function DeskError({ error }: ErrorComponentProps) {
  const router = useRouter();
  // The session ended: use-session-expiry.ts is already on its way to the login form.
  if (error instanceof ApiError && error.status === 401) return null;
  // A read refused with 403 means the server now requires a second factor this admin has not set
  // up (ADMIN_MFA=required, docs/operations.md#second-factor): the way on is to set it up.
  const mustEnrol = error instanceof ApiError && error.status === 403;
  const reason = error instanceof ApiError ? (error.detail ?? error.message) : undefined;
  return (
    <Stack role="alert" gap="3" py="6">
      <Heading as="h2" size="lg">
        This page could not be shown
      </Heading>
      <Text>{reason ?? (error instanceof Error ? error.message : String(error))}</Text>
      <HStack gap="3">
        {mustEnrol && (
          <Button asChild size="sm" colorPalette="blue">
            <Link to="/admin/security">Set up two-step sign-in</Link>
          </Button>
        )}
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
