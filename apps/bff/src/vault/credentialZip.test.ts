import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { CREDENTIAL_ZIP_FILES } from '@econ/contract';
// The API's own generator (its credential service calls it): the parser must read exactly what it hands out.
import { makeCredentialMaterial } from '@econ/server-kit/credentialMaterial';
import { strToU8, Zip, ZipPassThrough, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CredentialZipError, parseCredentialZip } from './credentialZip';

const API_KEY = 'aPiKeY-do-not-leak-0123456789abcdefghij';
const CLIENT_SECRET = 'cLiEnTsEcReT-do-not-leak-0123456789abcdefghij';
const CLIENT_ID = '0b7c2f0e-6a8e-4d57-9a57-3d0f1c2b4a11';

const rsa = (modulusLength: number, type: 'pkcs8' | 'pkcs1' = 'pkcs8') =>
  generateKeyPairSync('rsa', {
    modulusLength,
    privateKeyEncoding: { type, format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
const PRIVATE_KEY = rsa(2048);

/** Pieces of every secret above that must never appear in an error. */
const SECRET_PIECES = [API_KEY, CLIENT_SECRET, ...PRIVATE_KEY.split('\n').filter((l) => l && !l.startsWith('-----'))];

const v2File = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'api_client_credentials',
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  token_uri: 'https://api.example.com/v1/oauth/token',
  audience: 'https://api.example.com',
  ...over,
});

const v1File = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'service_account',
  project_id: '65f1c0ffee0000000000abcd',
  private_key_id: 'a'.repeat(40),
  private_key: PRIVATE_KEY,
  client_email: 'api-1@65f1c0ffee0000000000abcd.iam.api.example.com',
  client_id: '111123456789012345678',
  token_uri: 'https://api.example.com/v1/oauth/token',
  ...over,
});

const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);
const zip = (files: Record<string, Uint8Array | string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([n, d]) => [n, typeof d === 'string' ? strToU8(d) : d])));
const v2Zip = (over: Record<string, unknown> = {}) =>
  zip({ [CREDENTIAL_ZIP_FILES.v2]: json(v2File(over)), [CREDENTIAL_ZIP_FILES.apiKey]: `${API_KEY}\n` });
const v1Zip = (over: Record<string, unknown> = {}) =>
  zip({ [CREDENTIAL_ZIP_FILES.v1]: json(v1File(over)), [CREDENTIAL_ZIP_FILES.apiKey]: `${API_KEY}\n` });

const pemBody = (pem: string) => pem.split('\n').filter((l) => l && !l.startsWith('-----'));

/** Parses, expects a refusal, checks that no secret leaked, and returns the problems. */
function refusal(bytes: Uint8Array, moreSecrets: string[] = []): string[] {
  let error: unknown;
  try {
    parseCredentialZip(bytes);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CredentialZipError);
  const err = error as CredentialZipError;
  expect(err.name).toBe('CredentialZipError');
  expect(err.problems.length).toBeGreaterThan(0);
  for (const p of err.problems) expect(err.message).toContain(p);
  const everything = `${err.message}\n${err.problems.join('\n')}\n${String(err.stack)}\n${JSON.stringify(err)}`;
  for (const piece of [...SECRET_PIECES, ...moreSecrets]) expect(everything).not.toContain(piece);
  return err.problems;
}

