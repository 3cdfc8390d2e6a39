// Shared by the API's tests (api/test/sso-helpers.ts) and bench:login: a sign-in walked between the
// desk and an OpenID provider the way a browser walks it, one redirect at a time.

/**
 * A client with cookies, one jar per origin, that follows redirects one at a time: enough of a
 * browser to walk the sign-in between the desk and the test provider (a real browser walks it in
 * tests/e2e/desk-single-sign-on.own-server.spec.ts).
 */
export class Walker {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  dropCookie(origin: string, name: string): void {
    this.jars.get(origin)?.delete(name);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response> {
    const { origin } = new URL(url);
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
      headers.origin = origin;
    }
    const res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = value === '' || attributes.some((a) => /expires=.*1970/i.test(a));
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** Follows redirects from `url` until an answer that is not one, or a URL `stop` picks (not fetched). */
  async follow(
    url: string,
    stop: (at: URL) => boolean = () => false,
    init?: Parameters<Walker['request']>[1],
  ): Promise<{ url: URL; res?: Response }> {
    let at = new URL(url);
    let next = init;
    for (let hops = 0; hops < 20; hops++) {
      if (hops > 0 && stop(at)) return { url: at };
      const res = await this.request(at.href, next);
      next = undefined;
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: at, res };
      await res.arrayBuffer();
      at = new URL(location, at);
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** Where the desk sends the browser (a path with its query) once the provider has answered. */
export async function signInThroughProvider(
  w: Walker,
  at: { deskUrl: string; issuer: string },
  email: string,
  opts: { mfa?: boolean; startQuery?: string; stopAtCallback?: boolean } = {},
): Promise<string> {
  const page = await w.follow(`${at.deskUrl}/api/admin/sso/start${opts.startQuery ?? ''}`);
  if (!page.url.href.startsWith(`${at.issuer}/interaction/`))
    throw new Error(`not at the provider's sign-in page: ${page.url.href} (${page.res?.status})`);
  const done = await w.follow(
    page.url.href,
    (url) =>
      url.origin === at.deskUrl &&
      (!url.pathname.startsWith('/api/') ||
        (opts.stopAtCallback === true && url.pathname === '/api/admin/sso/callback')),
    { form: { email, ...(opts.mfa ? { mfa: '1' } : {}) } },
  );
  return `${done.url.pathname}${done.url.search}`;
}
