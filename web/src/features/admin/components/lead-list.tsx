import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import {
  labelOf,
  monthlyVolumeOptions,
  preferredDateOptions,
  preferredTimeOptions,
  serviceOptions,
} from '../../../content/options.ts';
import {
  exportUrl,
  leadPageQuery,
  PAGE_SIZE,
  useSetSubscriberActive,
  useUpdateDemoStatus,
  useUpdateGetStartedStatus,
  type ItemOf,
  type LeadKind,
} from '../api/leads.ts';
import { formatDate } from './format.ts';

const demoStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
const getStartedStatuses = ['pending', 'contacted', 'active', 'declined'] as const;
const statusPalette: Record<string, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  contacted: 'blue',
  completed: 'green',
  active: 'green',
  cancelled: 'gray',
  declined: 'gray',
};

function StatusCell<S extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: S;
  options: readonly S[];
  onChange: (s: S) => void;
}) {
  return (
    <Stack gap="1">
      <Badge colorPalette={statusPalette[value]} alignSelf="flex-start">
        {value}
      </Badge>
      <NativeSelect.Root size="xs" width="32">
        <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value as S)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Stack>
  );
}

type Column<T> = { header: string; cell: (item: T) => ReactNode };

function useColumns<K extends LeadKind>(kind: K): Column<ItemOf<K>>[] {
  const demo = useUpdateDemoStatus();
  const getStarted = useUpdateGetStartedStatus();
  const subscriber = useSetSubscriberActive();
  const text = (v: string) => v || '—';
  const common = [
    { header: 'Name', cell: (i: { name: string }) => i.name },
    { header: 'Email', cell: (i: { email: string }) => i.email },
    { header: 'Date', cell: (i: { createdAt: string }) => formatDate(i.createdAt) },
  ];
  const columns: Record<LeadKind, Column<never>[]> = {
    contacts: [
      ...common,
      {
        header: 'Service',
        cell: (i: ItemOf<'contacts'>) =>
          i.service ? <Badge>{labelOf(serviceOptions, i.service)}</Badge> : '—',
      },
      { header: 'Phone', cell: (i: ItemOf<'contacts'>) => text(i.phone) },
      { header: 'Company', cell: (i: ItemOf<'contacts'>) => text(i.company) },
      { header: 'Message', cell: (i: ItemOf<'contacts'>) => <Text whiteSpace="pre-wrap">{i.message}</Text> },
    ],
    demos: [
      ...common,
      {
        header: 'Status',
        cell: (i: ItemOf<'demos'>) => (
          <StatusCell
            label={`Status of ${i.name}`}
            value={i.status}
            options={demoStatuses}
            onChange={(status) => demo.mutate({ id: i.id, status })}
          />
        ),
      },
      { header: 'Phone', cell: (i: ItemOf<'demos'>) => text(i.phone) },
      { header: 'Company', cell: (i: ItemOf<'demos'>) => text(i.company) },
      {
        header: 'Preferred Date',
        cell: (i: ItemOf<'demos'>) =>
          i.preferredDate ? labelOf(preferredDateOptions, i.preferredDate) : '—',
      },
      {
        header: 'Preferred Time',
        cell: (i: ItemOf<'demos'>) =>
          i.preferredTime ? labelOf(preferredTimeOptions, i.preferredTime) : '—',
      },
      {
        header: 'Message',
        cell: (i: ItemOf<'demos'>) => <Text whiteSpace="pre-wrap">{text(i.message)}</Text>,
      },
    ],
    'get-started': [
      ...common,
      {
        header: 'Status',
        cell: (i: ItemOf<'get-started'>) => (
          <StatusCell
            label={`Status of ${i.name}`}
            value={i.status}
            options={getStartedStatuses}
            onChange={(status) => getStarted.mutate({ id: i.id, status })}
          />
        ),
      },
      { header: 'Phone', cell: (i: ItemOf<'get-started'>) => text(i.phone) },
      { header: 'Company', cell: (i: ItemOf<'get-started'>) => text(i.company) },
      {
        header: 'Service',
        cell: (i: ItemOf<'get-started'>) =>
          i.service ? <Badge>{labelOf(serviceOptions, i.service)}</Badge> : '—',
      },
      {
        header: 'Monthly Volume',
        cell: (i: ItemOf<'get-started'>) =>
          i.monthlyVolume ? labelOf(monthlyVolumeOptions, i.monthlyVolume) : '—',
      },
      {
        header: 'Message',
        cell: (i: ItemOf<'get-started'>) => <Text whiteSpace="pre-wrap">{text(i.message)}</Text>,
      },
    ],
    newsletters: [
      { header: 'Email', cell: (i: ItemOf<'newsletters'>) => i.email },
      { header: 'Subscribed', cell: (i: ItemOf<'newsletters'>) => formatDate(i.createdAt) },
      {
        header: 'Status',
        cell: (i: ItemOf<'newsletters'>) => (
          <HStack>
            <Badge colorPalette={i.isActive ? 'green' : 'gray'}>{i.isActive ? 'Active' : 'Inactive'}</Badge>
            <Button
              size="xs"
              variant="outline"
              onClick={() => subscriber.mutate({ id: i.id, isActive: !i.isActive })}
              aria-label={`${i.isActive ? 'Deactivate' : 'Reactivate'} ${i.email}`}
            >
              {i.isActive ? 'Deactivate' : 'Reactivate'}
            </Button>
          </HStack>
        ),
      },
    ],
  };
  return columns[kind] as Column<ItemOf<K>>[];
}

