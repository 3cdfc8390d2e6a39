import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app reads it), the secret's
 * encryption at rest, and recovery codes (docs/operations.md#second-factor).
 */
export const ISSUER = 'Lead Desk';

export async function newSecret(): Promise<string> {
  return generateSecret({ length: 20 });
}

export async function enrolmentOf(secret: string, username: string) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: username, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code belongs to, when it is the current one or one step either side (clock
 * drift) and later than `afterStep` (codes are single-use); undefined otherwise.
 */
export async function verifyCode(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | undefined> {
  const result = verifySync({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** AES-256-GCM, bound to the account (associated data), so a secret cannot be moved to another. */
export function sealSecret(key: Buffer, adminId: number, secret: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(`totp:${adminId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function openSecret(key: Buffer, adminId: number, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12)).setAAD(
    Buffer.from(`totp:${adminId}`),
  );
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read off paper
export const RECOVERY_CODES = 10;

/** Ten codes of 16 characters (about 79 bits each), shown grouped as xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function hashRecoveryCode(code: string): Buffer {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest();
}

/** Six digits (spaces allowed) are a TOTP code; anything else is tried as a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
