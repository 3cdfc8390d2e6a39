import { Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNewsletterLink, type LinkAction } from '../api/use-link.ts';

/** What each page says: the two pages differ only in words (docs/product.md#follow-up). */
export const linkPageWords = {
  confirm: {
    explanation:
      'Someone, most likely you, asked for the TextFlow newsletter with this address. Press the button to confirm, and the newsletter will start arriving. If you did not ask for it, close this page: without your confirmation nothing is sent.',
    button: 'Confirm subscription',
    sending: 'Confirming...',
    done: 'Subscription confirmed',
    doneText:
      'Thank you! You are subscribed to the TextFlow newsletter. Every issue has a link to unsubscribe.',
    failed: 'This link cannot confirm your subscription',
    retry:
      'It may have expired or been cut short, or we could not answer just now. Open it again from the email and press the button once more.',
    help: 'To get a new link, subscribe again with the newsletter form at the bottom of this page.',
  },
  unsubscribe: {
    explanation:
      'Press the button to stop receiving the TextFlow newsletter at this address. You can subscribe again at any time.',
    button: 'Unsubscribe',
    sending: 'Unsubscribing...',
    done: 'You are unsubscribed',
    doneText:
      'You will receive no more newsletter emails at this address. Changed your mind? Subscribe again with the form at the bottom of this page.',
    failed: 'This link cannot unsubscribe you',
    retry:
      'It may have been cut short, or we could not answer just now. Open it again from the email and press the button once more.',
    help: 'Please use the unsubscribe link in the latest newsletter email, or send us a message with the contact form below and we will remove your address.',
  },
} satisfies Record<LinkAction, Record<string, string>>;

const noSubscription = () => () => {};

/**
 * False in the prerendered page and while it hydrates, true once the button's handler is attached:
 * a press before that would do nothing, so until then the button is disabled.
 */
const useInteractive = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The body of /newsletter/confirm and /newsletter/unsubscribe: an explanation and one button. */
export function NewsletterLinkPage({ action, token }: { action: LinkAction; token: string | null }) {
  const words = linkPageWords[action];
  const { result, send } = useNewsletterLink(action);
  const interactive = useInteractive();
  const outcome = useRef<HTMLHeadingElement>(null);
  // The button goes away with the answer: the answer's heading takes the focus instead.
  useEffect(() => {
    if (result.state === 'done' || result.state === 'failed') outcome.current?.focus();
  }, [result.state]);
  const showButton = result.state !== 'done' && !(result.state === 'failed' && result.final);
  return (
    <Container maxW="2xl" py="12">
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            {result.state !== 'done' && <Text fontSize="lg">{words.explanation}</Text>}
            <div role={result.state === 'failed' ? 'alert' : 'status'}>
              {result.state === 'done' && (
                <Stack gap="2">
                  <Heading as="h2" size="xl" ref={outcome} tabIndex={-1} color="green.700">
                    {words.done}
                  </Heading>
                  <Text>{words.doneText}</Text>
                </Stack>
              )}
              {result.state === 'failed' && (
                <Stack gap="2">
                  <Heading as="h2" size="xl" ref={outcome} tabIndex={-1} color="red.700">
                    {words.failed}
                  </Heading>
                  <Text>{result.message}</Text>
                  {result.final && <Text>{words.help}</Text>}
                </Stack>
              )}
            </div>
            {showButton && (
              <Button
                className="link-page-script-button"
                colorPalette="blue"
                alignSelf="flex-start"
                disabled={!interactive}
                loading={result.state === 'sending'}
                loadingText={words.sending}
                onClick={() => void send(token)}
              >
                {words.button}
              </Button>
            )}
            {/* Without JavaScript: a form that posts to this page's own address, token and all, in
                place of the button above (docs/product.md#newsletter-without-javascript). */}
            <noscript>
              <style>{'.link-page-script-button{display:none}'}</style>
              <form method="post">
                <Button type="submit" colorPalette="blue">
                  {words.button}
                </Button>
              </form>
            </noscript>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
