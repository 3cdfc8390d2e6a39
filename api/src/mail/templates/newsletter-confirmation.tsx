/** @jsxRuntime automatic @jsxImportSource react */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { Action, Layout, Paragraph } from './layout.tsx';

/** Double opt-in: the link that makes a subscriber active (docs/product.md#leads). */
export function NewsletterConfirmation({
  confirmUrl,
  unsubscribeUrl,
}: {
  confirmUrl: string;
  unsubscribeUrl: string;
}) {
  return (
    <Layout
      preview="Confirm your subscription to the TextFlow newsletter"
      title="Please confirm your subscription"
      footer={
        <Text style={{ color: '#6b7280', fontSize: '12px', margin: '4px 0' }}>
          Not for you? <Link href={unsubscribeUrl}>Unsubscribe</Link> and you will hear nothing more.
        </Text>
      }
    >
      <Paragraph>
        Someone, hopefully you, asked for the TextFlow newsletter at this address. Confirm it and you will
        receive product news and tips about once a month.
      </Paragraph>
      <Action href={confirmUrl}>Confirm my subscription</Action>
      <Paragraph>
        The link is valid for 7 days. If you did not ask for it, ignore this email: you will not be
        subscribed.
      </Paragraph>
    </Layout>
  );
}
