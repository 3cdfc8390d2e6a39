import { useState, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * Whether this component's first render hydrates prerendered markup. React reads a store's server
 * snapshot while hydrating (including Suspense boundaries that hydrate after the first commit, such
 * as a lazily loaded route's) and the client snapshot on any other render. The first answer is kept.
 */
export function useHydrating(): boolean {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [first] = useState(hydrating);
  return first;
}

/**
 * Content inside an island with nothing to do in the browser (text, a table, a form's markup
 * before its code has loaded). When the island hydrates, React leaves the prerendered markup as it
 * is (an element whose inner HTML React does not own), so its components are neither rendered nor
 * styled again. Rendered by the browser otherwise, it renders like anything else.
 */
export function StaticContent({ children }: { children: ReactNode }) {
  const skip = useHydrating();
  if (skip && typeof document !== 'undefined') {
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
