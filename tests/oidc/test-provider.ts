import { randomUUID } from 'node:crypto';
import { startProvider, type Person, type RunningProvider } from '../../deploy/idp/provider.mjs';

export type { Person };
export type TestProvider = RunningProvider;

/**
 * A real OpenID Connect provider (the certified `oidc-provider`) in the test process, on a free
 * port of 127.0.0.1, with one client registered for the desk's redirect URI and a secret of its
 * own. The provider is deploy/idp/provider.mjs, the one the Docker stack runs as its `idp`
 * service: its sign-in page asks for an address (and whether a second factor was used, which it
 * then states in `amr`); there is no password: the tests are about what the desk does with the
 * provider's answers, not the provider's own sign-in.
 */
export function startTestProvider(opts: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  port?: number;
}): Promise<TestProvider> {
  return startProvider({ ...opts, clientId: 'lead-desk', clientSecret: `secret-${randomUUID()}` });
}
