import { lazy, Suspense, useEffect, useState } from 'react';
import type * as ToasterModule from './toaster.tsx';

export interface Notice {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string;
}

// The notice machinery (Chakra's toaster and its state machine) is not needed to read a page: it
// loads with the first notice, so no page pays for it before then.
let loading: Promise<typeof ToasterModule> | undefined;
const loadToaster = () => (loading ??= import('./toaster.tsx'));
const Toaster = lazy(loadToaster);
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a notice in place of the current one (one at a time, docs/product.md#notices). */
export function notify(notice: Notice): void {
  const toaster = loadToaster();
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void toaster.then((m) => m.showNotice(notice));
}

/** Mounts the notice region once a notice has been asked for. */
export function Notices() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    const show = () => setOn(true);
    listeners.add(show);
    if (wanted) show();
    return () => void listeners.delete(show);
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
