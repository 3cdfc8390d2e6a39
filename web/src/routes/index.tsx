import { createFileRoute } from '@tanstack/react-router';
import { StatisticsStrip } from '../features/landing/components/statistics-strip.tsx';
import {
  AiAgents,
  CallToAction,
  Features,
  Hero,
  Integrations,
  Pricing,
  SetupSteps,
} from '../features/landing/components/landing-sections.tsx';
import { seo } from '../lib/seo.ts';
import { SiteLayout } from './-components/site-layout.tsx';

export const Route = createFileRoute('/')({
  head: () =>
    seo(
      'Validate. Engage. Convert. | AI SMS, Voice Agents and Data Lookups',
      'AI-powered SMS messaging, phone number lookups, AI call warmup and voice agents for business. No setup fees, free trial, cancel anytime.',
      '/',
    ),
  component: Landing,
});

// The ten sections in order (docs/product.md#pages): header, hero, statistics, features, AI agents, setup,
// pricing, integrations, call to action, footer (#contact). In the browser, only the header's
// menus, the statistics' count-up and the footer's forms have work to do (docs/web.md#islands).
function Landing() {
  return (
    <SiteLayout>
      <Hero />
      <StatisticsStrip />
      <Features />
      <AiAgents />
      <SetupSteps />
      <Pricing />
      <Integrations />
      <CallToAction />
    </SiteLayout>
  );
}
