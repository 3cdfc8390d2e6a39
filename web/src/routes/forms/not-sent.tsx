import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { SiteLayout } from '../-components/site-layout.tsx';

/**
 * Where a lead form posted without its code lands when the API could not take it at all (down,
 * or the proxy's own flood limit): nginx sends it here (docs/operations.md#forms-without-javascript).
 */
export const Route = createFileRoute('/forms/not-sent')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo('Not sent | TextFlow', 'Your form could not be sent just now. Please try again in a moment.'),
  component: () => (
    <SiteLayout>
      <Container maxW="2xl" py="16">
        <Card.Root>
          <Card.Body>
            <Stack gap="3" role="alert">
              <Heading as="h1" size="2xl" color="red.700">
                Your form was not sent
              </Heading>
              <Text>
                We could not take it just now. Please try again later: go back (your browser keeps what you
                typed) and send it again in a moment.
              </Text>
              <Text>
                <a href="/">Back to Home</a>
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Container>
    </SiteLayout>
  ),
});
