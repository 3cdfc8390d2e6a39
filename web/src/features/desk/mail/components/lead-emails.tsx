import { Badge, Box, Button, Card, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { Link } from '@tanstack/react-router';
import { useResendMessage } from '../api/follow-up.ts';
import { useCan } from '../../shared/api/session.ts';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { formatDate } from '../../shared/format.ts';
import { mailStatusLabel, mailStatusPalette, templateLabel } from './mail-labels.ts';
import { MailContent } from './mail-content.tsx';

type Summary = components['schemas']['MailMessageSummary'];

/** "Send again" for a failed or held email (docs/product.md#follow-up). */
function ResendButton({ message }: { message: Summary }) {
  const resend = useResendMessage();
  return (
    <Button
      size="xs"
      colorPalette="blue"
      loading={resend.isPending}
      aria-label={`Send email #${message.id} again`}
      onClick={() => resend.mutate(message.id)}
    >
      Send again
    </Button>
  );
}

/**
 * A lead's emails, oldest first; the one named in the address (`?message=<id>`) is open, with its
 * content, so a link to it can be shared and survives a reload.
 */
export function LeadEmails(props: { kind: LeadKind; id: number; messages: Summary[]; open?: number }) {
  const { kind, id, messages, open } = props;
  const mayResend = useCan('resendMailMessage');
  if (messages.length === 0) return <Text color="gray.700">No emails for this lead.</Text>;
  return (
    <Stack as="ul" listStyleType="none" gap="4" data-testid="lead-emails">
      {messages.map((m) => {
        const isOpen = m.id === open;
        return (
          <Card.Root as="li" key={m.id} id={`email-${m.id}`} variant="outline" size="sm">
            <Card.Body>
              <Stack gap="2">
                <HStack gap="2" flexWrap="wrap" justify="space-between">
                  <Text fontWeight="semibold">
                    #{m.id} {m.subject ?? templateLabel(m.template)}
                  </Text>
                  <Badge colorPalette={mailStatusPalette[m.status]} data-testid="mail-status">
                    {mailStatusLabel(m.status)}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="gray.700">
                  {templateLabel(m.template)} · to {m.recipients.join(', ') || 'no recipients yet'} · created{' '}
                  {formatDate(m.createdAt)}
                  {m.sentAt ? ` · sent ${formatDate(m.sentAt)}` : ''}
                  {m.attempts > 0 ? ` · ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}` : ''}
                </Text>
                {m.lastError && (
                  <Text fontSize="sm" color={m.status === 'held' ? 'orange.800' : 'red.700'}>
                    {m.status === 'held' ? 'Why it is held' : 'Last error'}: {m.lastError}
                  </Text>
                )}
                <HStack gap="3">
                  <ChakraLink asChild variant="underline" fontSize="sm">
                    <Link
                      to="/admin/$kind/$id"
                      params={{ kind, id }}
                      search={isOpen ? {} : { message: m.id }}
                      resetScroll={false}
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? `email-${m.id}-content` : undefined}
                    >
                      {isOpen ? `Hide email #${m.id}` : `Show email #${m.id}`}
                    </Link>
                  </ChakraLink>
                  {m.canResend && mayResend && <ResendButton message={m} />}
                </HStack>
                {isOpen && (
                  <Box id={`email-${m.id}-content`}>
                    <MailContent id={m.id} />
                  </Box>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
