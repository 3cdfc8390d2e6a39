import type { ReactNode } from 'react';

/**
 * A part of a public page that works in the browser: on a prerendered page it is hydrated on its
 * own (islands/start.ts, docs/web.md#islands), and the rest of the page never is. `name` is an
 * entry of the islands' registry, with an argument after a colon (`lead-form:contact`); the
 * island renders there exactly what `children` render. In the app (a page rendered by the
 * browser), it is a plain wrapper.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-island={name} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
