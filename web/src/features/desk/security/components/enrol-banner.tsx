import { Alert, Button, CloseButton, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionQuery } from '../../shared/api/session.ts';

// Dismissed for this browser tab's session: the next sign-in in a new tab suggests it again.
const DISMISSED = 'lead-desk.enrol-banner-dismissed';
const wasDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
};

/**
 * Under ADMIN_MFA=optional the desk suggests a second factor to an admin without one
 * (docs/operations.md#second-factor); the admin may put the suggestion away. Not to an account
 * without a password: it signs in only through the identity provider, which is then in charge of
 * the second factor (docs/operations.md#single-sign-on).
 */
export function EnrolBanner() {
  const { data: session } = useQuery(sessionQuery);
  const pathname = useLocation({ select: (l) => l.pathname });
  const [dismissed, setDismissed] = useState(wasDismissed);
  const sf = session?.secondFactor;
  if (
    !sf ||
    sf.policy !== 'optional' ||
    sf.enrolled ||
    !session.hasPassword ||
    dismissed ||
    pathname === '/admin/security'
  )
    return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, '1');
    } catch {
      // Storage refused (private mode): dismissed until the page reloads.
    }
    setDismissed(true);
  };
  return (
    <Alert.Root status="info" role="region" aria-label="Two-step sign-in suggestion" mb="6">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Protect your account with two-step sign-in</Alert.Title>
        <Alert.Description>
          A code from an authenticator app at each sign-in keeps the desk safe even if your password leaks.
        </Alert.Description>
      </Alert.Content>
      <HStack gap="2" alignSelf="center">
        <Button asChild size="sm" colorPalette="blue">
          <Link to="/admin/security">Set up two-step sign-in</Link>
        </Button>
        <CloseButton size="sm" aria-label="Dismiss the two-step sign-in suggestion" onClick={dismiss} />
      </HStack>
    </Alert.Root>
  );
}
