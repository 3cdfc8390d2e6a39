import { createFileRoute } from '@tanstack/react-router';
import { privacy } from '../content/legal.ts';
import { seo } from '../lib/seo.ts';
import { LegalPage } from './-components/legal-page.tsx';

export const Route = createFileRoute('/privacy')({
  head: () =>
    seo(
      'Privacy Policy | TextFlow',
      'What data we collect, how we use it, how long we keep it and your rights.',
      '/privacy',
    ),
  component: () => <LegalPage title="Privacy Policy" sections={privacy} />,
});
