import { useState, type ReactNode } from 'react';

let hydrating = false;

/** Set while the prerendered page hydrates (main.tsx); content mounted afterwards renders normally. */
export function setHydrating(active: boolean): void {
  hydrating = active;
}

/**
 * Content with nothing to do in the browser (text, images, plain links). It is prerendered, and
 * when the page hydrates React leaves the server's markup as it is (an element whose inner HTML
 * React does not own), so its components are neither rendered nor styled again: most of a page's
 * hydration work. Mounted later, on a client-side navigation, it renders like anything else.
 * Links inside it are ordinary links (a full load of the prerendered page).
 */
export function StaticContent({ children }: { children: ReactNode }) {
  const [skip] = useState(() => hydrating);
  if (skip) {
    return (
      <div
        style={{ display: 'contents' }}
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
    );
  }
  return <div style={{ display: 'contents' }}>{children}</div>;
}
