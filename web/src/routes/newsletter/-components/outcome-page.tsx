import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { linkPageWords } from '../../../features/newsletter/components/newsletter-link-page.tsx';
import type { LinkAction } from '../../../features/newsletter/api/use-link.ts';
import { PageHero } from '../../-components/page-hero.tsx';
import { SiteLayout } from '../../-components/site-layout.tsx';

/**
 * Where a newsletter link page's form lands without JavaScript (the server's 303): the outcome, in
 * the words the page itself shows with JavaScript (docs/product.md#newsletter-without-javascript).
 */
/** The link page's own title, above its outcome as above its button. */
const titles = { confirm: 'Confirm your subscription', unsubscribe: 'Unsubscribe from the newsletter' };

export function OutcomePage({ action, ok }: { action: LinkAction; ok: boolean }) {
  const words = linkPageWords[action];
  const title = titles[action];
  return (
    <SiteLayout>
      <PageHero title={title} />
      <Container maxW="2xl" py="12">
        <Card.Root>
          <Card.Body>
            <Stack gap="2" role={ok ? 'status' : 'alert'}>
              <Heading as="h2" size="xl" color={ok ? 'green.700' : 'red.700'}>
                {ok ? words.done : words.failed}
              </Heading>
              <Text>{ok ? words.doneText : words.retry}</Text>
              {!ok && <Text>{words.help}</Text>}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Container>
    </SiteLayout>
  );
}
