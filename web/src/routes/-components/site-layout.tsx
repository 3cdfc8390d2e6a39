import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Island } from '../../islands/island.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Every public page: header, a main landmark with a skip link target, and the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <chakra.a
        href="#main"
        position="absolute"
        left="-9999px"
        top="0"
        zIndex="skipNav"
        bg="blue.700"
        color="white"
        px="4"
        py="2"
        _focus={{ left: '2', top: '2' }}
      >
        Skip to content
      </chakra.a>
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter
        contactForm={<Island name="lead-form" arg="contact" />}
        newsletterForm={<Island name="lead-form" arg="newsletter" />}
      />
    </>
  );
}
