import type { ReactNode } from 'react';
import { LazyContactForm } from '../../features/contact/components/lazy-contact-form.tsx';
import { LazyNewsletterForm } from '../../features/newsletter/components/lazy-newsletter-form.tsx';
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
      <SiteFooter contactForm={<LazyContactForm />} newsletterForm={<LazyNewsletterForm />} />
    </>
  );
}
