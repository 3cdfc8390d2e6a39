/** @jsxRuntime automatic @jsxImportSource react */
import { Divider, Fields, Layout, Paragraph } from './layout.tsx';

/**
 * To the prospect, in the words the site's success notice promised (docs/product.md#forms). It goes
 * to whatever address the form was given, so it holds fixed words and the labels of the options
 * chosen, nothing typed, not even the name (docs/product.md#follow-up).
 */
export function Acknowledgment({
  title,
  promise,
  choices,
}: {
  title: string;
  promise: string;
  choices: { label: string; value: string }[];
}) {
  return (
    <Layout preview={promise} title={title}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{promise}</Paragraph>
      {choices.length > 0 && (
        <>
          <Divider />
          <Paragraph>What you chose:</Paragraph>
          <Fields rows={choices} />
        </>
      )}
    </Layout>
  );
}
