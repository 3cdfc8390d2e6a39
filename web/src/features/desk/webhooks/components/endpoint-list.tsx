import { Button, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../../../components/notices.tsx';
import {
  endpointsQuery,
  useCreateEndpoint,
  type EndpointWithSecret,
  type WebhookEndpoint,
} from '../api/webhooks.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointState, LastDelivery } from './endpoint-health.tsx';
import { emptyEndpoint, eventOptions } from './endpoint-schema.ts';
import { SecretNotice } from './secret-notice.tsx';
import { failed } from './notices.ts';

const eventNames = (events: string[]) =>
  events.map((e) => eventOptions.find((o) => o.value === e)?.label ?? e).join(', ');

const columns: Column<WebhookEndpoint>[] = [
  {
    header: 'URL',
    cell: (e) => (
      <ChakraLink asChild variant="underline">
        <Link to="/admin/webhooks/$id" params={{ id: e.id }}>
          {e.url}
        </Link>
      </ChakraLink>
    ),
    cellProps: { wordBreak: 'break-all' },
  },
  { header: 'Description', cell: (e) => e.description || '—' },
  { header: 'Events', cell: (e) => eventNames(e.events) },
  { header: 'State', cell: (e) => <EndpointState endpoint={e} /> },
  { header: 'Last delivery', cell: (e) => <LastDelivery endpointId={e.id} /> },
];

/** /admin/webhooks: the endpoints, a form to add one, and a new endpoint's secret, shown once. */
export function EndpointList() {
  const { data: endpoints } = useQuery(endpointsQuery);
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
      <DataTable
        label="Webhook endpoints"
        columns={columns}
        rows={endpoints}
        rowKey={(e) => e.id}
        verticalAlign="top"
        empty="No endpoints yet. Add one to send leads to your other tools."
      />
    </Stack>
  );
}
