// A small OpenID Connect provider (the certified `oidc-provider`) with one client, the desk. The
// API's tests run it in their own process (tests/oidc/test-provider.ts); the Docker stack runs it
// as its `idp` service to try single sign-on locally (deploy/idp/server.mjs,
// docs/operations.md#sso-compose). One copy of the code for both. Types: provider.d.mts.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** The longest sign-in form the provider reads (an address and a checkbox). */
const FORM_LIMIT_BYTES = 4096;

/**
 * Starts the provider. Its sign-in page asks for an address (and whether a second factor was
 * used, which it then states in `amr`); there is no password: it is for tests and for trying the
 * desk's single sign-on, not for guarding anything. Everything it knows (people, sessions, codes,
 * its signing key) lives in memory and is gone when it stops.
 *
 * @param {import('./provider.d.mts').ProviderOptions} opts
 * @returns {Promise<import('./provider.d.mts').RunningProvider>}
 */
export async function startProvider(opts) {
  const server = http.createServer();
  const host = opts.host ?? '127.0.0.1';
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve(undefined));
  });
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const issuer = opts.issuer ?? `http://${host}:${port}`;
  const clientId = opts.clientId;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const exported = await exportJWK(privateKey);
  // A new key on every start, named by its thumbprint: a client holding the previous one sees a
  // key id it does not know and fetches the provider's keys again.
  const kid = await calculateJwkThumbprint(exported);
  const jwk = { ...exported, kid, alg: 'RS256', use: 'sig' };
  /** @type {Map<string, import('./provider.d.mts').Person>} */
  const people = new Map();
  /** @type {((claims: import('jose').JWTPayload) => import('jose').JWTPayload) | undefined} */
  let tamper;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    // `amr` (RFC 8176) says how the person signed in: 'mfa' when a second factor was used.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return (
        person && {
          accountId: sub,
          claims: () => ({ sub, email: person.email, email_verified: person.verified, name: person.email }),
        }
      );
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });
  /** @param {string} email */
  const subjectOf = (email) => [...people].find(([, p]) => p.email === email)?.[0];

  // The provider's own sign-in page, through its documented interaction API.
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!match) return next();
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><title>Test identity provider</title>
<h1>Sign in to the test identity provider</h1>
<form method="post" action="/interaction/${match[1]}">
<label>Email <input name="email" type="email" required></label>
<label><input type="checkbox" name="mfa" value="1"> I used my second factor</label>
<button type="submit">Sign in</button>
</form></html>`;
      return;
    }
    const body = await new Promise((resolve, reject) => {
      let text = '';
      ctx.req.on('data', (/** @type {Buffer} */ chunk) => {
        text += chunk.toString();
        if (text.length > FORM_LIMIT_BYTES)
          reject(Object.assign(new Error('form too long'), { status: 413 }));
      });
      ctx.req.on('end', () => resolve(text));
    });
    const form = new URLSearchParams(body);
    const email = (form.get('email') ?? '').trim();
    if (!email.includes('@')) {
      ctx.status = 400;
      ctx.type = 'text';
      ctx.body = 'An email address is required.';
      return;
    }
    let sub = subjectOf(email);
    if (!sub) {
      sub = opts.subjectFromEmail
        ? `person-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`
        : `person-${randomUUID()}`;
      people.set(sub, { email, verified: true });
    }
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    ctx.respond = false;
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: sub, amr: form.get('mfa') ? ['pwd', 'mfa'] : ['pwd'] }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });
  // A misbehaving provider's token answer, when a test asks for one (tamperNextIdToken).
  provider.use(async (ctx, next) => {
    await next();
    const answer = /** @type {{ id_token?: string } | undefined} */ (ctx.body);
    if (ctx.path !== '/token' || ctx.status !== 200 || !tamper || !answer?.id_token) return;
    const change = tamper;
    tamper = undefined;
    const claims = change(decodeJwt(answer.id_token));
    ctx.body = {
      ...answer,
      id_token: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .sign(privateKey),
    };
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret: opts.clientSecret,
    port,
    people,
    subjectOf,
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
