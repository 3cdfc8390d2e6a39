import { useEffect, useRef, type RefObject } from 'react';

/** The widget's element, as its documented methods and events show it (altcha `external` build). */
interface AltchaWidget extends HTMLElement {
  reset(): void;
  verify(): Promise<void>;
}
/** The widget's states, and ours before it exists (`loading`: its code is on its way). */
type State = 'loading' | 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

/**
 * How long a submit waits at most for a solution on its way: longer than a slow phone takes to
 * solve a challenge at its real cost, so only a solution that cannot come (a challenge that never
 * arrives) lets the lead go without one.
 */
const WAIT_MS = 30_000;

/**
 * The proof-of-work solution of a lead form (docs/product.md#spam): ALTCHA's widget, loaded with
 * the form's code (never with the page), fetches a challenge and solves it in a worker as soon as
 * the form's code runs, while the visitor types. Its own build without inline code or styles
 * (`altcha/external`, its worker a file of the site, never inlined as a data: URL), so the site's CSP needs no exception; it is
 * hidden: there is nothing for a person to do. `take()` answers the solution for a submission and
 * starts on the next one, as each is good for one lead. A submission made while the solution is
 * still on its way waits for it (the form's button shows its pending state meanwhile) and then goes
 * on by itself; if the widget fails (its code, the challenge), or the solution does not come in
 * `WAIT_MS`, it goes without one: the server then holds or records the lead, never refuses it. The
 * widget never speaks to the visitor itself: its "please wait" alert is off
 * (docs/product.md#spam-while-solving).
 */
export function useSpamSolution(formRef: RefObject<HTMLFormElement | null>) {
  const widget = useRef<AltchaWidget | null>(null);
  const state = useRef<{ state: State; payload?: string }>({ state: 'unverified' });
  // Whoever waits for the state to change (a submission waiting for its solution).
  const changed = useRef(new Set<() => void>());

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let cancelled = false;
    const waiting = changed.current;
    const set = (next: { state: State; payload?: string }) => {
      state.current = next;
      for (const notify of waiting) notify();
    };
    set({ state: 'loading' });
    Promise.all([import('altcha/external'), import('altcha/worker?url&no-inline')]).then(
      ([, worker]) => {
        if (cancelled) return;
        const el = document.createElement('altcha-widget') as AltchaWidget;
        el.setAttribute('challengeurl', '/api/spam-challenge');
        el.setAttribute('workerurl', worker.default);
        el.setAttribute('auto', 'onload');
        // Its hidden input is the form's `altcha` field, should the browser post the form itself.
        el.setAttribute('name', 'altcha');
        // Its documented strings: no native alert ("Verifying... please wait.") when the form is
        // checked while it solves; the form's own button says it is waiting.
        el.setAttribute('strings', JSON.stringify({ waitAlert: '' }));
        el.hidden = true;
        el.addEventListener('statechange', (event) =>
          set((event as CustomEvent<{ state: State; payload?: string }>).detail),
        );
        form.append(el);
        widget.current = el;
      },
      // Its code could not be had (a release replaced the files): the form goes without.
      () => !cancelled && set({ state: 'error' }),
    );
    return () => {
      cancelled = true;
      widget.current?.remove();
      widget.current = null;
    };
  }, [formRef]);

  const onItsWay = () => state.current.state === 'loading' || state.current.state === 'verifying';

  async function solution(): Promise<string | undefined> {
    if (onItsWay())
      await new Promise<void>((resolve) => {
        const done = () => {
          changed.current.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const check = () => !onItsWay() && done();
        const timer = setTimeout(done, WAIT_MS);
        changed.current.add(check);
      });
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
