import { Portal, Stack, Toaster as ChakraToaster, createToaster, Toast } from '@chakra-ui/react';
import { useEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import { limitHold, NoticeRoom, releaseNoticeRoom, useNoticeRoom } from './notice-clearance.tsx';

const DURATION_MS = 5000;

/**
 * Notices as docs/product.md#notices says: one at a time, shown for 5000 ms, removed 1,000,000 ms
 * after dismissal, F8 focuses the region, a swipe right of at least 50 px dismisses; clear of the
 * controls a person needs next (see notice-clearance.tsx).
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: DURATION_MS,
  removeDelay: 1_000_000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

/** The notice region; loaded with the first notice (see notices.tsx). */
export default function Toaster() {
  useEffect(() => markMounted(), []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <SwipeToDismiss id={toast.id}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </SwipeToDismiss>
        )}
      </ChakraToaster>
      <NoticeRoom />
    </Portal>
  );
}

/** The swipe distance (px, to the right) that dismisses a notice. */
export const SWIPE_THRESHOLD = 50;

function SwipeToDismiss({ id, children }: { id: string | undefined; children: ReactNode }) {
  const root = useNoticeRoom<HTMLDivElement>(id);
  const start = useRef<{ x: number; pointer: number } | null>(null);
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointer !== e.pointerId) return;
    const dx = Math.max(0, e.clientX - start.current.x);
    e.currentTarget.style.translate = `${dx}px 0`;
  };
  const end = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointer !== e.pointerId) return;
    const dx = e.clientX - start.current.x;
    start.current = null;
    e.currentTarget.style.translate = '';
    if (dx >= SWIPE_THRESHOLD && id) toaster.dismiss(id);
  };
  return (
    <Toast.Root
      ref={root}
      width={{ md: 'sm' }}
      touchAction="pan-y"
      data-testid="notice"
      // A dismissed notice stays in the page for removeDelay; zag's "ghost" under it keeps catching
      // pointer events (an inline style), which would block the buttons beneath for 16 minutes.
      css={{
        '&[data-state=closed], &[data-state=closed] [data-ghost]': { pointerEvents: 'none !important' },
      }}
      onPointerDown={(e) => {
        if ((e.target as HTMLElement).closest('button')) return;
        start.current = { x: e.clientX, pointer: e.pointerId };
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={(e) => {
        start.current = null;
        e.currentTarget.style.translate = '';
      }}
    >
      {children}
    </Toast.Root>
  );
}

/**
 * Shows a notice in place of the current one. With `max: 1` the toaster would queue a new notice
 * behind the visible (or dismissed, kept 1,000,000 ms) one; the newest message must show at once.
 */
export function showNotice(options: Parameters<typeof toaster.create>[0]): void {
  // The region shows only notices created after it mounted: wait for it (it loads with the first).
  void mounted.then(() => {
    toaster.remove();
    stopWatching();
    const id = toaster.create({
      ...options,
      onStatusChange: ({ status }) => {
        if (status === 'visible') return;
        stop();
        releaseNoticeRoom(id);
      },
    });
    const stop = limitHold(DURATION_MS, () => toaster.dismiss(id));
    stopWatching = stop;
  });
}
/** Stops limitHold's watch of the shown notice (the one shown, as there is one at a time). */
let stopWatching = () => {};
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
