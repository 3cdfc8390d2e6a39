import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../shared/api/session.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import { formatDate } from '../../shared/format.ts';
import { suspectedSpamQuery, useReleaseSpam, type SuspectedSpam } from '../api/suspected-spam.ts';

const labels = (name: 'SpamCheck' | 'LeadKind') => schemas[name]['x-enum-labels'] as Record<string, string>;

/**
 * "Suspected spam": leads held because their proof-of-work check did not pass (docs/product.md#spam),
 * newest first, with why; "Not spam" releases one into the normal flow (members and above).
 */
export function SpamPage() {
  const { data } = useQuery(suspectedSpamQuery);
  const mayRelease = useCan('releaseSuspectedSpam');
  const release = useReleaseSpam();
  if (!data) return null;
  const columns: Column<SuspectedSpam>[] = [
    { header: 'Date', cell: (s) => formatDate(s.createdAt) },
    { header: 'Kind', cell: (s) => labels('LeadKind')[s.kind] ?? s.kind },
    { header: 'Name', cell: (s) => s.name },
    { header: 'Email', cell: (s) => s.email },
    { header: 'Company', cell: (s) => s.company || '—' },
    { header: 'Message', cell: (s) => s.message || '—', cellProps: { maxW: 'xs', whiteSpace: 'pre-wrap' } },
    {
      header: 'Reason',
      cell: (s) => <Badge colorPalette="orange">{labels('SpamCheck')[s.reason] ?? s.reason}</Badge>,
    },
    {
      header: '',
      cell: (s) =>
        mayRelease && (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Not spam: ${s.name}`}
            loading={release.isPending && release.variables?.id === s.id}
            onClick={() => release.mutate({ kind: s.kind, id: s.id })}
          >
            Not spam
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Suspected spam
      </Heading>
      <Text color="fg.muted">
        {data.total === 0
          ? 'Nothing is held.'
          : `${data.total} held. They are deleted 30 days after they came in.`}
      </Text>
      {data.items.length > 0 && (
        <DataTable
          label="Suspected spam"
          columns={columns}
          rows={data.items}
          rowKey={(s) => `${s.kind}-${s.id}`}
        />
      )}
    </Stack>
  );
}
