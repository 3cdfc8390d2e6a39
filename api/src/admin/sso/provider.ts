import type * as OpenIdClient from 'openid-client';
import type { OidcConfig } from '../../config.ts';

/** The identity provider as discovered at start, with the settings that chose it. */
export interface SingleSignOnProvider {
  settings: OidcConfig;
  client: OpenIdClient.Configuration;
  /**
   * openid-client, loaded with the provider: a server without single sign-on never loads it.
   */
  oidc: typeof OpenIdClient;
  /** The provider's RP-initiated logout (`end_session_endpoint`), when it offers one. */
  signsOut: boolean;
}

/** Seconds a request to the provider may take (discovery, the code's exchange, its keys). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * How far the provider's clock may be from ours, in seconds: openid-client's own tolerance for the
 * ID token's `exp` and `nbf` (its default), and ours for `iat`, which it checks only for the past.
 */
export const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * True for an ID token issued later than now (beyond the tolerance): a provider's clock gone
 * wrong, or a token made to be used later (docs/operations.md#single-sign-on).
 */
export function issuedInFuture(claims: { iat?: unknown }, now = Date.now() / 1000): boolean {
  return typeof claims.iat === 'number' && claims.iat > now + CLOCK_TOLERANCE_SECONDS;
}

/**
 * Reads the provider's discovery document (`<issuer>/.well-known/openid-configuration`) once, at
 * start: openid-client checks that it names the configured issuer, and every later check (the
 * ID token's signature against the provider's keys, issuer, audience, expiry, nonce; the `iss` of
 * the answer) follows from it. A provider that cannot be reached or answers something else stops
 * the start with the reason (docs/operations.md#single-sign-on), instead of a button that fails.
 */
export async function discoverProvider(settings: OidcConfig): Promise<SingleSignOnProvider> {
  const oidc = await import('openid-client');
  let found: OpenIdClient.Configuration;
  try {
    found = await oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      {
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri],
        [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
      },
      oidc.ClientSecretBasic(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
  } catch (err) {
    const cause = (err as Error & { cause?: unknown }).cause;
    const why = [(err as Error).message, cause instanceof Error ? cause.message : undefined]
      .filter(Boolean)
      .join(': ');
    throw new Error(
      `Single sign-on: the identity provider at OIDC_ISSUER=${settings.issuer} could not be discovered (${why}). ` +
        'Check the issuer URL (its /.well-known/openid-configuration must answer) or unset OIDC_ISSUER.',
      { cause: err },
    );
  }
  return {
    settings,
    client: found,
    oidc,
    signsOut: Boolean(found.serverMetadata().end_session_endpoint),
  };
}
