import { Button, Checkbox, Link as ChakraLink, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { TeamMember } from '../api/assignment.ts';
import { exportUrl, leadPageQuery, PAGE_SIZE } from '../api/leads.ts';
import type { Lead } from '../../shared/api/lead.ts';
import { useCan } from '../../shared/api/session.ts';
import { CursorPaging } from '../../shared/cursor-paging.tsx';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import {
  SEARCH_MAX_LENGTH,
  type AssigneeFilter as Filter,
  type LeadKind,
  type ListSearch,
} from '../../shared/desk-routes.ts';
import { leadViews, type LeadView } from './lead-views.tsx';
import { useSearchText } from '../../shared/use-search-text.ts';
import { AssigneeFilter, assigneeName, BulkAssign } from './assignment.tsx';

export interface LeadListProps<K extends LeadKind> {
  kind: K;
  /** The list's place, from the URL. */
  search: ListSearch;
  /** The cursors of the pages before this one ('' for the first), when this history entry knows them. */
  earlier: string[] | undefined;
  /** A new search text (already trimmed): the list starts again at its first page. */
  onSearch: (q: string) => void;
  /** Another page of the same search, with the cursors of the pages before it. */
  onPage: (cursor: string | undefined, earlier: string[] | undefined) => void;
  /** Another assignee filter (none: everyone's leads): the list starts again at its first page. */
  onAssignee: (assignee: Filter | undefined) => void;
  /** The team, for the assignee column, the filter and "Assign to ...". */
  people: readonly TeamMember[];
}

/**
 * One list: debounced search, the assignee filter, keyset paging, CSV export of the search and
 * filter, a link to each lead, and for those who may assign, a selection to assign at once.
 */
export function LeadList<K extends LeadKind>({
  kind,
  search,
  onSearch,
  onPage,
  onAssignee,
  people,
  ...props
}: LeadListProps<K>) {
  const mayExport = useCan('exportContacts');
  const maySelect = useCan('assignLeads');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  // The first page has nothing before it, however it was reached.
  const earlier = search.cursor ? props.earlier : [];
  const view = leadViews[kind] as LeadView<K>;
  const page = useQuery(leadPageQuery(kind, search));
  const navigating = useRouterState({ select: (s) => s.isLoading });
  const [text, setText] = useSearchText(search.q ?? '', onSearch);
  const items = page.data?.items ?? [];
  const [first, ...rest] = view.fields;
  // Only the shown page's rows count as selected (another page, search or filter is another list).
  const selected = items.filter((l) => selectedIds.has(l.id));
  const allSelected = items.length > 0 && selected.length === items.length;
  const toggle = (id: number, on: boolean) =>
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns: Column<Lead<K>>[] = [
    {
      // The selection's boxes sit in the first column, beside the name they select.
      header: (
        <HStack gap="2">
          {maySelect && (
            <RowCheckbox
              label="Select every lead on this page"
              checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
              onChange={(on) => setSelectedIds(new Set(on ? items.map((l) => l.id) : []))}
            />
          )}
          <span>{first!.header}</span>
        </HStack>
      ),
      cell: (lead) => (
        <HStack gap="2" align="flex-start">
          {maySelect && (
            <RowCheckbox
              label={`Select ${view.name(lead)}`}
              checked={selectedIds.has(lead.id)}
              onChange={(on) => toggle(lead.id, on)}
            />
          )}
          <ChakraLink asChild variant="underline">
            <Link to="/admin/$kind/$id" params={{ kind, id: lead.id }}>
              {first!.cell(lead)}
            </Link>
          </ChakraLink>
        </HStack>
      ),
    },
    ...rest,
    { header: 'Assignee', cell: (lead) => assigneeName(people, lead.assigneeId) },
  ];

  return (
    <Stack gap="4" mt="4">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Field.Root maxW="sm">
          <Field.Label>Search {view.title}</Field.Label>
          <Input
            type="search"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            placeholder={view.placeholder}
          />
        </Field.Root>
        <AssigneeFilter value={search.assignee} people={people} onChange={onAssignee} />
        {mayExport && (
          <Button asChild variant="outline" size="sm">
            <a href={exportUrl(kind, search)} download>
              Export CSV
            </a>
          </Button>
        )}
      </HStack>
      {maySelect && selected.length > 0 && (
        <BulkAssign
          kind={kind}
          selected={selected}
          people={people}
          onDone={() => setSelectedIds(new Set())}
        />
      )}
      <DataTable
        label={`${view.title} list`}
        columns={columns}
        rows={page.data?.items}
        rowKey={(lead) => lead.id}
        selected={(lead) => selectedIds.has(lead.id)}
        verticalAlign="top"
        empty={search.q || search.assignee !== undefined ? 'No leads match your search.' : 'No leads yet.'}
        aria-busy={page.isFetching || navigating}
        // The search these rows answer (the box may already hold the next one).
        data-search={search.q ?? ''}
      />
      <CursorPaging
        cursor={search.cursor}
        nextCursor={page.data?.nextCursor}
        earlier={earlier}
        navigating={navigating}
        onPage={onPage}
      >
        <Text aria-live="polite" data-testid={`range-${kind}`}>
          {page.data && items.length > 0 ? range(earlier, items.length, page.data) : ''}
        </Text>
      </CursorPaging>
    </Stack>
  );
}

/** A selection box named for what it selects (by its label, not by text in the cell). */
function RowCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox.Root size="sm" mt="0.5" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** "Showing 26-50 of 120"; without the earlier pages (a link opened afresh), only how many. */
function range(earlier: string[] | undefined, shown: number, page: { total: number; totalCapped: boolean }) {
  const of = `of ${page.total}${page.totalCapped ? '+' : ''}`;
  if (!earlier) return `Showing ${shown} ${of}`;
  const first = earlier.length * PAGE_SIZE + 1;
  return `Showing ${first}-${first + shown - 1} ${of}`;
}
