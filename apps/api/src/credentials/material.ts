import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * The one-time download link of a credential ZIP and the sealing of the stored ZIP. The ZIP itself
 * (keys, secrets, files) is made by `@econ/server-kit/credentialMaterial`, which the console
 * backend's tests read too.
 */

/**
 * The one-time link: 16 bytes naming the row (stored only as a sha256) and 32 bytes of AES key
 * (never stored). Without the link the stored ZIP cannot be read.
 */
export interface DownloadLink {
  token: string;
  downloadId: string;
  key: Buffer;
}

export function newDownloadLink(): DownloadLink {
  const id = randomBytes(16);
  const key = randomBytes(32);
  return { token: Buffer.concat([id, key]).toString('base64url'), downloadId: sha256(id), key };
}

export function parseDownloadToken(token: string): { downloadId: string; key: Buffer } | undefined {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return undefined;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 48) return undefined;
  return { downloadId: sha256(raw.subarray(0, 16)), key: raw.subarray(16) };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** AES-256-GCM: iv (12) | tag (16) | ciphertext. */
export function seal(key: Buffer, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed blob, or `undefined` when the key is wrong or the blob was altered. */
export function open(key: Buffer, sealed: Uint8Array): Uint8Array | undefined {
  const buf = Buffer.from(sealed);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]);
  } catch {
    return undefined;
  }
}
