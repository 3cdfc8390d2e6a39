import { useEffect, useRef, type RefObject } from 'react';

/** The widget's element, as its documented methods and events show it (altcha `external` build). */
interface AltchaWidget extends HTMLElement {
  reset(): void;
  verify(): Promise<void>;
}
type State = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired';

/** How long a submit waits for a solution still being found before it goes without one. */
const WAIT_MS = 5000;

/**
 * The proof-of-work solution of a lead form (docs/product.md#spam): ALTCHA's widget, loaded with
 * the form's code (never with the page), fetches a challenge and solves it in a worker as soon as
 * the form's code runs, while the visitor types. Its own build without inline code or styles
 * (`altcha/external`, its worker a file of the site, never inlined as a data: URL), so the site's CSP needs no exception; it is
 * hidden: there is nothing for a person to do. `take()` answers the solution for a submission
 * (waiting briefly for one still being found, else none: the server then holds or records the lead,
 * never refuses it) and starts on the next one, as each is good for one lead.
 */
export function useSpamSolution(formRef: RefObject<HTMLFormElement | null>) {
  const widget = useRef<AltchaWidget | null>(null);
  const state = useRef<{ state: State; payload?: string }>({ state: 'unverified' });

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let cancelled = false;
    void Promise.all([import('altcha/external'), import('altcha/worker?url&no-inline')]).then(
      ([, worker]) => {
        if (cancelled) return;
        const el = document.createElement('altcha-widget') as AltchaWidget;
        el.setAttribute('challengeurl', '/api/spam-challenge');
        el.setAttribute('workerurl', worker.default);
        el.setAttribute('auto', 'onload');
        // Its hidden input is the form's `altcha` field, should the browser post the form itself.
        el.setAttribute('name', 'altcha');
        el.hidden = true;
        el.addEventListener('statechange', (event) => {
          state.current = (event as CustomEvent<{ state: State; payload?: string }>).detail;
        });
        form.append(el);
        widget.current = el;
      },
    );
    return () => {
      cancelled = true;
      widget.current?.remove();
      widget.current = null;
    };
  }, [formRef]);

  async function solution(): Promise<string | undefined> {
    const started = Date.now();
    while (state.current.state === 'verifying' && Date.now() - started < WAIT_MS)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return state.current.state === 'verified' ? state.current.payload : undefined;
  }

  return {
    async take(): Promise<string | undefined> {
      const payload = await solution();
      const el = widget.current;
      if (el) {
        el.reset();
        void el.verify();
      }
      return payload;
    },
  };
}
