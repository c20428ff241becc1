import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVaultKey, SecretBox, vaultKeyFile } from './secretBox';

const KEY = randomBytes(32);
const SECRET = 'client secret: sEcReT-do-not-leak ✓';

describe('SecretBox', () => {
  it('round-trips, with and without associated data, including empty and long strings', () => {
    const box = new SecretBox(KEY);
    for (const text of [SECRET, '', 'x'.repeat(100_000), JSON.stringify({ a: 'ünïcødé 🔑' })]) {
      expect(box.open(box.seal(text))).toBe(text);
      expect(box.open(box.seal(text, 'cred-1'), 'cred-1')).toBe(text);
    }
  });

  it('produces v1.<iv>.<tag>.<ciphertext> in base64url, without the plaintext', () => {
    const sealed = new SecretBox(KEY).seal(SECRET, 'cred-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('sEcReT');
  });

  it('uses a fresh IV: sealing twice gives different strings', () => {
    const box = new SecretBox(KEY);
    const a = box.seal(SECRET);
    const b = box.seal(SECRET);
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('throws when any single character is changed, even by one bit of its base64url value', () => {
    // The smallest change: flip the lowest bit of the character's 6-bit value. In the last character
    // of a part that bit may be unused padding, which a lenient decoder would not notice.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const box = new SecretBox(KEY);
    for (let round = 0; round < 20; round++) {
      const sealed = box.seal(SECRET, 'cred-1');
      for (let i = 0; i < sealed.length; i++) {
        const c = sealed[i]!;
        const changed = c === '.' ? '_' : ALPHABET[ALPHABET.indexOf(c) ^ 1]!;
        const tampered = sealed.slice(0, i) + changed + sealed.slice(i + 1);
        expect(() => box.open(tampered, 'cred-1'), `position ${i} of ${sealed}`).toThrow();
      }
    }
  });

  it('throws for a truncated or extended value and for garbage', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal(SECRET);
    expect(() => box.open(sealed.slice(0, -1))).toThrow();
    expect(() => box.open(`${sealed}A`)).toThrow();
    expect(() => box.open(`${sealed}.A`)).toThrow(/malformed/);
    expect(() => box.open('v2.a.b.c')).toThrow(/malformed/);
    expect(() => box.open('')).toThrow(/malformed/);
  });

  it('throws with the wrong key, naming no secret', () => {
    const sealed = new SecretBox(KEY).seal(SECRET);
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(sealed)).toThrow(
      'Sealed value cannot be opened: it was altered, or the key or associated data is wrong',
    );
  });

  it('throws with the wrong associated data (a value moved to another row)', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal(SECRET, 'cred-1');
    expect(() => box.open(sealed, 'cred-2')).toThrow(/cannot be opened/);
    expect(() => box.open(sealed)).toThrow(/cannot be opened/);
    expect(() => box.open(box.seal(SECRET), 'cred-1')).toThrow(/cannot be opened/);
  });

  it('needs a key of exactly 32 bytes, and copies it', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('SecretBox needs a key of exactly 32 bytes (got 16 bytes)');
    expect(() => new SecretBox(new Uint8Array(33))).toThrow(/exactly 32 bytes/);
    expect(() => new SecretBox('k'.repeat(32) as unknown as Uint8Array)).toThrow(/exactly 32 bytes/);
    const key = new Uint8Array(KEY);
    const box = new SecretBox(key);
    const sealed = box.seal(SECRET);
    key.fill(0);
    expect(box.open(sealed)).toBe(SECRET);
  });

  it('does not show its key when logged or serialized', () => {
    const box = new SecretBox(KEY);
    expect(JSON.stringify(box)).not.toContain(KEY.toString('base64'));
    expect(Object.keys(box)).toEqual([]);
  });
});

describe('loadVaultKey', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'bff-vault-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the key file once (mode 0600) and returns the same key afterwards', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = loadVaultKey({ dataDir });
    const file = vaultKeyFile(dataDir);
    expect(first.source).toBe(file);
    expect(first.key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = readFileSync(file, 'utf8');
    expect(Buffer.from(content.trim(), 'base64')).toEqual(Buffer.from(first.key));

    const second = loadVaultKey({ dataDir, secretKey: undefined });
    expect(second.source).toBe(file);
    expect(Buffer.from(second.key)).toEqual(Buffer.from(first.key));
    expect(readFileSync(file, 'utf8')).toBe(content);

    // a value sealed with the first key opens with the second
    expect(new SecretBox(second.key).open(new SecretBox(first.key).seal(SECRET, 'x'), 'x')).toBe(SECRET);
  });

  it('treats an empty BFF_SECRET_KEY as not given', () => {
    const dataDir = tempDir();
    expect(loadVaultKey({ dataDir, secretKey: '' }).source).toBe(vaultKeyFile(dataDir));
    expect(loadVaultKey({ dataDir, secretKey: '   ' }).source).toBe(vaultKeyFile(dataDir));
  });

  it('refuses a damaged key file', () => {
    const dataDir = tempDir();
    writeFileSync(vaultKeyFile(dataDir), 'too short\n', { mode: 0o600 });
    expect(() => loadVaultKey({ dataDir })).toThrow(/vault key file .*vault\.key is damaged/);
  });

  it('takes BFF_SECRET_KEY in hex', () => {
    const dataDir = tempDir();
    const hex = KEY.toString('hex');
    for (const value of [hex, hex.toUpperCase(), ` ${hex}\n`]) {
      const { key, source } = loadVaultKey({ dataDir, secretKey: value });
      expect(source).toBe('env');
      expect(Buffer.from(key)).toEqual(KEY);
    }
    expect(() => statSync(vaultKeyFile(dataDir))).toThrow(); // no file written
  });

  it('takes BFF_SECRET_KEY in base64 (44 characters), standard or url alphabet', () => {
    const dataDir = tempDir();
    const key = Buffer.from('fb'.repeat(32), 'hex'); // base64 with + and /
    const b64 = key.toString('base64');
    expect(b64).toHaveLength(44);
    expect(b64).toMatch(/[+/]/);
    for (const value of [b64, b64.replace(/\+/g, '-').replace(/\//g, '_')]) {
      const loaded = loadVaultKey({ dataDir, secretKey: value });
      expect(loaded.source).toBe('env');
      expect(Buffer.from(loaded.key)).toEqual(key);
    }
  });

  it('refuses a malformed BFF_SECRET_KEY with a clear message that does not repeat it', () => {
    const dataDir = tempDir();
    const b64 = KEY.toString('base64');
    const malformed = [
      'not-a-key-at-all-sEcReT',
      KEY.toString('hex').slice(0, 62), // 31 bytes
      `${KEY.toString('hex')}00`, // 33 bytes
      `${KEY.toString('hex').slice(0, 63)}g`,
      b64.slice(0, 43), // unpadded
      randomBytes(33).toString('base64'),
      `${b64.slice(0, 42)}!=`,
    ];
    for (const value of malformed) {
      let message = '';
      try {
        loadVaultKey({ dataDir, secretKey: value });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, value).toMatch(
        /^BFF_SECRET_KEY is malformed \(\d+ characters\): it must be 32 bytes written as 64 hex characters or 44 characters of base64/,
      );
      expect(message).not.toContain(value);
    }
  });
});
