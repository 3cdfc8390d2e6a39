const RELOADED_AT = 'chunk-reload-at';
/** At most one such reload in this time, so a file that is truly missing cannot loop. */
const GUARD_MS = 60_000;

/**
 * Code loaded later (a form's logic when it comes into use, a route on navigation, the notices)
 * can fail to arrive. A browser then remembers the failed module for the life of the page, so
 * asking again fails at once, and the form or link would stay dead. The usual cause is a release
 * that replaced the files this page names; a reload fetches the page naming the new ones. What a
 * visitor typed survives it (forms keep a draft in sessionStorage and restore it). Offline, the
 * reload waits for the connection to come back.
 */
export function reloadOnChunkFailure(): void {
  window.addEventListener('vite:preloadError', () => {
    if (navigator.onLine) reload();
    else window.addEventListener('online', reload, { once: true });
  });
}

function reload() {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < GUARD_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return; // without storage there is no guard against a loop, and no draft to restore either
  }
  location.reload();
}
