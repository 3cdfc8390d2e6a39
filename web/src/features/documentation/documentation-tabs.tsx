import { Button, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { CodeBlock } from '../../components/code-block.tsx';
import { endpoints } from '../../content/api-docs.ts';

const sdks = [
  {
    label: 'Node.js',
    code: `import { TextFlow } from '@textflow/node';\n\nconst client = new TextFlow(process.env.TEXTFLOW_API_KEY);\nawait client.sms.send({ to: '+15551234567', from: '+15557654321', body: 'Hello!' });`,
  },
  {
    label: 'Python',
    code: `from textflow import TextFlow\n\nclient = TextFlow(os.environ["TEXTFLOW_API_KEY"])\nclient.sms.send(to="+15551234567", from_="+15557654321", body="Hello!")`,
  },
  {
    label: 'PHP',
    code: `<?php\n$client = new TextFlow\\Client(getenv('TEXTFLOW_API_KEY'));\n$client->sms->send(['to' => '+15551234567', 'from' => '+15557654321', 'body' => 'Hello!']);`,
  },
];

/** The documentation's four tabs, an island on the prerendered page (docs/web.md#islands). */
export function DocumentationTabs() {
  return (
    <Tabs.Root defaultValue="quick-start" variant="enclosed" fitted>
      <Tabs.List>
        <Tabs.Trigger value="quick-start">Quick Start</Tabs.Trigger>
        <Tabs.Trigger value="api">API Reference</Tabs.Trigger>
        <Tabs.Trigger value="sdks">SDKs</Tabs.Trigger>
        <Tabs.Trigger value="webhooks">Webhooks</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="quick-start">
        <Stack as="ol" gap="6" listStyleType="none">
          <li>
            <Heading as="h3" size="md">
              1. Get your API keys
            </Heading>
            <Text color="gray.700">Create an account, open Settings, then API Keys, and create a key.</Text>
          </li>
          <li>
            <Heading as="h3" size="md" mb="2">
              2. Send your first SMS
            </Heading>
            <CodeBlock
              label="Request"
              code={`curl -X POST https://api.textflow.example/v1/sms/send \\\n  -H "Authorization: Bearer $TEXTFLOW_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"to":"+15551234567","from":"+15557654321","body":"Hello!"}'`}
            />
          </li>
          <li>
            <Heading as="h3" size="md">
              3. Handle webhooks
            </Heading>
            <Text color="gray.700">
              Register a webhook URL to receive delivery and reply events in real time.
            </Text>
          </li>
        </Stack>
        <HStack mt="6" gap="3">
          <Button colorPalette="blue">Try it</Button>
          <Button variant="outline">View on GitHub</Button>
        </HStack>
      </Tabs.Content>
      <Tabs.Content value="api">
        <Stack as="ul" gap="2" listStyleType="none">
          {endpoints.map((e) => (
            <HStack as="li" key={e.id} gap="3">
              <Text as="code" fontWeight="bold" minW="12">
                {e.method}
              </Text>
              <Text as="code">{e.path}</Text>
              <Text color="gray.700">{e.title}</Text>
            </HStack>
          ))}
        </Stack>
        <Heading as="h3" size="md" mt="6">
          Authentication
        </Heading>
        <Text color="gray.700">
          Send your API key as a bearer token in the Authorization header:{' '}
          <code>Authorization: Bearer YOUR_API_KEY</code>.
        </Text>
      </Tabs.Content>
      <Tabs.Content value="sdks">
        <Stack gap="6">
          {sdks.map((s) => (
            <CodeBlock key={s.label} label={s.label} code={s.code} />
          ))}
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="webhooks">
        <Stack gap="4">
          <Text color="gray.700">Set up a webhook with its url and the events you want to receive:</Text>
          <CodeBlock
            label="Setup"
            code={JSON.stringify(
              {
                url: 'https://yourapp.example/webhooks/textflow',
                events: ['message.delivered', 'message.received', 'call.completed'],
              },
              null,
              2,
            )}
          />
          <CodeBlock
            label="Payload"
            code={JSON.stringify(
              {
                event: 'message.delivered',
                messageId: 'msg_8f3a2b1c',
                status: 'delivered',
                timestamp: '2024-01-15T10:30:05Z',
              },
              null,
              2,
            )}
          />
          <Heading as="h3" size="md">
            Verify the signature
          </Heading>
          <Text color="gray.700">
            Each request carries an HMAC-SHA256 signature of the body, keyed with your webhook secret.
          </Text>
          <CodeBlock
            label="Verification"
            code={`const expected = crypto.createHmac('sha256', secret).update(rawBody).digest('hex');\nconst valid = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signatureHeader));`}
          />
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
