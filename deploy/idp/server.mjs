// The Docker stack's development identity provider (docker-compose.sso.yml,
// docs/operations.md#sso-compose): deploy/idp/provider.mjs listening on every address, on the
// port of its issuer URL, with the desk's client from the environment:
//   OIDC_ISSUER                    where browsers and the API reach it, e.g. http://idp.localhost:9000
//   OIDC_CLIENT_ID, OIDC_CLIENT_SECRET
//   REDIRECT_URI                   the desk's PUBLIC_URL + /api/admin/sso/callback
//   POST_LOGOUT_REDIRECT_URI       the desk's PUBLIC_URL + /admin/login
// For trying single sign-on only: anyone signs in with any address, and it forgets its sessions
// and signing key when it stops (a person's subject comes from their address and stays the same).
import { startProvider } from './provider.mjs';

const env = process.env;
const missing = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'REDIRECT_URI',
  'POST_LOGOUT_REDIRECT_URI',
].filter((name) => !env[name]);
if (missing.length > 0) {
  console.error(`idp: ${missing.join(', ')} must be set`);
  process.exit(1);
}
const issuer = new URL(env.OIDC_ISSUER);
const provider = await startProvider({
  issuer: env.OIDC_ISSUER,
  host: '0.0.0.0',
  port: Number(issuer.port || (issuer.protocol === 'https:' ? 443 : 80)),
  clientId: env.OIDC_CLIENT_ID,
  clientSecret: env.OIDC_CLIENT_SECRET,
  redirectUri: env.REDIRECT_URI,
  postLogoutRedirectUri: env.POST_LOGOUT_REDIRECT_URI,
  // The desk knows its people by subject: the same address is the same person after a restart.
  subjectFromEmail: true,
});
console.log(
  `idp: development identity provider at ${provider.issuer} (listening on port ${provider.port}) for client ` +
    `${provider.clientId}, redirect URI ${env.REDIRECT_URI}`,
);
// node is PID 1 in the container: stop on the signals `docker stop` and Ctrl-C send.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
