import crypto from 'node:crypto';

const KEY_LEN = 32;

function scryptAsync(password: string, salt: Buffer, N: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes or node refuses the larger costs.
    crypto.scrypt(password, salt, KEY_LEN, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Format: scrypt$N$salt$hash, so the cost can change later without breaking old hashes. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n));
  return expected.length === key.length && crypto.timingSafeEqual(expected, key);
}

export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

/** Tokens are stored hashed so a leaked database does not leak live sessions or reset links. */
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** Six digits from the CSPRNG, leading zeros kept. */
export const sixDigitCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(sha256(a));
  const bb = Buffer.from(sha256(b));
  return crypto.timingSafeEqual(ab, bb);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Human-readable id (no 0/O/1/I) for wallet ids and transfer references people type into bank apps. */
export function humanId(prefix: string, length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  return `${prefix}-${out}`;
}
