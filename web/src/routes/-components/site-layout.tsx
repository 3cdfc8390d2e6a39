import type { ReactNode } from 'react';
import { LeadFormIsland } from '../../features/lead-forms/components/lead-form-island.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Every public page: header, a main landmark with a skip link target, and the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter
        contactForm={<LeadFormIsland kind="contact" />}
        newsletterForm={<LeadFormIsland kind="newsletter" />}
      />
    </>
  );
}
