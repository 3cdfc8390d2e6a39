import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Stack,
  Table,
  Text,
  Card,
  Field,
  Input,
  Tabs,
} from '@chakra-ui/react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { CodeBlock } from '../../../components/code-block.tsx';
import { StaticContent } from '../../../components/static-content.tsx';
import { categories, endpoints, filterEndpoints, type Endpoint } from '../../../content/api-docs.ts';

function EndpointCard({ e }: { e: Endpoint }) {
  const headingId = useId();
  return (
    <Card.Root as="article" aria-labelledby={headingId}>
      <Card.Header>
        {/* Text only: left as prerendered when the island hydrates. */}
        <StaticContent>
          <HStack gap="3" flexWrap="wrap">
            <Badge bg={e.method === 'GET' ? 'green.700' : 'blue.700'} color="white">
              {e.method}
            </Badge>
            <Text as="code" fontWeight="semibold">
              {e.path}
            </Text>
            <Badge variant="outline">{e.category}</Badge>
          </HStack>
          <Heading as="h2" size="lg" id={headingId} mt="2">
            {e.title}
          </Heading>
          <Text color="gray.700">{e.description}</Text>
        </StaticContent>
      </Card.Header>
      <Card.Body>
        <Tabs.Root defaultValue="parameters" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="parameters">Parameters</Tabs.Trigger>
            <Tabs.Trigger value="example">Example</Tabs.Trigger>
            <Tabs.Trigger value="try">Try It</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="parameters">
            <ParametersTable parameters={e.parameters} />
          </Tabs.Content>
          <Tabs.Content value="example">
            <Stack gap="4">
              <CodeBlock label="Request" code={e.request} />
              <CodeBlock label="Response" code={e.response} />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="try">
            <Stack gap="3" align="flex-start">
              <Text color="gray.700">
                Interactive requests are coming soon. Use your API key in the API Console to try this
                endpoint.
              </Text>
              <Button variant="outline">Open in API Console</Button>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** A static table: prerendered and left as it is when the island hydrates (see StaticContent). */
function ParametersTable({ parameters }: { parameters: Endpoint['parameters'] }) {
  return (
    <StaticContent>
      {/* On a phone the table scrolls within the card (by keyboard too) rather than widen the page. */}
      <Table.ScrollArea tabIndex={0}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Type</Table.ColumnHeader>
              <Table.ColumnHeader>Required</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {parameters.map((p) => (
              <Table.Row key={p.name}>
                <Table.Cell>
                  <code>{p.name}</code>
                </Table.Cell>
                <Table.Cell>{p.type}</Table.Cell>
                <Table.Cell>{p.required ? 'Yes' : 'No'}</Table.Cell>
                <Table.Cell>{p.description}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </StaticContent>
  );
}

/**
 * The endpoints with their search and categories, an island on the prerendered page
 * (docs/web.md#islands). The search starts from what its field holds: on a prerendered page the
 * visitor may have typed in it before the island's code arrived (hydration keeps the field's
 * text), and the search is then made of it.
 */
export function ApiExplorer() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<(typeof categories)[number]>('all');
  const field = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => setSearch(field.current!.value), []);
  const shown = filterEndpoints(endpoints, search, category);
  return (
    <Stack gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
      <Stack as="aside" gap="4" minW={{ lg: '60' }} width={{ base: 'full', lg: 'auto' }}>
        <Field.Root>
          <Field.Label>Search endpoints</Field.Label>
          <Input
            ref={field}
            type="search"
            value={search}
            onChange={(ev) => setSearch(ev.target.value)}
            placeholder="Title, description or path"
          />
        </Field.Root>
        <Box as="nav" aria-label="Categories">
          <Stack as="ul" listStyleType="none" gap="1">
            {categories.map((c) => (
              <li key={c}>
                <Button
                  variant={category === c ? 'solid' : 'ghost'}
                  colorPalette="blue"
                  width="full"
                  justifyContent="flex-start"
                  aria-pressed={category === c}
                  onClick={() => setCategory(c)}
                >
                  {c === 'all' ? 'All' : c}
                </Button>
              </li>
            ))}
          </Stack>
        </Box>
      </Stack>
      <Stack gap="6" flex="1" width="full" aria-live="polite">
        <Text color="gray.700">
          {shown.length} endpoint{shown.length === 1 ? '' : 's'}
        </Text>
        {shown.map((e) => (
          <EndpointCard key={e.id} e={e} />
        ))}
        {shown.length === 0 && <Text>No endpoints match your search.</Text>}
      </Stack>
    </Stack>
  );
}
