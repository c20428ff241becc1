import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1';
const B64URL = /^[A-Za-z0-9_-]*$/;

/**
 * AES-256-GCM with a 32-byte key: `seal(plaintext)` gives `v1.<iv>.<tag>.<ciphertext>` (each part
 * base64url, a fresh random 12-byte IV each time); `open()` reverses it and throws when the value
 * was altered, the key is wrong or the associated data differs.
 *
 * `associatedData` (for example the row id) is authenticated but not stored: a sealed value copied
 * to another row does not open there. Leaving it out is the same as passing `''`.
 * The key is kept in a private field, so it does not show in `console.log` or `JSON.stringify`.
 */
export class SecretBox {
  readonly #key: Buffer;

  /** @param key exactly 32 bytes (copied); anything else throws. */
  constructor(key: Uint8Array) {
    if (!(key instanceof Uint8Array) || key.length !== KEY_BYTES)
      throw new Error(`SecretBox needs a key of exactly ${KEY_BYTES} bytes (got ${describeLength(key)})`);
    this.#key = Buffer.from(key);
  }

  /** Encrypts a string; the result is ASCII (`v1.` and base64url parts), safe to store as text. */
  seal(plaintext: string, associatedData?: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(associatedData ?? '', 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [PREFIX, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /**
   * Decrypts what {@link seal} produced with the same key and associated data. Throws (never
   * returns garbage) for a malformed value, an altered one, a wrong key or wrong associated data;
   * the error says which of these it cannot tell, and never includes the value.
   */
  open(sealed: string, associatedData?: string): string {
    const parts = typeof sealed === 'string' ? sealed.split('.') : [];
    const [prefix, ...encoded] = parts;
    if (parts.length !== 4 || prefix !== PREFIX)
      throw new Error('Sealed value is malformed: expected v1.<iv>.<tag>.<ciphertext>');
    const [iv, tag, body] = encoded.map(decodeCanonical);
    if (!iv || iv.length !== IV_BYTES || !tag || tag.length !== TAG_BYTES || !body)
      throw new Error(
        'Sealed value is malformed: its iv, tag or ciphertext is not valid base64url of the right length',
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedData ?? '', 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('Sealed value cannot be opened: it was altered, or the key or associated data is wrong');
    }
  }
}

/**
 * Decodes base64url only in its one canonical spelling, so that every changed character is
 * noticed (Node's decoder ignores stray characters and the unused low bits of the last one).
 */
function decodeCanonical(part: string): Buffer | undefined {
  if (!B64URL.test(part)) return undefined;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : undefined;
}

const describeLength = (key: unknown) =>
  key instanceof Uint8Array ? `${key.length} bytes` : key === null ? 'null' : `a ${typeof key}`;

/** Where the vault key file lives in the data directory. */
export const vaultKeyFile = (dataDir: string): string => join(resolve(dataDir), 'vault.key');

/**
 * The vault key: `BFF_SECRET_KEY` when given (64 hex characters, or 44 characters of base64 or
 * base64url, padded, encoding 32 bytes); otherwise the key file `${dataDir}/vault.key`, created
 * once (32 random bytes, base64, mode 0600; the directory is created when missing) and read on
 * every later call. An empty or blank `secretKey` counts as not given.
 *
 * Returns the key and where it came from: `'env'` or the key file's path. Throws a clear error
 * (without the value) for a malformed `BFF_SECRET_KEY` or a damaged key file.
 *
 * Whatever was sealed can only be opened with the same key: losing the file, or switching between
 * the file and `BFF_SECRET_KEY`, makes the vault unreadable.
 */
export function loadVaultKey(opts: { secretKey?: string | undefined; dataDir: string }): {
  key: Uint8Array;
  source: string;
} {
  const given = opts.secretKey?.trim();
  if (given) return { key: parseEnvKey(given), source: 'env' };

  const file = vaultKeyFile(opts.dataDir);
  createKeyFileOnce(file);
  const text = readFileSync(file, 'utf8').trim();
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text) || key.length !== KEY_BYTES)
    throw new Error(
      `The vault key file ${file} is damaged: it must hold ${KEY_BYTES} bytes in base64 (44 characters). ` +
        'Restore it from a backup; without it the vault cannot be opened.',
    );
  return { key: new Uint8Array(key), source: file };
}

function parseEnvKey(value: string): Uint8Array {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return new Uint8Array(Buffer.from(value, 'hex'));
  if (/^[A-Za-z0-9+/_-]{43}=$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES && key.toString('base64') === value.replace(/-/g, '+').replace(/_/g, '/'))
      return new Uint8Array(key);
  }
  throw new Error(
    `BFF_SECRET_KEY is malformed (${value.length} characters): it must be ${KEY_BYTES} bytes written as 64 hex ` +
      `characters or 44 characters of base64; generate one with \`openssl rand -hex ${KEY_BYTES}\``,
  );
}

/**
 * Creates the key file when missing: the new key is written to a temporary file (mode 0600) and
 * hard-linked into place, so the key file appears whole or not at all, and when two processes race
 * the first one wins and both read its key. Where hard links are not supported, the file is created
 * directly (exclusive create).
 */
function createKeyFileOnce(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  const content = `${randomBytes(KEY_BYTES).toString('base64')}\n`;
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, content, { mode: 0o600, flag: 'wx' });
    chmodSync(tmp, 0o600); // whatever the umask
    linkSync(tmp, file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    try {
      writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code !== 'EEXIST') throw e2;
    }
  } finally {
    rmSync(tmp, { force: true });
  }
}
