import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

// docs/product.md#notices: "A notice never covers the controls a person needs next." Notices sit at
// the bottom of the screen (on the right from md up, across the whole width below it). Two rules keep
// them off the controls there:
//  - while a notice shows, the page ends with room as tall as the notice, so the last controls of a
//    page (a list's Previous and Next, a form's button) can always be scrolled clear of it;
//  - a pointer resting on a notice pauses it (the toaster does), but it cannot hold it for ever: a
//    pointer left over the notice, on its way to a control under it, would keep both covered.

let room = { id: '', px: 0 };
const listeners = new Set<() => void>();
const setRoom = (next: typeof room) => {
  room = next;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** The gap kept between a control scrolled to the end of the page and the notice. */
const GAP_PX = 16;

/** Measures the open notice (its root element) for the room at the end of the page. */
export function useNoticeRoom<E extends HTMLElement>(id: string | undefined) {
  const ref = useRef<E>(null);
  // Measured before the notice is first painted, so the room comes with it, not a frame later
  // (a person scrolling to the end meanwhile would find it over the last controls); the observer
  // follows later changes of its size.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !id) return;
    const measure = () => {
      if (el.dataset.state === 'closed') return;
      // The notice's region is fixed to the bottom; the notice itself may still be sliding in.
      const regionBottom = (el.parentElement ?? el).getBoundingClientRect().bottom;
      setRoom({ id, px: el.offsetHeight + Math.max(0, window.innerHeight - regionBottom) + GAP_PX });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      releaseNoticeRoom(id);
    };
  }, [id]);
  return ref;
}

/** The notice has closed: the page no longer keeps room for it. */
export function releaseNoticeRoom(id: string): void {
  if (room.id === id) setRoom({ id: '', px: 0 });
}

/** The room itself: an empty block at the end of the page, as tall as the open notice. */
export function NoticeRoom() {
  const px = useSyncExternalStore(
    subscribe,
    () => room.px,
    () => 0,
  );
  return px > 0 ? <div aria-hidden="true" data-testid="notice-room" style={{ height: px }} /> : null;
}

const TICK_MS = 250;

/**
 * Dismisses a notice once it has been on a visible page for twice its duration, whatever pauses it
 * meanwhile: a resting pointer may hold it that long, not longer. Time on a hidden page does not
 * count (the toaster pauses there too), nor time while focus is inside the notices (F8: a person
 * reading them). Returns the function that stops watching.
 */
export function limitHold(durationMs: number, dismiss: () => void): () => void {
  let shown = 0;
  const timer = setInterval(() => {
    if (document.visibilityState === 'hidden') return;
    if (document.activeElement?.closest('[data-scope="toast"]')) return;
    shown += TICK_MS;
    if (shown < 2 * durationMs) return;
    clearInterval(timer);
    dismiss();
  }, TICK_MS);
  return () => clearInterval(timer);
}
