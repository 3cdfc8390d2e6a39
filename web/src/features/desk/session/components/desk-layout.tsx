import { Box, Button, Container, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { can, roleLabels, type Role } from '../../../../lib/roles.ts';
import { adminKey } from '../../shared/api/session.ts';
import { useLogout } from '../api/sign-in.ts';

/**
 * The signed-in desk's frame: who is signed in and with which role, Dashboard, Suspected spam,
 * Webhooks, Team, Demo agenda, Demo schedule, Audit log and Personal data (for the roles that may use them), Refresh, Security, Logout, Back
 * to Website. The route puts the page (and the second factor's banner) inside.
 */
export function DeskLayout({
  username,
  role,
  children,
}: {
  username: string;
  role: Role;
  children: ReactNode;
}) {
  const qc = useQueryClient();
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: (providerSignOutUrl) => {
        // The session began at the identity provider: its own sign-out is next, and it comes
        // back to the login form (docs/operations.md#single-sign-on).
        if (providerSignOutUrl) return window.location.assign(providerSignOutUrl);
        notify({
          type: 'success',
          title: 'Logged out',
          description: 'You have been logged out successfully.',
        });
        void navigate({ to: '/admin/login' });
      },
      // Signed out on this side whatever the server said: the login form is next.
      onError: () => void navigate({ to: '/admin/login' }),
    });
  return (
    <Box bg="gray.50" minH="100vh">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="7xl">
          <Flex minH="16" py="3" align="center" justify="space-between" gap="4" flexWrap="wrap">
            <Heading as="h1" size="lg">
              Admin Dashboard
            </Heading>
            <HStack gap="3" flexWrap="wrap">
              <Text>
                Logged in as: {username} ({roleLabels[role]})
              </Text>
              <Button asChild size="sm" variant="ghost">
                <Link to="/admin" activeOptions={{ exact: true }}>
                  Dashboard
                </Link>
              </Button>
              {can(role, 'listSuspectedSpam') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/spam">Suspected spam</Link>
                </Button>
              )}
              {can(role, 'listWebhookEndpoints') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/webhooks">Webhooks</Link>
                </Button>
              )}
              {can(role, 'listTeamInvitations') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/team">Team</Link>
                </Button>
              )}
              {can(role, 'getDemoAgenda') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/agenda">Demo agenda</Link>
                </Button>
              )}
              {can(role, 'saveDemoSchedule') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/schedule">Demo schedule</Link>
                </Button>
              )}
              {can(role, 'listAuditEntries') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/audit">Audit log</Link>
                </Button>
              )}
              {can(role, 'findPersonalData') && (
                <Button asChild size="sm" variant="ghost">
                  <Link to="/admin/personal-data">Personal data</Link>
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                onClick={() => qc.invalidateQueries({ queryKey: adminKey })}
              >
                Refresh
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to="/admin/security">Security</Link>
              </Button>
              <Button size="sm" colorPalette="red" variant="outline" onClick={signOut}>
                Logout
              </Button>
              <Button asChild size="sm" variant="ghost">
                <Link to="/">Back to Website</Link>
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="7xl" py="8">
        {children}
      </Container>
    </Box>
  );
}
