import {
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notify } from '../../../components/notices.tsx';
import { overviewQuery } from '../api/leads.ts';
import { adminKey, useLogout } from '../api/session.ts';
import { LeadList } from './lead-list.tsx';
import { OverviewPanel } from './overview-panel.tsx';

export function Dashboard({ username }: { username: string }) {
  const qc = useQueryClient();
  const overview = useQuery(overviewQuery);
  const logout = useLogout();
  const counts = overview.data?.counts;
  const n = (v: number | undefined) => (v === undefined ? '…' : String(v));
  const cards = [
    { title: 'Contact Forms', value: counts?.contacts, subtitle: 'total submissions' },
    { title: 'Demo Requests', value: counts?.demos, subtitle: 'scheduled demos' },
    { title: 'Get Started', value: counts?.getStarted, subtitle: 'sign-up requests' },
    { title: 'Newsletter', value: counts?.newsletters, subtitle: 'subscribers' },
  ];
  return (
    <Box bg="gray.50" minH="100vh">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="7xl">
          <Flex h="16" align="center" justify="space-between" gap="4" flexWrap="wrap">
            <Heading as="h1" size="lg">
              Admin Dashboard
            </Heading>
            <HStack gap="3" flexWrap="wrap">
              <Text>Logged in as: {username}</Text>
              <Button
                size="sm"
                variant="outline"
                onClick={() => qc.invalidateQueries({ queryKey: adminKey })}
              >
                Refresh
              </Button>
              <Button
                size="sm"
                colorPalette="red"
                variant="outline"
                onClick={() =>
                  logout.mutate(undefined, {
                    onSuccess: () =>
                      notify({
                        type: 'success',
                        title: 'Logged out',
                        description: 'You have been logged out successfully.',
                      }),
                  })
                }
              >
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
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="8">
          {cards.map((c) => (
            <Card.Root key={c.title}>
              <Card.Body>
                <Text fontWeight="semibold">{c.title}</Text>
                <Text fontSize="3xl" fontWeight="bold" data-testid={`count-${c.title}`}>
                  {n(c.value)}
                </Text>
                <Text fontSize="sm" color="gray.700">
                  {c.subtitle}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Tabs.Root defaultValue="overview" lazyMount unmountOnExit>
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="contacts">Contacts ({n(counts?.contacts)})</Tabs.Trigger>
            <Tabs.Trigger value="demos">Demos ({n(counts?.demos)})</Tabs.Trigger>
            <Tabs.Trigger value="get-started">Get Started ({n(counts?.getStarted)})</Tabs.Trigger>
            <Tabs.Trigger value="newsletters">Newsletter ({n(counts?.newsletters)})</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview">
            {overview.data && <OverviewPanel overview={overview.data} />}
          </Tabs.Content>
          <Tabs.Content value="contacts">
            <LeadList kind="contacts" title="Contacts" />
          </Tabs.Content>
          <Tabs.Content value="demos">
            <LeadList kind="demos" title="Demos" />
          </Tabs.Content>
          <Tabs.Content value="get-started">
            <LeadList kind="get-started" title="Get Started" />
          </Tabs.Content>
          <Tabs.Content value="newsletters">
            <LeadList kind="newsletters" title="Newsletter" />
          </Tabs.Content>
        </Tabs.Root>
      </Container>
    </Box>
  );
}
