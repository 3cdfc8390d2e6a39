import { Button, Code, Heading, HStack, Stack } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { useQuery } from '@tanstack/react-query';
import {
  auditExportUrl,
  auditPageQuery,
  type AuditFilters as Filters,
  type AuditSearch,
} from '../api/audit-entries.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import { AuditFilters } from './audit-filters.tsx';

type Entry = components['schemas']['AuditEntry'];
type Member = components['schemas']['TeamMember'];

const actionLabels = schemas.AuditAction['x-enum-labels'] as Record<string, string>;
const targetLabels = schemas.AuditTargetType['x-enum-labels'] as Record<string, string>;
const actorLabels = schemas.AuditActorKind['x-enum-labels'] as Record<string, string>;

const who = (e: Entry) => e.actor.username ?? actorLabels[e.actor.kind] ?? e.actor.kind;
const target = (e: Entry) =>
  e.target ? `${targetLabels[e.target.type] ?? e.target.type}${e.target.id ? ` ${e.target.id}` : ''}` : '';
/** "status: pending → confirmed", or only the field's name when its values are not recorded. */
const changes = (e: Entry) =>
  Object.entries(e.changes)
    .map(([field, c]) =>
      'to' in c ? `${field}: ${'from' in c ? `${String(c.from)} → ` : ''}${String(c.to)}` : field,
    )
    .join(', ');

const columns: Column<Entry>[] = [
  { header: 'When', cell: (e) => new Date(e.at).toLocaleString(), cellProps: { whiteSpace: 'nowrap' } },
  { header: 'Who', cell: who },
  { header: 'Action', cell: (e) => actionLabels[e.action] ?? e.action },
  { header: 'Target', cell: target },
  { header: 'Changes', cell: changes },
  { header: 'From', cell: (e) => <Code size="sm">{e.ip ?? ''}</Code> },
];

/** /admin/audit: who did what, newest first, filtered by the URL (docs/operations.md#audit-log). */
export function AuditPage(props: {
  search: AuditSearch;
  members: Member[];
  onSearch: (search: AuditSearch) => void;
}) {
  const { search, members, onSearch } = props;
  const { cursor, ...filters } = search;
  const page = useQuery(auditPageQuery(search));
  const apply = (f: Filters) => onSearch(f);
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h2" size="xl">
          Audit log
        </Heading>
        <Button asChild variant="outline" size="sm">
          <a href={auditExportUrl(filters)} download>
            Export CSV
          </a>
        </Button>
      </HStack>
      {/* A new key when the URL's filters change, so the form shows them (Back, a shared link). */}
      <AuditFilters key={JSON.stringify(filters)} filters={filters} members={members} onApply={apply} />
      <DataTable
        label="Audit entries"
        columns={columns}
        rows={page.data?.entries}
        rowKey={(e) => e.id}
        empty="No entries match these filters."
        aria-busy={page.isFetching}
      />
      <HStack justify="flex-end">
        {cursor && (
          <Button size="sm" variant="outline" onClick={() => onSearch(filters)}>
            Newest
          </Button>
        )}
        {page.data?.nextCursor && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onSearch({ ...filters, cursor: page.data.nextCursor! })}
          >
            Older
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
