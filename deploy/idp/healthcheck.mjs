// Docker HEALTHCHECK for the development identity provider: healthy when its discovery document
// answers on the port of its issuer URL (the API reads it at start).
const issuer = new URL(process.env.OIDC_ISSUER ?? 'http://localhost');
const timer = setTimeout(() => process.exit(1), 4000);
try {
  const res = await fetch(`http://127.0.0.1:${issuer.port || 80}/.well-known/openid-configuration`);
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  clearTimeout(timer);
  process.exit(1);
}
