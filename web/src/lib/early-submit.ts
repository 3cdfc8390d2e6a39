/** A submit held before its form was ready: the field that had the focus, by name. */
export interface EarlySubmit {
  focus: string | null;
}

const held = new WeakMap<Element, EarlySubmit>();
const claimed = new WeakSet<Element>();

/**
 * A lead form's submit must never be the browser's own: the prerendered form would send its
 * fields as a request to the page itself and reload it, the visitor's input lost. React handles
 * a submit only once it has hydrated the form's LazyForm, and its code comes seconds after the
 * page is painted on a slow device; until then this listener, installed first thing by the entry
 * module, holds the submit for the LazyForm to replay when it hydrates (docs/product.md#forms).
 * It runs in the capture phase, before React's listeners, and always prevents the default: a
 * hydrated form prevents it too, so nothing changes for it. A lead form is one inside a LazyForm's
 * box (`data-lazy-form`, src/components/lazy-form.tsx).
 */
export function holdEarlySubmits(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const box = event.target instanceof Element ? event.target.closest('[data-lazy-form]') : null;
      if (!box) return;
      event.preventDefault();
      if (claimed.has(box)) return;
      const focused = document.activeElement;
      const focus = focused && box.contains(focused) ? focused.getAttribute('name') : null;
      held.set(box, { focus });
    },
    { capture: true },
  );
}

/**
 * Called by a LazyForm once it has hydrated: from then on its own handler takes its submits.
 * Returns the submit held for it meanwhile, if any.
 */
export function claimEarlySubmit(box: Element): EarlySubmit | undefined {
  claimed.add(box);
  const submit = held.get(box);
  held.delete(box);
  return submit;
}
