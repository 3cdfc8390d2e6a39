import type { ReactNode } from 'react';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form.tsx';
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
      <SiteFooter contactForm={<ContactForm />} newsletterForm={<NewsletterForm />} />
    </>
  );
}
