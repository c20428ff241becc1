import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWellFormed, parseRange, signature, signedUrl, verifyLink } from './links';

const SECRET = 's'.repeat(40);
const ID = '6523f1a2b4c5d6e7f8091a2b';
const NAME = 'monthly-forecast-volumes-6523f1a2b4c5d6e7f8091a2c-part-0001.parquet';
const EXPIRES_AT = new Date('2026-11-23T12:00:00Z');
const expires = String(EXPIRES_AT.getTime() / 1000);

/** The query of a signed link as the route reads it. */
function parts(url: string) {
  const u = new URL(url);
  const [, , , exportId, fileName] = u.pathname.split('/');
  return {
    exportId: exportId!,
    fileName: fileName!,
    expires: u.searchParams.get('X-Expires') ?? undefined,
    signature: u.searchParams.get('X-Signature') ?? undefined,
  };
}

describe('signedUrl', () => {
  it('is absolute on the base URL and carries the expiry in seconds and a hex HMAC', () => {
    const url = signedUrl('https://api.example.com', SECRET, ID, NAME, EXPIRES_AT);
    expect(url).toBe(
      `https://api.example.com/downloads/exports/${ID}/${NAME}?X-Expires=${expires}&X-Signature=${signature(SECRET, ID, NAME, Number(expires))}`,
    );
    expect(parts(url).signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs method, path and expiry (a known HMAC-SHA256 value)', () => {
    // echo -n "GET\n/downloads/exports/<id>/<name>\n<expires>" | openssl dgst -sha256 -hmac <secret>
    const expected = createHmac('sha256', SECRET)
      .update(`GET\n/downloads/exports/${ID}/${NAME}\n${expires}`)
      .digest('hex');
    expect(signature(SECRET, ID, NAME, Number(expires))).toBe(expected);
  });
});

/** The hex string with its last digit changed. */
const flipLast = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');

describe('verifyLink', () => {
  const url = signedUrl('http://x', SECRET, ID, NAME, EXPIRES_AT);
  const check = (
    patch: Partial<ReturnType<typeof parts>> = {},
    now = new Date(EXPIRES_AT.getTime() - 1),
    secret = SECRET,
  ) => verifyLink({ secret, ...parts(url), ...patch, now });

  it('accepts the untouched link until 1 ms before the expiry', () => {
    expect(check()).toEqual({ ok: true, expiresAt: EXPIRES_AT });
  });
  it('refuses it as expired at the expiry and after', () => {
    expect(check({}, EXPIRES_AT)).toMatchObject({ ok: false, reason: 'expired' });
    expect(check({}, new Date(EXPIRES_AT.getTime() + 3600_000))).toMatchObject({ ok: false, reason: 'expired' });
  });
  it.each([
    ['a later expiry', { expires: String(Number(expires) + 3600) }],
    ['an earlier expiry', { expires: String(Number(expires) - 1) }],
    ['another export id', { exportId: '6523f1a2b4c5d6e7f8091aff' }],
    ['another file name', { fileName: NAME.replace('0001', '0002') }],
    ['a changed signature', { signature: flipLast(parts(url).signature!) }],
    ['a short signature', { signature: 'abcd' }],
    ['a non-hex signature', { signature: 'z'.repeat(64) }],
    ['a non-numeric expiry', { expires: '1e12' }],
  ])('refuses %s as a bad signature', (_, patch) => {
    expect(check(patch)).toMatchObject({ ok: false, reason: 'signature' });
  });
  it('refuses a link signed with another secret', () => {
    expect(check({}, undefined, 't'.repeat(40))).toMatchObject({ ok: false, reason: 'signature' });
  });
  it('refuses a link without expiry or signature', () => {
    expect(check({ expires: undefined })).toMatchObject({ ok: false, reason: 'unsigned' });
    expect(check({ signature: undefined })).toMatchObject({ ok: false, reason: 'unsigned' });
  });
  it('a tampered link that is also past its expiry is still a bad signature, not expired', () => {
    expect(check({ expires: String(Number(expires) - 10) }, EXPIRES_AT)).toMatchObject({ reason: 'signature' });
  });
  it.each([
    ['../../etc/passwd'],
    ['..%2F..%2Fetc%2Fpasswd.parquet'],
    ['../x.parquet'],
    ['/etc/x.parquet'],
    ['a/b.parquet'],
    ['a\\b.parquet'],
    ['..parquet'],
    ['.hidden.parquet'],
    ['x.csv'],
    [''],
  ])('refuses the file name %j as malformed before anything else', (fileName) => {
    expect(check({ fileName })).toMatchObject({ ok: false, reason: 'malformed' });
  });
  it.each([['../x'], ['6523F1A2B4C5D6E7F8091A2B'], ['']])('refuses the export id %j as malformed', (exportId) => {
    expect(check({ exportId })).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('isWellFormed', () => {
  it('accepts the names the writer makes', () => {
    expect(isWellFormed(ID, NAME)).toBe(true);
    expect(isWellFormed(ID, 'daily-forecast-volumes-x_y.part-0001.parquet')).toBe(true);
    expect(isWellFormed(ID, 'econ-workbook-6523f1a2b4c5d6e7f8091a2c-low-price.xlsx')).toBe(true);
  });
  it('refuses other extensions', () => {
    for (const name of ['x.xlsm', 'x.xls', 'x.parquet.txt', 'x.xlsx/'])
      expect(isWellFormed(ID, name), name).toBe(false);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, undefined],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-1000', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=99-99', 100, { start: 99, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=100-200', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, undefined],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
    ['bytes=-', 100, undefined],
  ])('%s of %d bytes is %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
