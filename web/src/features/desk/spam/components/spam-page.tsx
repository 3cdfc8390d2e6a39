import { Badge, Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../shared/api/session.ts';
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
        <Card.Root>
          <Table.Root size="sm" aria-label="Suspected spam">
            <Table.Header>
              <Table.Row>
                {['Date', 'Kind', 'Name', 'Email', 'Company', 'Message', 'Reason', ''].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.items.map((s: SuspectedSpam) => (
                <Table.Row key={`${s.kind}-${s.id}`}>
                  <Table.Cell>{formatDate(s.createdAt)}</Table.Cell>
                  <Table.Cell>{labels('LeadKind')[s.kind] ?? s.kind}</Table.Cell>
                  <Table.Cell>{s.name}</Table.Cell>
                  <Table.Cell>{s.email}</Table.Cell>
                  <Table.Cell>{s.company || '—'}</Table.Cell>
                  <Table.Cell maxW="xs" whiteSpace="pre-wrap">
                    {s.message || '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette="orange">{labels('SpamCheck')[s.reason] ?? s.reason}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {mayRelease && (
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`Not spam: ${s.name}`}
                        loading={release.isPending && release.variables?.id === s.id}
                        onClick={() => release.mutate({ kind: s.kind, id: s.id })}
                      >
                        Not spam
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Card.Root>
      )}
    </Stack>
  );
}
