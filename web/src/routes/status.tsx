import { Badge, Box, Container, Heading, HStack, SimpleGrid, Stack, Text, Card } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import {
  allOperational,
  averageResponseTime,
  averageUptime,
  incidents,
  services,
} from '../content/status.ts';
import { seo } from '../lib/seo.ts';
import { PageHero } from './-components/page-hero.tsx';
import { SiteLayout } from './-components/site-layout.tsx';

const palette = (s: string) =>
  s === 'operational' || s === 'resolved'
    ? 'green'
    : s === 'maintenance'
      ? 'blue'
      : s === 'degraded' || s === 'monitoring' || s === 'minor'
        ? 'yellow'
        : 'red';

function Status() {
  const ok = allOperational(services);
  return (
    <SiteLayout>
      <PageHero title="System Status" />
      <Container maxW="5xl" py="12">
        <Stack gap="8">
          <Box
            role="status"
            bg={ok ? 'green.600' : 'orange.600'}
            color="white"
            p="6"
            rounded="lg"
            textAlign="center"
          >
            <Heading as="h2" size="2xl">
              {ok ? 'All Systems Operational' : 'Some Systems Degraded'}
            </Heading>
          </Box>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            {[
              ['Average uptime', `${averageUptime(services)}%`],
              ['Average response time', `${averageResponseTime(services)}ms`],
              ['Services monitored', String(services.length)],
            ].map(([label, value]) => (
              <Card.Root key={label}>
                <Card.Body>
                  <Text color="gray.700">{label}</Text>
                  <Text fontSize="3xl" fontWeight="bold" data-testid={label}>
                    {value}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
          <Stack gap="3">
            <Heading as="h2" size="xl">
              Services
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2">
              {services.map((s) => (
                <HStack
                  as="li"
                  key={s.name}
                  justify="space-between"
                  borderWidth="1px"
                  rounded="md"
                  p="4"
                  flexWrap="wrap"
                >
                  <Text fontWeight="semibold">{s.name}</Text>
                  <HStack gap="4">
                    <Text fontSize="sm" color="gray.700">
                      {s.uptime.toFixed(2)}% uptime
                    </Text>
                    <Text fontSize="sm" color="gray.700">
                      {s.responseTime}ms
                    </Text>
                    <Badge colorPalette={palette(s.status)}>{s.status}</Badge>
                  </HStack>
                </HStack>
              ))}
            </Stack>
          </Stack>
          <Stack gap="3">
            <Heading as="h2" size="xl">
              Recent Incidents
            </Heading>
            {incidents.map((i) => (
              <Card.Root key={i.id} as="article">
                <Card.Body gap="3">
                  <HStack justify="space-between" flexWrap="wrap">
                    <Heading as="h3" size="md">
                      {i.title}
                    </Heading>
                    <HStack>
                      <Badge colorPalette={palette(i.impact)}>{i.impact}</Badge>
                      <Badge colorPalette={palette(i.status)}>{i.status}</Badge>
                    </HStack>
                  </HStack>
                  <Text fontSize="sm" color="gray.700">
                    {i.date} · {i.duration}
                  </Text>
                  <Text>{i.description}</Text>
                  <Stack as="ol" listStyleType="none" gap="1" borderLeftWidth="2px" pl="4">
                    {i.updates.map((u) => (
                      <Text as="li" key={u.time} fontSize="sm">
                        <strong>{u.time}</strong> [{u.status}] {u.message}
                      </Text>
                    ))}
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </Stack>
      </Container>
    </SiteLayout>
  );
}

export const Route = createFileRoute('/status')({
  head: () =>
    seo(
      'System Status | TextFlow',
      'Live status of the SMS, Voice, Data Lookup and Webhook services, with uptime and recent incidents.',
      '/status',
    ),
  component: Status,
});
