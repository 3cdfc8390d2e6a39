import { Box, Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import {
  deliveriesPageQuery,
  deliveryEvents,
  deliveryStatuses,
  eventLabel,
  type DeliveryOwner,
  type WebhookDelivery,
} from '../api/webhook-deliveries.ts';
import type { DeliverySearch } from '../webhook-routes.ts';
import { CursorPaging } from '../../shared/cursor-paging.tsx';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import { deliveryColumns, DeliveryDetail } from './delivery-detail.tsx';

export type DeliveryFilters = Pick<DeliverySearch, 'event' | 'status' | 'since'>;

export interface DeliveryLogProps {
  owner: DeliveryOwner;
  /** The log's filters, page and open delivery, from the URL. */
  search: DeliverySearch;
  /** The cursors of the pages before this one ('' for the first), when this history entry knows them. */
  earlier: string[] | undefined;
  onFilter: (filters: DeliveryFilters) => void;
  onPage: (cursor: string | undefined, earlier: string[] | undefined) => void;
  onOpen: (delivery: number | undefined) => void;
}

function Filter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (v: string | undefined) => void;
}) {
  return (
    <Field.Root maxW="xs">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">All</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A delivery log: filtered by event, status and date, paged by cursor, each delivery opening in place. */
export function DeliveryLog({ owner, search, onFilter, onPage, onOpen, ...props }: DeliveryLogProps) {
  const earlier = search.cursor ? props.earlier : [];
  const page = useQuery(deliveriesPageQuery(owner, search));
  const navigating = useRouterState({ select: (s) => s.isLoading });
  const rows = page.data?.deliveries ?? [];
  const filters: DeliveryFilters = { event: search.event, status: search.status, since: search.since };
  const filter = (change: DeliveryFilters) => {
    const next = { ...filters, ...change };
    onFilter(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as DeliveryFilters);
  };
  // An open delivery that is not on this page (a link from a lead's page) shows above the rows.
  const openElsewhere =
    page.isSuccess && search.delivery !== undefined && !rows.some((d) => d.id === search.delivery);
  const filtered = Boolean(search.event || search.status || search.since);
  const columns: Column<WebhookDelivery>[] = [
    { header: 'Event', cell: (d) => eventLabel(d.event) },
    ...deliveryColumns,
    {
      header: 'Details',
      cell: (d) => {
        const open = search.delivery === d.id;
        return (
          <Button
            size="xs"
            variant="outline"
            aria-expanded={open}
            aria-controls={open ? `delivery-${d.id}-detail` : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} delivery ${d.id}`}
            onClick={() => onOpen(open ? undefined : d.id)}
          >
            {open ? 'Hide' : 'Show'}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap" align="flex-end">
        <Filter
          label="Event"
          value={search.event}
          options={deliveryEvents}
          onChange={(event) => filter({ event })}
        />
        <Filter
          label="Status"
          value={search.status}
          options={deliveryStatuses}
          onChange={(status) => filter({ status })}
        />
        <Field.Root maxW="xs">
          <Field.Label>Made on or after</Field.Label>
          <Input
            size="sm"
            type="date"
            value={search.since ?? ''}
            onChange={(e) => filter({ since: e.target.value || undefined })}
          />
        </Field.Root>
      </HStack>
      {openElsewhere && (
        <Box borderWidth="1px" rounded="md" bg="gray.50">
          <DeliveryDetail id={search.delivery!} />
          <Button size="sm" variant="ghost" m="2" onClick={() => onOpen(undefined)}>
            Close delivery
          </Button>
        </Box>
      )}
      <DataTable
        label="Deliveries"
        columns={columns}
        rows={page.data?.deliveries}
        rowKey={(d) => d.id}
        expanded={(d) =>
          search.delivery === d.id
            ? { id: `delivery-${d.id}-detail`, content: <DeliveryDetail id={d.id} /> }
            : undefined
        }
        empty={
          filtered
            ? 'No deliveries match these filters.'
            : 'No deliveries yet. Send a test event to make one.'
        }
        error={page.isError ? `The deliveries could not be loaded: ${page.error.message}` : undefined}
        aria-busy={page.isFetching || navigating}
      />
      <CursorPaging
        cursor={search.cursor}
        nextCursor={page.data?.nextCursor}
        earlier={earlier}
        navigating={navigating}
        onPage={onPage}
      />
    </Stack>
  );
}
