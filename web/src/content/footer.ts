import type { FileRouteTypes } from '../routeTree.gen.ts';

/**
 * A footer link: a page of the site (a client-side navigation when rendered as a link of the
 * app), or a plain address loaded in full (the features anchor of the landing page; the admin
 * desk, which is its own chunk).
 */
export type FooterLink = { label: string } & ({ to: FileRouteTypes['to'] } | { href: string });

/** The footer's three link columns, in order (docs/product.md#pages). */
export const footerColumns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'SMS & AI Messaging', href: '/#features' },
      { label: 'Data Lookups', href: '/#features' },
      { label: 'AI Call Warmup', href: '/#features' },
      { label: 'Integrations', href: '/#features' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '/documentation' },
      { label: 'API Reference', to: '/api-reference' },
      { label: 'Status Page', to: '/status' },
      { label: 'Admin', href: '/admin' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Get Started', to: '/get-started' },
      { label: 'Schedule Demo', to: '/schedule-demo' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
];
