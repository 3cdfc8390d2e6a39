import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LeadKind } from '../../shared/desk-routes.ts';
import type { TeamMember } from '../api/assignment.ts';
import { leadQuery } from '../api/leads.ts';
import { AssigneeControl } from './assignment.tsx';
import { AttributionCard } from './attribution-card.tsx';
import { leadViews, type LeadView } from './lead-views.tsx';
import { NotVerifiedBadge } from './not-verified-badge.tsx';

/**
 * One lead whole: every field of its kind, its status control and its assignee (the team's people
 * come from the route). What other capabilities show of
 * it (the demo invitation, history and emails, notes, webhook deliveries) the lead page's route
 * passes in as children, below the fields.
 */
export function LeadDetails<K extends LeadKind>({
  kind,
  id,
  people,
  children,
}: {
  kind: K;
  id: number;
  people: readonly TeamMember[];
  children?: ReactNode;
}) {
  const view = leadViews[kind] as LeadView<K>;
  const { data: lead } = useQuery(leadQuery(kind, id));
  // The route's loader fetched the lead (or answered "not found") before this rendered.
  if (!lead) return null;
  return (
    <Stack gap="6">
      <ChakraLink asChild variant="underline" alignSelf="flex-start">
        <Link to="/admin/$kind" params={{ kind }}>
          Back to {view.title}
        </Link>
      </ChakraLink>
      <HStack gap="3" flexWrap="wrap">
        <Heading as="h2" size="xl">
          {view.name(lead)}
        </Heading>
        <Badge>{view.title}</Badge>
        {'verified' in lead && <NotVerifiedBadge verified={lead.verified} />}
      </HStack>
      <Card.Root>
        <Card.Body>
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="3">
            {view.fields.map((f) => (
              <Box key={f.header} display="contents">
                <Text as="dt" fontWeight="semibold">
                  {f.header}
                </Text>
                <Box as="dd" mb={{ base: '2', md: '0' }}>
                  {f.cell(lead)}
                </Box>
              </Box>
            ))}
            <Text as="dt" fontWeight="semibold">
              Assignee
            </Text>
            <Box as="dd">
              <AssigneeControl kind={kind} lead={lead} people={people} />
            </Box>
          </Box>
        </Card.Body>
      </Card.Root>
      {'attribution' in lead && <AttributionCard attribution={lead.attribution} spamCheck={lead.spamCheck} />}
      {children}
    </Stack>
  );
}
