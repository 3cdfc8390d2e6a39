import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../shared/format.ts';
import { SourcesCard } from './sources-card.tsx';

type Overview = components['schemas']['Overview'];

/** Each type of recent lead: its badge, and the list its page belongs to. */
const leadType = {
  contact: { badge: ['Contact', 'blue'], kind: 'contacts' },
  demo: { badge: ['Demo', 'purple'], kind: 'demos' },
  'get-started': { badge: ['Get Started', 'green'], kind: 'get-started' },
} as const;
const series = [
  { key: 'contacts', label: 'Contacts', colour: '#2563eb' },
  { key: 'demos', label: 'Demos', colour: '#7c3aed' },
  { key: 'getStarted', label: 'Get Started', colour: '#15803d' },
] as const;

/** Leads per day over 30 days, stacked by type; the table below is its text alternative. */
function DailyChart({ daily }: { daily: Overview['daily'] }) {
  const max = Math.max(1, ...daily.map((d) => d.contacts + d.demos + d.getStarted));
  const w = 600;
  const h = 160;
  const bar = w / daily.length;
  return (
    <Box>
      <svg viewBox={`0 0 ${w} ${h + 20}`} width="100%" role="img" aria-labelledby="daily-title">
        <title id="daily-title">Leads per day over the last 30 days, by type</title>
        {daily.map((d, i) => {
          let y = h;
          return (
            <g key={d.date}>
              {series.map((s) => {
                const value = d[s.key];
                const height = (value / max) * h;
                y -= height;
                return value > 0 ? (
                  <rect key={s.key} x={i * bar + 2} y={y} width={bar - 4} height={height} fill={s.colour} />
                ) : null;
              })}
            </g>
          );
        })}
        <line x1="0" y1={h} x2={w} y2={h} stroke="#9ca3af" />
      </svg>
      <HStack gap="4" fontSize="sm">
        {series.map((s) => (
          <HStack key={s.key} gap="1">
            <Box w="3" h="3" bg={s.colour} rounded="sm" aria-hidden="true" /> {s.label}
          </HStack>
        ))}
      </HStack>
      <details>
        <summary>Leads per day as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.contacts}</td>
                <td>{d.demos}</td>
                <td>{d.getStarted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Box>
  );
}

export function OverviewPanel({ overview }: { overview: Overview }) {
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Recent Activity
          </Heading>
        </Card.Header>
        <Card.Body>
          {overview.recent.length === 0 ? (
            <Text>No leads yet.</Text>
          ) : (
            <Stack as="ol" listStyleType="none" gap="3" data-testid="recent-activity">
              {overview.recent.map((r) => (
                <HStack
                  as="li"
                  key={`${r.type}-${r.id}`}
                  justify="space-between"
                  borderBottomWidth="1px"
                  pb="2"
                  flexWrap="wrap"
                >
                  <Box>
                    <ChakraLink asChild variant="underline" fontWeight="semibold">
                      <Link to="/admin/$kind/$id" params={{ kind: leadType[r.type].kind, id: r.id }}>
                        {r.name}
                      </Link>
                    </ChakraLink>
                    <Text fontSize="sm" color="gray.700">
                      {r.email}
                    </Text>
                  </Box>
                  <HStack>
                    <Badge colorPalette={leadType[r.type].badge[1]}>{leadType[r.type].badge[0]}</Badge>
                    <Text fontSize="sm">{formatDate(r.createdAt)}</Text>
                  </HStack>
                </HStack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            Leads per day (last 30 days)
          </Heading>
        </Card.Header>
        <Card.Body>
          <DailyChart daily={overview.daily} />
        </Card.Body>
      </Card.Root>
      <SourcesCard sources={overview.sources} />
    </Stack>
  );
}
