import { createFileRoute } from '@tanstack/react-router';
import {
  AiAgents,
  CallToAction,
  Features,
  Hero,
  Integrations,
  Pricing,
  SetupSteps,
  StatisticsStrip,
} from '../features/landing/components/landing-sections.tsx';
import { StaticContent } from '../components/static-content.tsx';
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

// The ten sections in the spec's order: header, hero, statistics, features, AI agents, setup,
// pricing, integrations, call to action, footer (#contact). Only the header, the statistics
// (they count up) and the footer (its forms) have work to do in the browser.
function Landing() {
  return (
    <SiteLayout>
      <StaticContent>
        <Hero />
      </StaticContent>
      <StatisticsStrip />
      <StaticContent>
        <Features />
        <AiAgents />
        <SetupSteps />
        <Pricing />
        <Integrations />
        <CallToAction />
      </StaticContent>
    </SiteLayout>
  );
}
