import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

const derive = (secret: string, salt: Buffer, n: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/** A slow, salted hash of a client secret: `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** A hash of a random secret, checked when the clientId is unknown so both answers take as long. */
let dummyHash: Promise<string> | undefined;

/** Constant-time check of `secret` against a stored hash; `undefined` hash costs the same and fails. */
export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  const real = !!stored;
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
  const parts = (stored ?? (await dummyHash)).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return timingSafeEqual(actual, expected) && real;
}
