import type { MfaPolicy } from '../config.ts';
import type { Role } from '../contract/load.ts';

/** Where the desk's account stands with its second factor (docs/operations.md#second-factor). */
export interface SecondFactorStatus {
  policy: MfaPolicy;
  enrolled: boolean;
  /** ADMIN_MFA=required and not enrolled: only enrolment (and the session, logout) answers. */
  mustEnrol: boolean;
  recoveryCodesLeft: number;
}

/** The desk account a signed-in request is made by (auth.service.ts makes it from the session). */
export interface AdminPrincipal {
  adminId: number;
  username: string;
  /** What the account may do (docs/operations.md#roles). */
  role: Role;
  expiresAt: Date;
  secondFactor: SecondFactorStatus;
  /** Hash of this session's id, to keep it when others end. */
  sessionHash: Buffer;
  /** How the session began: a password (and code), or the identity provider (docs/operations.md#single-sign-on). */
  signedInWith: 'password' | 'single-sign-on';
  signedInAt: Date;
  /** An account made by single sign-on has no password of the desk. */
  hasPassword: boolean;
}
