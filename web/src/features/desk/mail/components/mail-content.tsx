import { Box, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mailMessageQuery } from '../api/follow-up.ts';
import { formatDate } from '../../shared/format.ts';
import { mailStatusLabel } from './mail-labels.ts';

const Pre = ({ children, label }: { children: string; label: string }) => (
  <Box
    as="pre"
    aria-label={label}
    whiteSpace="pre-wrap"
    wordBreak="break-word"
    fontSize="sm"
    bg="gray.50"
    p="3"
    rounded="md"
    maxH="96"
    overflow="auto"
    tabIndex={0}
  >
    {children}
  </Box>
);

/**
 * One email as it was (or would have been) sent. Its HTML is shown in an iframe with an empty
 * `sandbox`: no scripts, no forms, no navigation and an opaque origin, so nothing in a message can
 * act as the desk; the site's CSP also keeps remote images from loading.
 */
export function MailContent({ id }: { id: number }) {
  const { data: m, error } = useQuery(mailMessageQuery(id));
  if (error) return <Text color="red.700">This email could not be loaded: {error.message}</Text>;
  if (!m) return <Spinner size="sm" aria-label="Loading the email" />;
  const rows: [string, ReactNode][] = [
    ['Subject', m.subject ?? '—'],
    ['From', m.sender ?? '—'],
    ['To', m.recipients.join(', ') || '—'],
    ['State', mailStatusLabel(m.status)],
    ['Created', formatDate(m.createdAt)],
    ['Sent', m.sentAt ? formatDate(m.sentAt) : '—'],
    ['Attempts', String(m.attempts)],
  ];
  if (m.lastError) rows.push(['Last error', m.lastError]);
  if (m.smtpResponse) rows.push(['Server answer', m.smtpResponse]);
  const name = m.subject ?? `email #${m.id}`;
  return (
    <Stack gap="4" pt="2">
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '9rem 1fr' }} gap="1" fontSize="sm">
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" fontWeight="semibold">
              {label}
            </Text>
            <Box as="dd" wordBreak="break-word">
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {m.text === null && m.html === null && (
        <Text color="gray.700">This email has not been rendered yet: its content appears once it is.</Text>
      )}
      {m.text !== null && (
        <Stack gap="1">
          <Heading as="h4" size="sm">
            Plain text
          </Heading>
          <Pre label={`Plain text of ${name}`}>{m.text}</Pre>
        </Stack>
      )}
      {m.html !== null && (
        <Stack gap="1">
          <Heading as="h4" size="sm">
            As the recipient sees it (HTML)
          </Heading>
          <Box asChild width="100%" height="480px" borderWidth="1px" rounded="md" bg="white">
            <iframe sandbox="" srcDoc={m.html} title={`HTML of ${name}`} />
          </Box>
        </Stack>
      )}
      {m.calendar !== null && (
        <Stack gap="1">
          <Heading as="h4" size="sm">
            Calendar invitation (iCalendar)
          </Heading>
          <Pre label={`Calendar invitation of ${name}`}>{m.calendar}</Pre>
        </Stack>
      )}
    </Stack>
  );
}