describe('parseCredentialZip: accepted', () => {
  it('reads a v2 ZIP', () => {
    expect(parseCredentialZip(v2Zip())).toEqual({
      version: 'v2',
      apiKey: API_KEY,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenUri: 'https://api.example.com/v1/oauth/token',
      audience: 'https://api.example.com',
    });
  });

  it('reads a v1 ZIP', () => {
    expect(parseCredentialZip(v1Zip())).toEqual({
      version: 'v1',
      apiKey: API_KEY,
      clientEmail: 'api-1@65f1c0ffee0000000000abcd.iam.api.example.com',
      clientId: '111123456789012345678',
      projectId: '65f1c0ffee0000000000abcd',
      privateKeyId: 'a'.repeat(40),
      privateKey: PRIVATE_KEY,
      tokenUri: 'https://api.example.com/v1/oauth/token',
    });
  });

  it('trims api-key.txt (spaces, CRLF, a UTF-8 BOM)', () => {
    const bytes = zip({ [CREDENTIAL_ZIP_FILES.v2]: json(v2File()), 'api-key.txt': `\uFEFF  ${API_KEY} \r\n\r\n` });
    expect(parseCredentialZip(bytes).apiKey).toBe(API_KEY);
  });

  it('accepts the files inside one top-level folder, ignoring folder entries, __MACOSX and .DS_Store', () => {
    const bytes = zip({
      'my-credential/': new Uint8Array(0),
      'my-credential/api-service-account-key.json': json(v1File()),
      'my-credential/api-key.txt': API_KEY,
      'my-credential/.DS_Store': 'junk',
      '__MACOSX/my-credential/._api-key.txt': 'junk',
    });
    const parsed = parseCredentialZip(bytes);
    expect(parsed.version).toBe('v1');
    expect(parsed.apiKey).toBe(API_KEY);
  });

  it('ignores extra files and extra JSON fields', () => {
    const bytes = zip({
      'api-credentials.json': json(v2File({ note: 'extra' })),
      'api-key.txt': API_KEY,
      'README.txt': 'hello',
    });
    expect(parseCredentialZip(bytes)).not.toHaveProperty('note');
  });

  it.each(['v1', 'v2'] as const)('reads the %s ZIP that the API itself produces', async (version) => {
    const material = await makeCredentialMaterial(version, {
      credentialId: 'c1',
      companyId: '65f1c0ffee0000000000abcd',
      apiKey: API_KEY,
      publicBaseUrl: 'http://127.0.0.1:4000',
    });
    const parsed = parseCredentialZip(material.zip);
    expect(parsed.version).toBe(version);
    expect(parsed.apiKey).toBe(API_KEY);
    expect(parsed.tokenUri).toBe('http://127.0.0.1:4000/v1/oauth/token');
    if (parsed.version === 'v2') expect(parsed.clientId).toBe(material.stored.clientId);
    else {
      expect(parsed.clientEmail).toBe(material.stored.clientEmail);
      expect(parsed.privateKeyId).toBe(material.stored.keyId);
    }
  });
});

