// npm run bench:login — a login flood (40 connections for 10 s, from many addresses: wrong passwords
// for the admin and for made-up usernames and, with single sign-on configured, sign-ins sent to the
// identity provider and made-up answers from it) against the site as `npm start` serves it, while
// pages and lead submissions are measured, the real admin signs in (password and TOTP code) from
// a device that signed in before, and a person signs in through the provider. Single sign-on is
// configured with a real OpenID provider (oidc-provider, in this process) unless BENCH_LOGIN_SSO=off.
// Last line:
//   site_p99_ms: N leads_p99_ms: N admin_can_sign_in: yes|no
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateSync } from 'otplib';
import { startTestProvider } from '../tests/oidc/test-provider.ts';
import { signInThroughProvider, Walker } from '../tests/oidc/walker.ts';
import { percentile } from './lib/sampling.ts';
import { fmt, freePort, root, startApi, startDatabase } from './lib/stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 40;
const PASSWORD = 'bench-admin-password';
const SSO = process.env.BENCH_LOGIN_SSO !== 'off';

/** A cookie jar of one: the admin's browser. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}
  async post(p: string, body: unknown, ip: string) {
    const res = await fetch(`${this.base}${p}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: this.base,
        'X-Forwarded-For': ip,
        Cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=') as [string, string];
      if (v) this.jar.set(k, v);
      else this.jar.delete(k);
    }
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, string> };
  }
  /** Password, then the code when asked: true when signed in. */
  async signIn(secret: string | undefined, ip: string) {
    const first = await this.post('/api/admin/login', { username: 'admin', password: PASSWORD }, ip);
    if (first.status === 200) return true;
    if (first.status !== 202 || !secret) return false;
    return (
      (await this.post('/api/admin/login/second-factor', { code: generateSync({ secret }) }, ip)).status ===
      200
    );
  }
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

/** Requests one after another until `until`, timing each. */
async function measure(until: number, send: (i: number) => Promise<number>) {
  const ms: number[] = [];
  const failures: number[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const t0 = performance.now();
    const status = await send(i);
    ms.push(performance.now() - t0);
    if (status >= 300) failures.push(status);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ms, failures };
}

if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  if (spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' }).status !== 0) {
    throw new Error('building the site failed');
  }
}
const site = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-site-'));
cpSync(path.join(root, 'web/dist'), site, { recursive: true });
const db = await startDatabase();
const port = await freePort();
const desk = `http://127.0.0.1:${port}`;
const idp = SSO
  ? await startTestProvider({
      redirectUri: `${desk}/api/admin/sso/callback`,
      postLogoutRedirectUri: `${desk}/admin/login`,
    })
  : undefined;
