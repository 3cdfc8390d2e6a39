import { Box, Button, Card, Heading, HStack, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { endpointsQuery, useCreateEndpoint, type EndpointWithSecret } from '../api/webhooks.ts';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointState, LastDelivery } from './endpoint-health.tsx';
import { emptyEndpoint, eventOptions } from './endpoint-schema.ts';
import { SecretNotice } from './secret-notice.tsx';
import { failed } from './notices.ts';

const eventNames = (events: string[]) =>
  events.map((e) => eventOptions.find((o) => o.value === e)?.label ?? e).join(', ');

/** /admin/webhooks: the endpoints, a form to add one, and a new endpoint's secret, shown once. */
export function EndpointList() {
  const { data: endpoints = [], isSuccess } = useQuery(endpointsQuery);
  const create = useCreateEndpoint();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<EndpointWithSecret | null>(null);

  return (
    <Stack gap="6">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h2" size="xl">
          Webhooks
        </Heading>
        {!adding && (
          <Button colorPalette="blue" onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        )}
      </HStack>
      <Text color="gray.700">
        Lead Desk sends a signed message to each enabled endpoint when an event it subscribes to happens.
      </Text>
      {created && (
        <SecretNotice
          title={`Endpoint added: ${created.endpoint.url}`}
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {adding && (
        <Card.Root as="section" aria-labelledby="new-endpoint">
          <Card.Header>
            <Heading as="h3" size="md" id="new-endpoint">
              New endpoint
            </Heading>
          </Card.Header>
          <Card.Body>
            <EndpointForm
              label="New endpoint"
              defaultValues={emptyEndpoint}
              submitLabel="Add endpoint"
              pending={create.isPending}
              onCancel={() => setAdding(false)}
              onSubmit={(body) =>
                create.mutate(body, {
                  onSuccess: (answer) => {
                    setCreated(answer);
                    setAdding(false);
                  },
                  onError: (e) => notify(failed('The endpoint could not be added', e)),
                })
              }
            />
          </Card.Body>
        </Card.Root>
      )}
      <Box overflowX="auto" bg="white" rounded="md" borderWidth="1px">
        <Table.Root size="sm" aria-label="Webhook endpoints">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>URL</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
              <Table.ColumnHeader>Events</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader>Last delivery</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {endpoints.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell verticalAlign="top" wordBreak="break-all">
                  <ChakraLink asChild variant="underline">
                    <Link to="/admin/webhooks/$id" params={{ id: e.id }}>
                      {e.url}
                    </Link>
                  </ChakraLink>
                </Table.Cell>
                <Table.Cell verticalAlign="top">{e.description || '—'}</Table.Cell>
                <Table.Cell verticalAlign="top">{eventNames(e.events)}</Table.Cell>
                <Table.Cell verticalAlign="top">
                  <EndpointState endpoint={e} />
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <LastDelivery endpointId={e.id} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {isSuccess && endpoints.length === 0 && (
          <Text p="4" color="gray.700">
            No endpoints yet. Add one to send leads to your other tools.
          </Text>
        )}
      </Box>
    </Stack>
  );
}
