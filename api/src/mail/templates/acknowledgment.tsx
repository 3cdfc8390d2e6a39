/** @jsxRuntime automatic @jsxImportSource react */
import { Divider, Fields, Layout, Paragraph } from './layout.tsx';

/** To the prospect, in the words the site's success notice promised (docs/product.md#forms). */
export function Acknowledgment({
  name,
  title,
  promise,
  recap,
}: {
  name: string;
  title: string;
  promise: string;
  recap: { label: string; value: string }[];
}) {
  return (
    <Layout preview={promise} title={title}>
      <Paragraph>Hi {name},</Paragraph>
      <Paragraph>{promise}</Paragraph>
      <Divider />
      <Paragraph>What you sent us:</Paragraph>
      <Fields rows={recap} />
    </Layout>
  );
}