try {
  const api = await startApi(db.url, {
    PORT: String(port),
    PUBLIC_URL: desk,
    ...(idp
      ? {
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          OIDC_ALLOW_HTTP: 'true',
          OIDC_ALLOWED_DOMAINS: 'bench.example',
        }
      : {}),
    TRUST_PROXY: '1',
    STATIC_DIR: site,
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_MFA: 'optional',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lead-desk-bench-data-')),
    LOG_LEVEL: 'warn',
  });
  try {
    // The admin's device signs in and enrols a second factor before the attack.
    const admin = new Browser(api.url);
    if (!(await admin.signIn(undefined, '192.0.2.1'))) throw new Error('the admin could not sign in');
    const enrolment = await admin.post(
      '/api/admin/second-factor/enrolment',
      { password: PASSWORD },
      '192.0.2.1',
    );
    // (A build without a second factor, for comparison, signs in with the password alone.)
    const secret = enrolment.status === 200 ? enrolment.body.secret : undefined;
    if (secret) {
      const code = generateSync({ secret });
      const confirmed = await admin.post('/api/admin/second-factor/enrolment/confirm', { code }, '192.0.2.1');
      if (confirmed.status !== 200) throw new Error(`enrolment failed: ${confirmed.status}`);
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200)); // a fresh code
    } else console.log('(no second factor on this build: the admin signs in with the password alone)');

    const lead = (i: number) =>
      JSON.stringify({
        name: 'Bench Person',
        email: `bench${i}@example.com`,
        message: 'Sent during a login flood.',
      });
    const page = async () => (await fetch(`${api.url}/`)).status;
    const submit = (i: number) =>
      fetch(`${api.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `172.16.${i >> 8}.${i & 255}` },
        body: lead(i),
      }).then((r) => r.status);
    // The same measurements without a flood first: what this machine gives at the moment.
    const quietUntil = Date.now() + 5000;
    const [quietPages, quietLeads] = await Promise.all([
      measure(quietUntil, page),
      measure(quietUntil, (i) => submit(100_000 + i)),
    ]);

    console.log(
      `Login flood: ${CONNECTIONS} connections of wrong logins for ${SECONDS} s, many addresses` +
        (idp
          ? '; single sign-on configured: a third of them start or fake sign-ins through the provider'
          : ''),
    );
    let n = 0;
    const flood = run({
      url: `${api.url}/api/admin/login`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => {
            n += 1;
            const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
            // Sign-ins sent to the provider (each keeps a pending sign-in) and answers it never gave.
            if (idp && n % 3 === 0) {
              const path =
                n % 2 === 0
                  ? '/api/admin/sso/start'
                  : `/api/admin/sso/callback?code=made-up-${n}&state=made-up-${n}&iss=${encodeURIComponent(idp.issuer)}`;
              return { ...req, method: 'GET', path, body: undefined, headers: { 'x-forwarded-for': ip } };
            }
            req.headers = {
              ...req.headers,
              'content-type': 'application/json',
              origin: api.url,
              'x-forwarded-for': ip,
            };
            const username = n % 2 === 0 ? 'admin' : `guess-${n}`;
            req.body = JSON.stringify({ username, password: `wrong password ${n}` });
            return req;
          },
        },
      ],
    });
    const until = Date.now() + SECONDS * 1000;
    const [floodResult, pages, leads, signIns, ssoSignIn] = await Promise.all([
      flood,
      measure(until, page),
      measure(until, submit),
      (async () => {
        await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
        const t0 = performance.now();
        const ok = await admin.signIn(secret, '192.0.2.1');
        return { ok, ms: performance.now() - t0 };
      })(),
      (async () => {
        if (!idp) return undefined;
        await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
        const t0 = performance.now();
        const landed = await signInThroughProvider(
          new Walker(),
          { deskUrl: desk, issuer: idp.issuer },
          'seller@bench.example',
        );
        return { ok: landed === '/admin', landed, ms: performance.now() - t0 };
      })(),
    ]);
    const byStatus = Object.entries(floodResult.statusCodeStats ?? {})
      .map(([s, v]) => `${s}: ${(v as { count: number }).count}`)
      .join(', ');
    console.log(
      `  flood answers: ${byStatus}; p50 ${floodResult.latency.p50} ms, p99 ${floodResult.latency.p99} ms`,
    );
    const line = (name: string, m: { ms: number[]; failures: number[] }) =>
      console.log(
        `  ${name}: ${m.ms.length} requests, p50 ${fmt(percentile(m.ms, 50))} ms, p99 ${fmt(percentile(m.ms, 99))} ms, failures ${m.failures.length}`,
      );
    line('GET / (site), no flood', quietPages);
    line('POST /api/contact (leads), no flood', quietLeads);
    line('GET / (site), during the flood', pages);
    line('POST /api/contact (leads), during the flood', leads);
    console.log(
      `  admin sign-in (known device, password + TOTP) during the flood: ${signIns.ok ? 'ok' : 'REFUSED'} in ${fmt(signIns.ms)} ms`,
    );
    if (ssoSignIn)
      console.log(
        `  sign-in through the identity provider during the flood (every redirect, the code's exchange): ${ssoSignIn.ok ? 'ok' : `REFUSED (${ssoSignIn.landed})`} in ${fmt(ssoSignIn.ms)} ms`,
      );
    const signedIn = signIns.ok && (ssoSignIn?.ok ?? true);
    const canSignIn = signedIn && pages.failures.length === 0 && leads.failures.length === 0;
    console.log(
      `\nsite_p99_ms: ${Math.round(percentile(pages.ms, 99))} leads_p99_ms: ${Math.round(percentile(leads.ms, 99))} admin_can_sign_in: ${signedIn ? 'yes' : 'no'}`,
    );
    if (!canSignIn) process.exitCode = 1;
  } finally {
    await api.stop();
  }
} finally {
  await idp?.close();
  await db.stop();
}
