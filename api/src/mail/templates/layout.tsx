/** @jsxRuntime automatic @jsxImportSource react */
import { company } from '@lead-desk/contract/company';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** The site's look: its blue, white cards on a light grey page, the TextFlow name on top. */
export const colors = { primary: '#2563eb', text: '#111827', muted: '#6b7280', page: '#f3f4f6' };

const page = { backgroundColor: colors.page, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', padding: '32px', maxWidth: '560px' };
const brand = { color: colors.primary, fontSize: '22px', fontWeight: 700, margin: '0 0 24px' };
const small = { color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: '4px 0' };

export const text = { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
export const heading = { color: colors.text, fontSize: '20px', margin: '0 0 16px' };

export function Layout({
  preview,
  title,
  children,
  footer,
}: {
  preview: string;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={{ padding: '24px 12px' }}>
          <Section style={card}>
            <Text style={brand}>{company.brand}</Text>
            <Heading as="h1" style={heading}>
              {title}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: '16px 32px' }}>
            {footer}
            <Text style={small}>{company.name}</Text>
            <Text style={small}>{company.address}</Text>
            <Text style={small}>
              {company.phone} · <Link href={`mailto:${company.email}`}>{company.email}</Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.primary,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '15px',
          fontWeight: 600,
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function Divider() {
  return <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0' }} />;
}

/** A label and its value on one line each, for the alert's fields and an invitation's details. */
export function Fields({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <Section>
      {rows.map((r) => (
        <Text key={r.label} style={{ ...text, margin: '0 0 8px' }}>
          <strong>{r.label}:</strong> {r.value}
        </Text>
      ))}
    </Section>
  );
}