/** One list: debounced search, keyset paging (a stack of cursors), CSV export of the search. */
export function LeadList<K extends LeadKind>({ kind, title }: { kind: K; title: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(search.trim());
      setCursors([]);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);
  const cursor = cursors[cursors.length - 1];
  const page = useQuery(leadPageQuery(kind, q, cursor));
  const columns = useColumns(kind);
  const first = cursors.length * PAGE_SIZE + 1;
  const items = page.data?.items ?? [];
  return (
    <Stack gap="4" mt="4">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Field.Root maxW="sm">
          <Field.Label>Search {title}</Field.Label>
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={kind === 'newsletters' ? 'Email' : 'Name, email or company'}
          />
        </Field.Root>
        <Button asChild variant="outline" size="sm">
          <a href={exportUrl(kind, q)} download>
            Export CSV
          </a>
        </Button>
      </HStack>
      <Box overflowX="auto" bg="white" rounded="md" borderWidth="1px">
        <Table.Root size="sm" aria-label={`${title} list`} aria-busy={page.isFetching}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => (
              <Table.Row key={item.id}>
                {columns.map((c) => (
                  <Table.Cell key={c.header} verticalAlign="top">
                    {c.cell(item)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {page.isSuccess && items.length === 0 && (
          <Text p="4" color="gray.700">
            {q ? 'No leads match your search.' : 'No leads yet.'}
          </Text>
        )}
      </Box>
      {/* Paging sits on the left, clear of the notices in the bottom-right corner. */}
      <HStack gap="4" flexWrap="wrap">
        <HStack>
          <Button
            size="sm"
            variant="outline"
            disabled={cursors.length === 0 || page.isPlaceholderData}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Previous
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!page.data?.nextCursor || page.isPlaceholderData}
            onClick={() => page.data?.nextCursor && setCursors((c) => [...c, page.data!.nextCursor!])}
          >
            Next
          </Button>
        </HStack>
        <Text aria-live="polite" data-testid={`range-${kind}`}>
          {/* While the next page loads, the rows are still the last page's: no range to claim yet. */}
          {page.data && !page.isPlaceholderData && items.length > 0
            ? `Showing ${first}-${first + items.length - 1} of ${page.data.total}${page.data.totalCapped ? '+' : ''}`
            : ''}
        </Text>
      </HStack>
    </Stack>
  );
}
