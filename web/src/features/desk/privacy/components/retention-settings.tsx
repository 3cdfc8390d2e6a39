import { Box, Heading, List, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { retentionQuery } from '../api/personal-data.ts';

const ROWS = [
  ['leadDays', 'Leads of every kind', 'RETENTION_LEAD_DAYS'],
  ['unconfirmedDays', 'Newsletter sign-ups never confirmed', 'RETENTION_UNCONFIRMED_DAYS'],
  ['emailDays', 'Bodies of sent emails', 'RETENTION_EMAIL_DAYS'],
  ['webhookDays', 'Webhook payloads and answers', 'RETENTION_WEBHOOK_DAYS'],
  ['auditDays', 'Audit entries', 'RETENTION_AUDIT_DAYS'],
] as const;

/** The RETENTION_* settings, read-only: they are the server's configuration (docs/operations.md#retention). */
export function RetentionSettings() {
  const { data } = useQuery(retentionQuery);
  return (
    <Box as="section" bg="white" rounded="md" borderWidth="1px" p="4" aria-label="Retention">
      <Heading as="h3" size="md" mb="2">
        Retention
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="2">
        Deleted on schedule by the server; set in its configuration.
      </Text>
      {data && (
        <List.Root gap="1">
          {ROWS.map(([key, label, setting]) => (
            <List.Item key={key}>
              {label}: {data[key] === null ? 'kept' : `${data[key]} days`} ({setting})
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
