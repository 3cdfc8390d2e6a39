/** @jsxRuntime automatic @jsxImportSource react */
import { Action, Layout, Paragraph } from './layout.tsx';

/** To the person a lead was assigned to, unless they took it themself (docs/product.md#assignment). */
export function LeadAssigned({ title, by, deskUrl }: { title: string; by: string; deskUrl: string }) {
  return (
    <Layout preview={title} title={title}>
      <Paragraph>{by} assigned this lead to you. It is yours to answer until someone reassigns it.</Paragraph>
      <Action href={deskUrl}>Open the lead in the desk</Action>
    </Layout>
  );
}
