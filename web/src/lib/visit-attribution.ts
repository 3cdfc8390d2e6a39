/**
 * Where this visit came from (docs/product.md#attribution), kept in sessionStorage for the visit
 * (no cookie): the first page the visitor landed on, the referring site's origin (never its full
 * address) and the utm_* parameters of that first page. Every lead form sends it in its hidden
 * fields of the same names, so a form posted before its code runs carries it too.
 */
const KEY = 'visit-attribution';
const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const;
/** The contract's limits (LandingPage, UtmValue): longer values are cut rather than refused. */
const MAX = { path: 1000, utm: 200 };

export type Attribution = Record<string, string>;

function firstPage(location: Location, referrer: string): Attribution {
  const params = new URLSearchParams(location.search);
  const fields: Attribution = { landingPage: location.pathname.slice(0, MAX.path) };
  try {
    const origin = referrer ? new URL(referrer).origin : '';
    // A page of this site is no referrer; only http(s) origins are kept (the contract's pattern).
    if (origin !== location.origin && /^https?:\/\//.test(origin)) fields.referrer = origin;
  } catch {
    // an unreadable referrer is no referrer
  }
  for (const name of UTM) {
    const value = params.get(`utm_${name}`)?.trim();
    if (value) fields[`utm${name[0]!.toUpperCase()}${name.slice(1)}`] = value.slice(0, MAX.utm);
  }
  return fields;
}

/** The visit's attribution: read, or on the visit's first page made and kept. */
export function visitAttribution(location = window.location, referrer = document.referrer): Attribution {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept) return JSON.parse(kept) as Attribution;
    const made = firstPage(location, referrer);
    sessionStorage.setItem(KEY, JSON.stringify(made));
    return made;
  } catch {
    // storage disabled: this page is all there is
    return firstPage(location, referrer);
  }
}

/** Fills every form's attribution fields under `root` (the hidden inputs of the same names). */
export function fillAttribution(root: ParentNode): void {
  const fields = visitAttribution();
  for (const [name, value] of Object.entries(fields))
    for (const input of root.querySelectorAll<HTMLInputElement>(`form input[type=hidden][name="${name}"]`))
      input.value = value;
}
