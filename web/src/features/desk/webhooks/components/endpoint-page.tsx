import { Button, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../../components/notices.tsx';
import {
  endpointQuery,
  useDeleteEndpoint,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
  type WebhookEndpoint,
} from '../api/webhooks.ts';
import { Confirm } from '../../shared/confirm.tsx';
import { formatDate } from '../../shared/format.ts';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointState } from './endpoint-health.tsx';
import { endpointValues } from './endpoint-schema.ts';
import { failed } from './notices.ts';
import { SecretNotice } from './secret-notice.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h3" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** /admin/webhooks/<id>: one endpoint's settings and actions; its delivery log comes as `log`. */
export function EndpointPage({ id, log }: { id: number; log: ReactNode }) {
  const { data: endpoint } = useQuery(endpointQuery(id));
  // The route's loader fetched the endpoint (or answered "not found") before this rendered.
  if (!endpoint) return null;
  return (
    <Stack gap="6">
      <ChakraLink asChild variant="underline" alignSelf="flex-start">
        <Link to="/admin/webhooks">Back to Webhooks</Link>
      </ChakraLink>
      <Stack gap="2">
        <Heading as="h2" size="xl" wordBreak="break-all">
          {endpoint.url}
        </Heading>
        {endpoint.description && <Text color="gray.700">{endpoint.description}</Text>}
        <EndpointState endpoint={endpoint} />
      </Stack>
      <Actions endpoint={endpoint} />
      <Section id="endpoint-settings" title="Settings">
        <Settings endpoint={endpoint} />
      </Section>
      <Section id="endpoint-deliveries" title="Deliveries">
        {log}
      </Section>
    </Stack>
  );
}

function Settings({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateEndpoint(endpoint.id);
  return (
    <EndpointForm
      // A saved change is the form's new starting point.
      key={endpoint.updatedAt}
      label="Endpoint settings"
      defaultValues={endpointValues(endpoint)}
      submitLabel="Save changes"
      showEnabled
      pending={update.isPending}
      onSubmit={(body) =>
        update.mutate(body, {
          onSuccess: () => notify({ type: 'success', title: 'Endpoint saved', description: body.url }),
          onError: (e) => notify(failed('The endpoint could not be saved', e)),
        })
      }
    />
  );
}

function Actions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const navigate = useNavigate();
  const test = useSendTest(endpoint.id);
  const rotate = useRotateSecret(endpoint.id);
  const remove = useDeleteEndpoint(endpoint.id);
  const [secret, setSecret] = useState<string | null>(null);
  const [asking, setAsking] = useState<'rotate' | 'delete' | null>(null);

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ delivery }) => {
        const a = delivery.lastAttempt;
        const answer = a?.statusCode ? `The endpoint answered ${a.statusCode}.` : (a?.error ?? '');
        notify(
          delivery.status === 'succeeded'
            ? { type: 'success', title: 'Test event delivered', description: answer }
            : { type: 'error', title: 'Test event failed', description: answer },
        );
      },
      onError: (e) => notify(failed('The test event could not be sent', e)),
    });

  return (
    <Stack gap="4">
      {secret && <SecretNotice title="New signing secret" secret={secret} onDone={() => setSecret(null)} />}
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="blue" loading={test.isPending} loadingText="Sending test..." onClick={sendTest}>
          Send test event
        </Button>
        <Button variant="outline" onClick={() => setAsking('rotate')} disabled={asking !== null}>
          Rotate secret
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => setAsking('delete')}
          disabled={asking !== null}
        >
          Delete endpoint
        </Button>
      </HStack>
      {endpoint.previousSecretExpiresAt && (
        <Text fontSize="sm" color="gray.700">
          The previous secret also signs every message until {formatDate(endpoint.previousSecretExpiresAt)}.
        </Text>
      )}
      {asking === 'rotate' && (
        <Confirm
          question="Rotate the signing secret?"
          detail="A new secret is shown once. The current one keeps signing beside it for 24 hours, so you can update your receiver in that time. A secret replaced earlier stops signing now."
          action="Rotate secret"
          pending={rotate.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: (answer) => {
                setSecret(answer.secret);
                setAsking(null);
              },
              onError: (e) => notify(failed('The secret could not be rotated', e)),
            })
          }
        />
      )}
      {asking === 'delete' && (
        <Confirm
          question="Delete this endpoint?"
          detail="It receives nothing more, its waiting deliveries are dropped and its delivery log is deleted. This cannot be undone."
          action="Delete endpoint"
          danger
          pending={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notify({ type: 'success', title: 'Endpoint deleted', description: endpoint.url });
                void navigate({ to: '/admin/webhooks' });
              },
              onError: (e) => notify(failed('The endpoint could not be deleted', e)),
            })
          }
        />
      )}
    </Stack>
  );
}
