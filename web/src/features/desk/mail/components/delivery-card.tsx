import { Box, Card, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { deliveryQuery, deskKind } from '../api/follow-up.ts';
import { formatDate } from '../../shared/format.ts';
import { templateLabel } from './mail-labels.ts';

/**
 * Email delivery at a glance (docs/product.md#follow-up): what waits, what failed, what is held,
 * whether email is configured at all, and the last error with a link to its email.
 */
export function DeliveryCard() {
  const { data, error } = useQuery(deliveryQuery);
  const figures = data && [
    { label: 'Queued', value: data.queued, note: `${data.retrying} retrying after a failure` },
    { label: 'Failed', value: data.failed, note: 'each can be sent again from its lead' },
    { label: 'Held', value: data.held, note: 'kept, not sent: email is not configured' },
  ];
  const last = data?.lastError;
  return (
    <Card.Root as="section" aria-labelledby="delivery-title">
      <Card.Header>
        <Heading as="h2" size="lg" id="delivery-title">
          Email delivery
        </Heading>
      </Card.Header>
      <Card.Body>
        {error && <Text color="red.700">Delivery could not be loaded: {error.message}</Text>}
        {!data && !error && <Text color="gray.700">Loading…</Text>}
        {data && (
          <Stack gap="4">
            <Text data-testid="email-configured" color={data.emailConfigured ? undefined : 'orange.800'}>
              {data.emailConfigured
                ? 'Email is configured: emails go out through the SMTP server.'
                : 'Email is not configured (SMTP_URL is not set): nothing is sent, and each email is held, readable on its lead’s page.'}
            </Text>
            <SimpleGrid as="dl" columns={{ base: 1, sm: 3 }} gap="4">
              {figures!.map((f) => (
                <Box key={f.label}>
                  <Text as="dt" fontWeight="semibold">
                    {f.label}
                  </Text>
                  <Text as="dd" fontSize="2xl" fontWeight="bold" data-testid={`delivery-${f.label}`}>
                    {f.value}
                  </Text>
                  <Text as="dd" fontSize="sm" color="gray.700">
                    {f.note}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            {last ? (
              <Text data-testid="delivery-last-error">
                Last error, {formatDate(last.at)}:{' '}
                <ChakraLink asChild variant="underline">
                  <Link
                    to="/admin/$kind/$id"
                    params={{ kind: deskKind[last.leadKind], id: last.leadId }}
                    search={{ message: last.messageId }}
                    hash={`email-${last.messageId}`}
                  >
                    {templateLabel(last.template)} #{last.messageId}
                  </Link>
                </ChakraLink>
                : {last.error}
              </Text>
            ) : (
              <Text color="gray.700">No delivery errors.</Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
