// The landing page's static sections, one module for web/src/features/landing/sections.ts to load
// lazily (a single chunk): the hero, the product sections (features, AI agents, set-up steps) and
// the offer sections (pricing, integrations, call to action).
export { Hero } from './hero.tsx';
export { AiAgents, Features, SetupSteps } from './product-sections.tsx';
export { CallToAction, Integrations, Pricing } from './offer-sections.tsx';
