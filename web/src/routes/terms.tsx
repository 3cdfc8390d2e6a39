import { createFileRoute } from '@tanstack/react-router';
import { terms } from '../content/legal.ts';
import { seo } from '../lib/seo.ts';
import { LegalPage } from './-components/legal-page.tsx';

export const Route = createFileRoute('/terms')({
  head: () =>
    seo(
      'Terms of Service | TextFlow',
      'The terms that govern the use of our messaging, lookup and voice services.',
      '/terms',
    ),
  component: () => <LegalPage title="Terms of Service" sections={terms} />,
});