describe('parseCredentialZip: refused', () => {
  it('data that is not a ZIP', () => {
    const expected = ['the file is not a ZIP archive (or it is damaged); upload the ZIP downloaded from the API'];
    expect(refusal(strToU8(`{"clientSecret":"${CLIENT_SECRET}"} is not a zip`))).toEqual(expected);
    expect(refusal(new Uint8Array(0))).toEqual(expected);
    expect(refusal(randomBytes(4096))).toEqual(expected);
  });

  it('a ZIP over 1 MB', () => {
    const big = zip({
      'api-credentials.json': json(v2File()),
      'api-key.txt': API_KEY,
      'noise.bin': randomBytes(1024 * 1024),
    });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(refusal(big)).toEqual([`the file is ${big.length} bytes; a credential ZIP may be at most 1048576 bytes`]);
  });

  it('a small ZIP that unpacks to more than 1 MB (zip bomb)', () => {
    const bomb = zip({
      'api-credentials.json': json(v2File()),
      'api-key.txt': API_KEY,
      'zeros.bin': new Uint8Array(2 ** 21),
    });
    expect(bomb.length).toBeLessThan(10_000);
    expect(refusal(bomb)).toEqual(['the ZIP unpacks to more than 1048576 bytes; a credential ZIP is a few kilobytes']);
  });

  it('a ZIP with more than 20 entries', () => {
    const files: Record<string, Uint8Array | string> = {
      'api-credentials.json': json(v2File()),
      'api-key.txt': API_KEY,
    };
    for (let i = 0; i < 19; i++) files[`extra-${i}.txt`] = 'x';
    expect(refusal(zip(files))).toEqual(['the ZIP has more than 20 entries; a credential ZIP has two files']);
    delete files['extra-0.txt'];
    expect(parseCredentialZip(zip(files)).version).toBe('v2'); // 20 entries: the limit itself is fine
  });

  it('a ZIP with neither credentials file', () => {
    expect(refusal(zip({ 'api-key.txt': API_KEY, 'other.json': '{}' }))).toEqual([
      'the ZIP has neither api-credentials.json (v2) nor api-service-account-key.json (v1)',
    ]);
    expect(refusal(zipSync({}))).toEqual([
      'the ZIP has neither api-credentials.json (v2) nor api-service-account-key.json (v1)',
      'the ZIP has no api-key.txt',
    ]);
  });

  it('credentials nested deeper than one folder, or spread over two folders', () => {
    const neither = 'the ZIP has neither api-credentials.json (v2) nor api-service-account-key.json (v1)';
    expect(refusal(zip({ 'a/b/api-credentials.json': json(v2File()), 'a/b/api-key.txt': API_KEY }))).toContain(neither);
    expect(refusal(zip({ 'a/api-credentials.json': json(v2File()), 'b/api-key.txt': API_KEY }))).toContain(neither);
  });

  it('a ZIP with both credentials files', () => {
    const bytes = zip({
      'api-credentials.json': json(v2File()),
      'api-service-account-key.json': json(v1File()),
      'api-key.txt': API_KEY,
    });
    expect(refusal(bytes)).toEqual([
      'the ZIP has both api-credentials.json (v2) and api-service-account-key.json (v1); a credential ZIP holds exactly one of them',
    ]);
  });

  it('a ZIP holding a file twice', () => {
    const chunks: Uint8Array[] = [];
    const z = new Zip((err, chunk) => {
      if (err) throw err;
      chunks.push(chunk);
    });
    for (const [name, text] of [
      ['api-credentials.json', JSON.stringify(v2File())],
      ['api-key.txt', API_KEY],
      ['api-key.txt', 'another'],
    ] as const) {
      const f = new ZipPassThrough(name);
      z.add(f);
      f.push(strToU8(text), true);
    }
    z.end();
    const bytes = new Uint8Array(Buffer.concat(chunks));
    expect(refusal(bytes)).toEqual(['the ZIP contains api-key.txt more than once']);
  });

  it('a ZIP without api-key.txt', () => {
    expect(refusal(zip({ 'api-credentials.json': json(v2File()) }))).toEqual(['the ZIP has no api-key.txt']);
  });

  it('an empty or blank api-key.txt', () => {
    for (const text of ['', '  \r\n\n'])
      expect(refusal(zip({ 'api-credentials.json': json(v2File()), 'api-key.txt': text }))).toEqual([
        'api-key.txt is empty; it must contain the API key',
      ]);
  });

  it('an api-key.txt that holds more than one key-like token', () => {
    expect(refusal(zip({ 'api-credentials.json': json(v2File()), 'api-key.txt': `${API_KEY}\n${API_KEY}\n` }))).toEqual(
      ['api-key.txt must contain only the API key, on one line without spaces'],
    );
  });

  it('a credentials file that is not JSON, or not an object', () => {
    const broken = `{"clientSecret": "${CLIENT_SECRET}" "private_key": ${JSON.stringify(PRIVATE_KEY)}`;
    expect(refusal(zip({ 'api-credentials.json': broken, 'api-key.txt': API_KEY }))).toEqual([
      'api-credentials.json is not valid JSON',
    ]);
    expect(refusal(zip({ 'api-service-account-key.json': broken, 'api-key.txt': API_KEY }))).toEqual([
      'api-service-account-key.json is not valid JSON',
    ]);
    expect(
      refusal(zip({ 'api-credentials.json': new Uint8Array([0xff, 0xfe, 0x7b]), 'api-key.txt': API_KEY })),
    ).toEqual(['api-credentials.json is not valid JSON']);
    expect(
      refusal(zip({ 'api-credentials.json': `[${JSON.stringify(CLIENT_SECRET)}]`, 'api-key.txt': API_KEY })),
    ).toEqual(['api-credentials.json must hold a JSON object']);
  });

  it.each(['type', 'clientId', 'clientSecret', 'token_uri', 'audience'])('v2: %s missing', (field) => {
    expect(refusal(v2Zip({ [field]: undefined }))).toEqual([`api-credentials.json: ${field} is missing`]);
  });

  it.each(['type', 'project_id', 'private_key_id', 'private_key', 'client_email', 'client_id', 'token_uri'])(
    'v1: %s missing',
    (field) => {
      expect(refusal(v1Zip({ [field]: undefined }))).toEqual([`api-service-account-key.json: ${field} is missing`]);
    },
  );

  it('v2: every field with a wrong type or value is named', () => {
    expect(
      refusal(
        v2Zip({ type: 'service_account', clientId: 42, clientSecret: null, token_uri: 'not a url', audience: ['x'] }),
      ),
    ).toEqual([
      'api-credentials.json: type must be "api_client_credentials"',
      'api-credentials.json: clientId must be a string',
      'api-credentials.json: clientSecret must be a string',
      'api-credentials.json: token_uri must be a URL',
      'api-credentials.json: audience must be a string',
    ]);
  });

  it('v2: empty values, a clientId that is no UUID, a token_uri that is not http(s)', () => {
    expect(refusal(v2Zip({ clientSecret: '', audience: ' ' }))).toEqual([
      'api-credentials.json: clientSecret is empty',
      'api-credentials.json: audience is empty',
    ]);
    expect(refusal(v2Zip({ clientId: 'my-client' }))).toEqual([
      'api-credentials.json: clientId must be a UUID (lowercase, as the API issues it)',
    ]);
    expect(refusal(v2Zip({ token_uri: 'javascript:alert(1)' }))).toEqual([
      'api-credentials.json: token_uri must be an http or https URL',
    ]);
    expect(refusal(v2Zip({ clientSecret: `${CLIENT_SECRET}${'x'.repeat(600)}` }))).toEqual([
      'api-credentials.json: clientSecret is longer than the token endpoint accepts',
    ]);
  });

  it('v1: fields with wrong types are named', () => {
    expect(refusal(v1Zip({ type: 'api_client_credentials', client_id: 1234567, project_id: {} }))).toEqual([
      'api-service-account-key.json: type must be "service_account"',
      'api-service-account-key.json: project_id must be a string',
      'api-service-account-key.json: client_id must be a string',
    ]);
  });

  it('v1: a private_key that is not PEM at all', () => {
    expect(refusal(v1Zip({ private_key: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSj' }))).toEqual([
      'api-service-account-key.json: private_key must start with -----BEGIN PRIVATE KEY-----',
    ]);
  });

  it('v1: a PKCS#1 or encrypted private key', () => {
    const pkcs1 = rsa(2048, 'pkcs1');
    const encrypted = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pass' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const message =
      'api-service-account-key.json: private_key must be an unencrypted PKCS#8 PEM (-----BEGIN PRIVATE KEY-----), not a PKCS#1 or encrypted key';
    for (const key of [pkcs1, encrypted]) expect(refusal(v1Zip({ private_key: key }), pemBody(key))).toEqual([message]);
  });

  it('v1: a PKCS#8 PEM that node:crypto cannot load', () => {
    const lines = PRIVATE_KEY.trim().split('\n');
    const truncated = [...lines.slice(0, 6), lines.at(-1)].join('\n');
    expect(refusal(v1Zip({ private_key: truncated }))).toEqual([
      'api-service-account-key.json: private_key is not a PKCS#8 PEM private key that can be loaded (damaged or incomplete)',
    ]);
  });

  it('v1: a private key that is not RSA, or too short', () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    expect(refusal(v1Zip({ private_key: ec }), pemBody(ec))).toEqual([
      'api-service-account-key.json: private_key is not an RSA key (its type is ec); v1 credentials need one',
    ]);
    const short = rsa(1024);
    expect(refusal(v1Zip({ private_key: short }), pemBody(short))).toEqual([
      'api-service-account-key.json: private_key is an RSA key of 1024 bits; at least 2048 are needed',
    ]);
  });

  it('names every problem at once', () => {
    const bytes = zip({ 'creds/api-credentials.json': json(v2File({ clientSecret: undefined, token_uri: 5 })) });
    expect(refusal(bytes)).toEqual([
      'the ZIP has no api-key.txt',
      'api-credentials.json: clientSecret is missing',
      'api-credentials.json: token_uri must be a string',
    ]);
  });
});
