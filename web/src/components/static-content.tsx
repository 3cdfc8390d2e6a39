import { use, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

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
 * Content with nothing to do in the browser (text, images, plain links). It is prerendered, and
 * when the page hydrates React leaves the server's markup as it is (an element whose inner HTML
 * React does not own), so its components are neither rendered nor styled again: most of a page's
 * hydration work. Mounted later, on a client-side navigation, it renders like anything else.
 * Links inside it are ordinary links (a full load of the prerendered page).
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

let startingFromPrerender = false;

/** Runs the router's first load of a prerendered page (see lazyStatic). */
export async function loadPrerendered(load: () => Promise<void>): Promise<void> {
  startingFromPrerender = true;
  try {
    await load();
  } finally {
    startingFromPrerender = false;
  }
}

/**
 * The code of a route's static content, kept out of its prerendered page's first load: hydration
 * leaves that content as the server wrote it, so the browser needs its components only to render
 * them itself, after a client-side navigation. The route's loader calls `preload` (a no-op on the
 * prerendered first load) so that a navigation does not wait for the code once it renders; `part`
 * makes a component rendering one of the module's exports, and suspends if it is not there yet.
 */
export function lazyStatic<M extends Record<string, unknown>>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const fetchModule = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        pending = undefined; // a later navigation tries again
        throw error;
      },
    ));
  return {
    preload: async (): Promise<void> => {
      if (!startingFromPrerender) await fetchModule();
    },
    part<K extends keyof M>(name: K): ComponentType {
      function Part() {
        const Component = (loaded ?? use(fetchModule()))[name] as ComponentType;
        return <Component />;
      }
      Part.displayName = `Static(${String(name)})`;
      return Part;
    },
  };
}
