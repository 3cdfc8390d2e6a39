import { startTestProvider, type TestProvider } from '../../tests/oidc/test-provider.ts';
import { signInThroughProvider as signInWith, Walker } from '../../tests/oidc/walker.ts';
import { discoverProvider } from '../src/admin/sso/provider.ts';
import type { Config, OidcConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './harness.ts';

export { Walker };

export interface SsoWorld {
  t: TestApp;
  idp: TestProvider;
}

/** The app with single sign-on through a test provider of its own (more settings in `config`). */
export async function startAppWithProvider(
  config: Partial<Config> = {},
  oidc: Partial<OidcConfig> = {},
): Promise<SsoWorld> {
  let idp!: TestProvider;
  const t = await startTestApp(config, {
    atAddress: async (baseUrl) => {
      const settings: OidcConfig = {
        issuer: '',
        clientId: '',
        clientSecret: '',
        displayName: 'Test IdP',
        redirectUri: `${baseUrl}/api/admin/sso/callback`,
        postLogoutRedirectUri: `${baseUrl}/admin/login`,
        allowedDomains: [],
        defaultRole: 'viewer',
        allowHttp: true,
        ...oidc,
      };
      idp = await startTestProvider({
        redirectUri: settings.redirectUri,
        postLogoutRedirectUri: settings.postLogoutRedirectUri,
      });
      Object.assign(settings, { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
      return {
        config: { publicUrl: baseUrl, oidc: settings },
        singleSignOn: await discoverProvider(settings),
      };
    },
  });
  return { t, idp };
}

/** Where the desk sends the browser (a path with its query) once the provider has answered. */
export const signInThroughProvider = (
  w: Walker,
  world: SsoWorld,
  email: string,
  opts?: Parameters<typeof signInWith>[3],
) => signInWith(w, { deskUrl: world.t.baseUrl, issuer: world.idp.issuer }, email, opts);
