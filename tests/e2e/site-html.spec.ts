import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { siteMap } from './site-routes.ts';

// What the server answers for each public page, read as a crawler reads it: no browser needed
// (site-pages.spec.ts opens each page in one). One check a test, so a failure names the page and
// the check. Through nginx too, when the compose test runs this suite against it.

const html = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
};
/** The `content` of `<meta {attr}="{name}">` (or the `href` of `<link rel="{name}">`) in the page. */
const head = (page: string, tag: 'meta' | 'link', attr: string, name: string) => {
  const element = new RegExp(`<${tag}\\s[^>]*${attr}="${name}"[^>]*>`).exec(page)?.[0];
  return element && /(?:content|href)="([^"]*)"/.exec(element)?.[1];
};

/** deploy/security-headers.json: what every answer carries, from nginx and `npm start` alike. */
const securityHeaders = (
  JSON.parse(readFileSync(new URL('../../deploy/security-headers.json', import.meta.url), 'utf8')) as {
    always: Record<string, string>;
  }
).always;

for (const path of siteMap.pages) {
  test.describe(path, () => {
    test('sends the site’s security headers', async ({ request }) => {
      const headers = (await request.get(path)).headers();
      const { 'Content-Security-Policy': policy, ...fixed } = securityHeaders;
      for (const [name, value] of Object.entries(fixed))
        expect(headers[name.toLowerCase()], name).toBe(value);
      const [before, after] = policy!.split('INLINE_SCRIPT_HASHES');
      expect(headers['content-security-policy']?.startsWith(before!)).toBe(true);
      expect(headers['content-security-policy']?.endsWith(after!)).toBe(true);
    });

    test('runs only scripts its Content-Security-Policy allows', async ({ request }) => {
      const res = await request.get(path);
      const policy = res.headers()['content-security-policy'] ?? '';
      // Scripts the browser runs: a file of the site's own ('self'), or inline code whose hash the
      // policy lists. JSON data in a script element is not run.
      const scripts = [...(await res.text()).matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !/\stype="(?!module")/.test(attrs!),
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, code] of scripts) {
        const src = /\ssrc="([^"]*)"/.exec(attrs!)?.[1];
        if (src) expect(src, 'a script of the site itself').toMatch(/^\/[^/]/);
        else
          expect(policy, code!.slice(0, 80)).toContain(
            `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
          );
      }
    });

    test('answers 200 with HTML', async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
    });

    test('has a description of its own', async ({ request }) => {
      expect(
        head(await html(request, path), 'meta', 'name', 'description')?.trim().length,
      ).toBeGreaterThanOrEqual(10);
    });

    test('names itself as the canonical address', async ({ request }) => {
      const canonical = head(await html(request, path), 'link', 'rel', 'canonical');
      expect(new URL(canonical!).pathname).toBe(path);
    });

    test('has an Open Graph title', async ({ request }) => {
      expect(head(await html(request, path), 'meta', 'property', 'og:title')).toMatch(/\S/);
    });

    test('answers a HEAD request as GET does, without the body', async ({ request }) => {
      const res = await request.head(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      expect(await res.body()).toHaveLength(0);
    });
  });
}

test('an unknown path answers a HEAD request with 404, without the body', async ({ request }) => {
  const res = await request.head('/no-such-page');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(await res.body()).toHaveLength(0);
});

test('robots.txt keeps the admin out', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
});

test('sitemap.xml lists the public routes, and nothing of the admin', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(listed.sort()).toEqual([...siteMap.pages].sort());
  expect(sitemap).not.toContain('/admin');
});

// The unlisted pages: the newsletter's link pages (docs/product.md#follow-up), reached only from an
// email, and the pages a lead form posted without JavaScript lands on.
test('the unlisted pages are the newsletter’s six and the forms’ five', () => {
  expect([...siteMap.unlisted].sort()).toEqual([
    '/forms/contact-sent',
    '/forms/demo-sent',
    '/forms/get-started-sent',
    '/forms/newsletter-sent',
    '/forms/not-sent',
    '/newsletter/confirm',
    '/newsletter/confirm-failed',
    '/newsletter/confirmed',
    '/newsletter/unsubscribe',
    '/newsletter/unsubscribe-failed',
    '/newsletter/unsubscribed',
  ]);
});

for (const path of siteMap.unlisted) {
  test(`${path} is real HTML kept out of search engines`, async ({ request }) => {
    expect(await html(request, `${path}?token=abc.def`)).toContain('<meta name="robots" content="noindex"/>');
  });
}

test('the sitemap leaves the unlisted pages out', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/newsletter/');
  expect(sitemap).not.toContain('/forms/');
});
