/** The landing page's content lists (docs/product.md#pages); the statistics strip's are in statistics.ts. */

export const hero = {
  headline: 'Validate. Engage. Convert.',
  lead: 'AI-powered SMS messaging, data lookups and AI call warmup, with support and sales voice agents. Connect your eCommerce, CRM, logistics and marketing tools through our automation connector with no coding needed, trusted by thousands of businesses.',
  promises: ['No setup fees', 'Free trial', 'Cancel anytime'],
  readRate: { value: '98%', label: 'Read Rate' },
};

export interface Feature {
  icon: 'message' | 'search' | 'phone' | 'plug';
  title: string;
  description: string;
  /** The card's palette (Chakra's `colorPalette`). */
  colour: 'blue' | 'green' | 'purple' | 'orange';
}
export const features: Feature[] = [
  {
    icon: 'message',
    title: 'SMS & AI Messaging',
    description:
      'Send high-volume SMS campaigns and let AI hold two-way conversations that qualify and convert.',
    colour: 'blue',
  },
  {
    icon: 'search',
    title: 'Data Lookups',
    description: 'Validate phone numbers, carriers and line types before you send, so every message lands.',
    colour: 'green',
  },
  {
    icon: 'phone',
    title: 'AI Call Warmup',
    description: 'Warm up leads with natural AI voice calls before your sales team picks up the phone.',
    colour: 'purple',
  },
  {
    icon: 'plug',
    title: 'Integrations',
    description:
      'Connect eCommerce, CRM, logistics and marketing tools through our automation connector, no coding needed.',
    colour: 'orange',
  },
];

export const agents = [
  {
    title: 'Support Voice Agent',
    description:
      'Answers customer calls around the clock, resolves common questions and hands off to your team when needed.',
  },
  {
    title: 'Sales Voice Agent',
    description:
      'Calls new leads within seconds, qualifies them and books meetings straight into your calendar.',
  },
];

export interface SetupStep {
  number: number;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  features: string[];
}
export const setupSteps: SetupStep[] = [
  {
    number: 1,
    title: 'Create your account',
    description: 'Sign up in minutes with no setup fees and no contracts.',
    image: '/images/step-account.svg',
    imageAlt: 'A sign-up form on a laptop screen',
    features: ['Free trial', 'No credit card required', 'Instant access'],
  },
  {
    number: 2,
    title: 'Connect your tools',
    description: 'Link your CRM, store or marketing stack through the automation connector.',
    image: '/images/step-connect.svg',
    imageAlt: 'Connected application tiles',
    features: ['Shopify, Salesforce, HubSpot', 'Zapier automations', 'No coding needed'],
  },
  {
    number: 3,
    title: 'Validate your contacts',
    description: 'Run data lookups to clean your lists before the first message goes out.',
    image: '/images/step-validate.svg',
    imageAlt: 'A list of phone numbers with check marks',
    features: ['Carrier and line type', 'Activity scores', 'Timezone detection'],
  },
  {
    number: 4,
    title: 'Engage and convert',
    description: 'Launch AI SMS campaigns and voice agents and watch replies turn into revenue.',
    image: '/images/step-convert.svg',
    imageAlt: 'A rising conversion chart',
    features: ['AI conversations', 'Voice agents', 'Real-time analytics'],
  },
];

export interface PricingOffer {
  title: string;
  price: string;
  description: string;
  features: string[];
}
export const pricingOffers: PricingOffer[] = [
  {
    title: 'SMS & AI Messaging',
    price: 'CALL for pricing',
    description: 'High-volume SMS with AI-powered two-way conversations.',
    features: ['Bulk and scheduled campaigns', 'AI replies and qualification', 'Delivery reports'],
  },
  {
    title: 'Data Lookups',
    price: 'CALL for pricing',
    description: 'Phone number validation and enrichment at scale.',
    features: ['Carrier and line type', 'Activity scoring', 'Bulk list cleaning'],
  },
  {
    title: 'AI Call Warmup',
    price: 'Custom pricing',
    description: 'AI voice calls that warm up leads before your team calls.',
    features: ['Natural AI voices', 'Call recordings and transcripts', 'CRM sync'],
  },
];

export const integrations = ['Shopify', 'Salesforce', 'HubSpot', 'Zapier', 'Mailchimp', 'Slack'];

export const reassurance = ['Free setup', 'No contracts', '24/7 support'];

export const INTEGRATION_STAGGER_MS = 100;
