import { createFileRoute } from '@tanstack/react-router';
import { StatisticsStrip } from '../features/landing/components/statistics-strip.tsx';
import { landingSections } from '../features/landing/sections.ts';
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
  // On a client-side navigation, the sections' code arrives with the route's (see lazyStatic).
  loader: ({ cause }) => (cause === 'stay' ? undefined : landingSections.preload()),
  component: Landing,
});

const Hero = landingSections.part('Hero');
const Features = landingSections.part('Features');
const AiAgents = landingSections.part('AiAgents');
const SetupSteps = landingSections.part('SetupSteps');
const Pricing = landingSections.part('Pricing');
const Integrations = landingSections.part('Integrations');
const CallToAction = landingSections.part('CallToAction');

// The ten sections in order (docs/product.md#pages): header, hero, statistics, features, AI agents, setup,
// pricing, integrations, call to action, footer (#contact). Only the header, the statistics
// (they count up) and the footer (its forms) have work to do in the browser; the others' code is
// not even loaded then.
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
