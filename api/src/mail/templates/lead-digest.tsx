/** @jsxRuntime automatic @jsxImportSource react */
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Action, colors, Divider, Layout, Paragraph, text } from './layout.tsx';

export interface DigestLead {
  /** An alert's own title ("New contact message: Ada Lovelace (Engines & Co)"), or the lead's kind and number. */
  title: string;
  /** An alert's email, phone, service and the like, on one line; or who assigned the lead. */
  summary: string;
  deskUrl: string;
}

/**
 * During a burst of leads, the emails of that second in one (docs/product.md#alert-digests): to the sales
 * team, their alerts; to a person, the leads assigned to them. `more` counts the leads beyond those
 * listed.
 */
export function LeadDigest({
  title,
  intro,
  leads,
  more,
  hasMore,
  listUrl,
}: {
  title: string;
  intro: string;
  leads: DigestLead[];
  more: string;
  hasMore: boolean;
  listUrl: string;
}) {
  return (
    <Layout preview={title} title={title}>
      <Paragraph>{intro}</Paragraph>
      <Section>
        {leads.map((l, i) => (
          <Section key={i} style={{ margin: '0 0 16px' }}>
            <Text style={{ ...text, margin: '0 0 4px', fontWeight: 600 }}>
              <Link href={l.deskUrl} style={{ color: colors.primary }}>
                {l.title}
              </Link>
            </Text>
            <Text style={{ ...text, margin: 0, color: colors.muted }}>{l.summary}</Text>
          </Section>
        ))}
      </Section>
      {hasMore ? (
        <>
          <Divider />
          <Paragraph>{more}</Paragraph>
        </>
      ) : null}
      <Action href={listUrl}>Open the desk</Action>
      <Paragraph>Each lead also has its page in the desk, linked above, with every field.</Paragraph>
    </Layout>
  );
}
