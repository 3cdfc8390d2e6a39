import type { ReactNode } from 'react';
import { LazyLeadForm } from '../../features/lead-forms/components/lazy-lead-form.tsx';
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
        contactForm={<LazyLeadForm kind="contact" />}
        newsletterForm={<LazyLeadForm kind="newsletter" />}
      />
    </>
  );
}
