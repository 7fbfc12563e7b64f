import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const ISSUER = 'Starlink portal staff';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** A new shared secret (160 bits, RFC 4226's recommendation), as base32 text. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app scans (as a QR code) or is given as text. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The code of `secret` at `at`: what an authenticator app shows (the tests' own authenticator). */
export const totpCode = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The time step of `code` when it is a code of `secret` at `at`, or one step either side (a phone's clock a little
 * off, a code typed as it changed); null otherwise. The caller keeps the step, so no code is taken twice.
 */
export function totpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD_S) + delta;
}
