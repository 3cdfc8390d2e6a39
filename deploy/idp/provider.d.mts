import type { JWTPayload } from 'jose';

/** A person of the provider: the address it states, and whether it says it verified it. */
export interface Person {
  email: string;
  verified: boolean;
}

export interface ProviderOptions {
  /** Where the provider says it is (`iss`); by default http://<host>:<port> as it listens. */
  issuer?: string;
  /** The address to listen on (default 127.0.0.1) and the port (default: any free one). */
  host?: string;
  port?: number;
  /** The one client, the desk: its id, secret, redirect URI and post-logout redirect URI. */
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /**
   * A new person's subject (`sub`) from their address, so that it stays the same when the
   * provider restarts and forgets everyone (the desk finds its accounts by subject); by default a
   * random one.
   */
  subjectFromEmail?: boolean;
}

export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The port it listens on. */
  port: number;
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

export declare function startProvider(opts: ProviderOptions): Promise<RunningProvider>;
