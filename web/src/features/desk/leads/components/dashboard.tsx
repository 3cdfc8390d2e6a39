import { Card, SimpleGrid, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { overviewQuery } from '../api/leads.ts';
import { isLeadKind, leadKinds, type LeadKind } from '../../shared/desk-routes.ts';
import { leadViews } from './lead-views.tsx';

export type DeskTab = 'overview' | LeadKind;

const cards = [
  { title: 'Contact Forms', count: 'contacts', subtitle: 'total submissions' },
  { title: 'Demo Requests', count: 'demos', subtitle: 'scheduled demos' },
  { title: 'Get Started', count: 'getStarted', subtitle: 'sign-up requests' },
  { title: 'Newsletter', count: 'newsletters', subtitle: 'subscribers' },
] as const;

/**
 * The count cards and the tabs of docs/product.md#admin-desk. Each tab is a link to its URL
 * (/admin, /admin/<kind>), so the open tab survives a reload and has an address to share.
 */
export function Dashboard({ tab, children }: { tab: DeskTab; children: ReactNode }) {
  const overview = useQuery(overviewQuery);
  const navigate = useNavigate();
  const counts = overview.data?.counts;
  const n = (v: number | undefined) => (v === undefined ? '…' : String(v));
  // Arrow keys select a tab without a click: that selection navigates too (the same URL as a click,
  // which the router does not push twice). The tabs' own way to follow a link tab is off (navigate
  // below): it "clicks" the link with an event React never sees, so the browser loaded the page anew.
  const select = (value: string) => {
    if (value === tab) return;
    if (value === 'overview') void navigate({ to: '/admin', resetScroll: false });
    else if (isLeadKind(value))
      void navigate({ to: '/admin/$kind', params: { kind: value }, resetScroll: false });
  };
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="8">
        {cards.map((c) => (
          <Card.Root key={c.title}>
            <Card.Body>
              <Text fontWeight="semibold">{c.title}</Text>
              <Text fontSize="3xl" fontWeight="bold" data-testid={`count-${c.title}`}>
                {n(counts?.[c.count])}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {c.subtitle}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Tabs.Root value={tab} onValueChange={(e) => select(e.value)} navigate={null}>
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="overview" asChild>
            <Link to="/admin" resetScroll={false}>
              Overview
            </Link>
          </Tabs.Trigger>
          {/* Another list opens at its start; the open one stays where it is (search, page). */}
          {leadKinds.map((kind) => (
            <Tabs.Trigger key={kind} value={kind} asChild>
              <Link
                to="/admin/$kind"
                params={{ kind }}
                search={kind === tab ? true : {}}
                state={kind === tab ? true : {}}
                resetScroll={false}
              >
                {leadViews[kind].title} ({n(counts?.[leadViews[kind].count])})
              </Link>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={tab}>{children}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}
