import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/** A person of the test provider: the address it states, and whether it says it verified it. */
export interface Person {
  email: string;
  verified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By subject (`sub`); a sign-in with an address nobody has makes a new, verified person. */
  people: Map<string, Person>;
  /** The subject with that address, or undefined. */
  subjectOf(email: string): string | undefined;
  /**
   * Changes the next ID token the token endpoint answers, re-signed with the provider's own key:
   * what a misbehaving or compromised provider would send (a wrong audience, nonce or expiry).
   */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the certified `oidc-provider`) in the test process, with one
 * client registered for the desk's redirect URI. Its sign-in page asks for an address (and whether
 * a second factor was used, which it then states in `amr`); there is no password: the tests are
 * about what the desk does with the provider's answers, not the provider's own sign-in.
 */
export async function startTestProvider(opts: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  port?: number;
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'lead-desk';
  const clientSecret = `secret-${randomUUID()}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const people = new Map<string, Person>();
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
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
  const subjectOf = (email: string) => [...people].find(([, p]) => p.email === email)?.[0];

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
    const body = await new Promise<string>((resolve) => {
      let text = '';
      ctx.req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      ctx.req.on('end', () => resolve(text));
    });
    const form = new URLSearchParams(body);
    const email = form.get('email') ?? '';
    let sub = subjectOf(email);
    if (!sub) {
      sub = `person-${randomUUID()}`;
      people.set(sub, { email, verified: true });
    }
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id as string });
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
  // A misbehaving provider's token answer, when a test asks for one.
  provider.use(async (ctx, next) => {
    await next();
    const answer = ctx.body as { id_token?: string } | undefined;
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
    clientSecret,
    people,
    subjectOf,
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
