/** @jsxRuntime automatic @jsxImportSource react */
import { Action, Fields, Layout, Paragraph } from './layout.tsx';

/** To the sales team for every contact, get-started and demo lead (docs/product.md#follow-up). */
export function SalesAlert({
  title,
  fields,
  deskUrl,
}: {
  title: string;
  fields: { label: string; value: string }[];
  deskUrl: string;
}) {
  return (
    <Layout preview={title} title={title}>
      <Fields rows={fields} />
      <Action href={deskUrl}>Open the lead in the desk</Action>
      <Paragraph>Reply to this email to answer the prospect directly.</Paragraph>
    </Layout>
  );
}
