import { createPrivateKey } from 'node:crypto';
import { CREDENTIAL_ZIP_FILES, TokenRequest, V1CredentialFile, V2CredentialFile } from '@econ/contract';
import { unzipSync } from 'fflate';
import type { z } from 'zod';

/**
 * What a credential ZIP holds, read and checked. The secret fields (`apiKey`, `clientSecret`,
 * `privateKey`) must go straight into the vault: never to the browser, never into a log line.
 * `tokenUri` and `audience` are copied from the file as they are; they are not checked against
 * the API this console talks to.
 */
export type ParsedCredential =
  | { version: 'v2'; apiKey: string; clientId: string; clientSecret: string; tokenUri: string; audience: string }
  | {
      version: 'v1';
      apiKey: string;
      clientEmail: string;
      clientId: string;
      projectId: string;
      privateKeyId: string;
      privateKey: string;
      tokenUri: string;
    };

/**
 * A credential ZIP was refused. `problems` lists what is wrong, one sentence each, written for
 * the person who uploaded the file; `message` joins them. Neither ever holds a secret value
 * (client secret, private key, API key) or a snippet of a file's content, so both may be logged
 * and shown to the user.
 */
export class CredentialZipError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`the credential ZIP was refused: ${problems.join('; ')}`);
    this.name = 'CredentialZipError';
    this.problems = problems;
  }
}

/** Largest ZIP accepted, and largest total of its entries' declared uncompressed sizes. */
export const MAX_CREDENTIAL_ZIP_BYTES = 1024 * 1024;
/** Most entries (files and folders) a credential ZIP may have. */
export const MAX_CREDENTIAL_ZIP_ENTRIES = 20;

const { v1: V1_FILE, v2: V2_FILE, apiKey: API_KEY_FILE } = CREDENTIAL_ZIP_FILES;
const MIN_RSA_BITS = 2048;
const PEM_HEADER = '-----BEGIN PRIVATE KEY-----';

/**
 * Reads a credential ZIP (bytes) as the API produces it: v2 = api-credentials.json + api-key.txt;
 * v1 = api-service-account-key.json + api-key.txt. The files may also sit inside one top-level
 * folder (some tools add one when re-zipping); folder entries, `__MACOSX/` and `.DS_Store` are
 * ignored, any other extra file too.
 *
 * Refuses, with a {@link CredentialZipError} naming every problem found: ZIPs over 1 MB (packed or
 * unpacked) or with more than 20 entries, data that is not a ZIP, a ZIP with neither or both
 * credential files or with a file twice, a missing or empty api-key.txt, a credentials file that
 * is not JSON or does not match its contract schema (each field named), and a v1 private key that
 * node:crypto cannot load as a PKCS#8 RSA key of at least 2048 bits.
 */
export function parseCredentialZip(bytes: Uint8Array): ParsedCredential {
  if (bytes.length > MAX_CREDENTIAL_ZIP_BYTES)
    refuse(`the file is ${bytes.length} bytes; a credential ZIP may be at most ${MAX_CREDENTIAL_ZIP_BYTES} bytes`);

  const entries = listEntries(bytes);
  const layout = locateFiles(entries);
  const problems: string[] = [...layout.problems];
  const { credentialsName, apiKeyName } = layout;
  if (problems.length > 0 && !credentialsName) refuse(...problems);

  const files = extract(bytes, [credentialsName, apiKeyName]);

  let apiKey: string | undefined;
  if (apiKeyName) {
    const text = decodeText(files[apiKeyName]);
    apiKey = text?.trim();
    if (text === undefined) problems.push(`${API_KEY_FILE} is not UTF-8 text`);
    else if (!apiKey) problems.push(`${API_KEY_FILE} is empty; it must contain the API key`);
    else if (!/^[\x21-\x7e]+$/.test(apiKey))
      problems.push(`${API_KEY_FILE} must contain only the API key, on one line without spaces`);
  }

  let credential: CredentialFields | undefined;
  if (credentialsName) {
    const version = layout.version!;
    const fileName = version === 'v2' ? V2_FILE : V1_FILE;
    const json = readJson(fileName, files[credentialsName], problems);
    if (json !== undefined) credential = version === 'v2' ? readV2(json, problems) : readV1(json, problems);
  }

  if (problems.length > 0 || !credential || apiKey === undefined) refuse(...problems);
  return { ...credential, apiKey };
}

/** A credential as read from its JSON file, before the API key is added. */
type CredentialFields = ParsedCredential extends infer P ? (P extends unknown ? Omit<P, 'apiKey'> : never) : never;

interface Entry {
  name: string;
  originalSize: number;
}

function refuse(...problems: string[]): never {
  throw new CredentialZipError(problems);
}

/** Names and declared sizes of all entries, enforcing the entry and size limits before inflating anything. */
function listEntries(bytes: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, originalSize: file.originalSize });
        if (entries.length > MAX_CREDENTIAL_ZIP_ENTRIES)
          refuse(`the ZIP has more than ${MAX_CREDENTIAL_ZIP_ENTRIES} entries; a credential ZIP has two files`);
        total += file.originalSize;
        if (total > MAX_CREDENTIAL_ZIP_BYTES)
          refuse(`the ZIP unpacks to more than ${MAX_CREDENTIAL_ZIP_BYTES} bytes; a credential ZIP is a few kilobytes`);
        return false;
      },
    });
  } catch (e) {
    if (e instanceof CredentialZipError) throw e;
    refuse('the file is not a ZIP archive (or it is damaged); upload the ZIP downloaded from the API');
  }
  return entries;
}

const isIgnored = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || name === '.DS_Store' || name.endsWith('/.DS_Store');

/**
 * Where the credential files are: at the top level, or inside one folder when every file is in
 * that same folder. Reports which version the ZIP holds and what is missing or ambiguous.
 */
function locateFiles(entries: Entry[]): {
  version?: 'v1' | 'v2';
  credentialsName?: string;
  apiKeyName?: string;
  problems: string[];
} {
  const files = entries.map((e) => e.name).filter((name) => !isIgnored(name));
  const tops = new Set(files.map((name) => (name.includes('/') ? name.slice(0, name.indexOf('/') + 1) : '')));
  const prefix = tops.size === 1 ? [...tops][0]! : '';
  const find = (base: string) => files.filter((name) => name === prefix + base);

  const problems: string[] = [];
  const [v2, v1, key] = [find(V2_FILE), find(V1_FILE), find(API_KEY_FILE)];
  let duplicate = false;
  for (const [base, found] of [
    [V2_FILE, v2],
    [V1_FILE, v1],
    [API_KEY_FILE, key],
  ] as const)
    if (found.length > 1) {
      duplicate = true;
      problems.push(`the ZIP contains ${base} more than once`);
    }

  let version: 'v1' | 'v2' | undefined;
  if (v2.length > 0 && v1.length > 0)
    problems.push(`the ZIP has both ${V2_FILE} (v2) and ${V1_FILE} (v1); a credential ZIP holds exactly one of them`);
  else if (v2.length > 0) version = 'v2';
  else if (v1.length > 0) version = 'v1';
  else problems.push(`the ZIP has neither ${V2_FILE} (v2) nor ${V1_FILE} (v1)`);
  if (key.length === 0) problems.push(`the ZIP has no ${API_KEY_FILE}`);

  if (duplicate || !version) return { problems };
  return {
    version,
    credentialsName: version === 'v2' ? v2[0] : v1[0],
    apiKeyName: key[0],
    problems,
  };
}

/** Inflates only the named entries (each bounded by its declared size, already checked). */
function extract(bytes: Uint8Array, names: (string | undefined)[]): Record<string, Uint8Array> {
  const wanted = new Set(names.filter((n): n is string => n !== undefined));
  try {
    return unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch {
    return refuse('the ZIP is damaged: its files cannot be unpacked; download a new credential ZIP');
  }
}

function decodeText(data: Uint8Array | undefined): string | undefined {
  if (!data) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data); // drops a leading BOM
  } catch {
    return undefined;
  }
}

/** Parses a credentials file; problems never quote the content (the JSON error text can hold parts of it). */
function readJson(fileName: string, data: Uint8Array | undefined, problems: string[]): object | undefined {
  const text = decodeText(data);
  let value: unknown;
  try {
    if (text === undefined) throw new Error('not UTF-8');
    value = JSON.parse(text);
  } catch {
    problems.push(`${fileName} is not valid JSON`);
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${fileName} must hold a JSON object`);
    return undefined;
  }
  return value;
}

/**
 * Checks a credentials file against its contract schema, one problem per field, with texts of
 * our own (never the value, nor a message that could quote it).
 */
function checkSchema<S extends z.ZodType>(
  fileName: string,
  schema: S,
  json: object,
  problems: string[],
): z.infer<S> | undefined {
  const result = schema.safeParse(json);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || '(top level)';
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push(`${fileName}: ${field} ${describeIssue(json, issue)}`);
    }
    return undefined;
  }
  return result.data;
}

function describeIssue(json: object, issue: z.core.$ZodIssue): string {
  const top = issue.path[0];
  if (issue.path.length === 1 && typeof top === 'string' && (json as Record<string, unknown>)[top] === undefined)
    return 'is missing';
  switch (issue.code) {
    case 'invalid_type':
      return `must be a${/^[aeiou]/.test(issue.expected) ? 'n' : ''} ${issue.expected}`;
    case 'invalid_value':
      return `must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'invalid_format':
      if (issue.format === 'url') return 'must be a URL';
      if (issue.format === 'starts_with' && 'prefix' in issue) return `must start with ${issue.prefix}`;
      return `must be in ${issue.format} format`;
    default:
      return 'is not valid';
  }
}

/** Further checks on string fields the schema accepts: not blank, token_uri over http(s). */
function checkStrings(fileName: string, data: Record<string, unknown>, problems: string[], tokenUriField: string) {
  for (const [field, value] of Object.entries(data))
    if (typeof value === 'string' && value.trim() === '') problems.push(`${fileName}: ${field} is empty`);
  const uri = data[tokenUriField];
  if (typeof uri === 'string' && uri.trim() !== '' && !/^https?:\/\//i.test(uri))
    problems.push(`${fileName}: ${tokenUriField} must be an http or https URL`);
}

function readV2(json: object, problems: string[]): CredentialFields | undefined {
  const data = checkSchema(V2_FILE, V2CredentialFile, json, problems);
  if (!data) return undefined;
  const before = problems.length;
  checkStrings(V2_FILE, data, problems, 'token_uri');
  if (data.clientId !== '' && !TokenRequest.shape.clientId.safeParse(data.clientId).success)
    problems.push(`${V2_FILE}: clientId must be a UUID (lowercase, as the API issues it)`);
  if (data.clientSecret !== '' && !TokenRequest.shape.clientSecret.safeParse(data.clientSecret).success)
    problems.push(`${V2_FILE}: clientSecret is longer than the token endpoint accepts`);
  if (problems.length > before) return undefined;
  return {
    version: 'v2',
    clientId: data.clientId,
    clientSecret: data.clientSecret,
    tokenUri: data.token_uri,
    audience: data.audience,
  };
}

function readV1(json: object, problems: string[]): CredentialFields | undefined {
  const data = checkSchema(V1_FILE, V1CredentialFile, json, problems);
  if (!data) {
    // The schema only checks the PEM header; say so plainly for the commonest mistake.
    const key = (json as Record<string, unknown>).private_key;
    if (typeof key === 'string' && /^-----BEGIN (RSA|ENCRYPTED) PRIVATE KEY-----/.test(key.trimStart())) {
      const i = problems.findIndex((p) => p.startsWith(`${V1_FILE}: private_key `));
      if (i >= 0)
        problems[i] =
          `${V1_FILE}: private_key must be an unencrypted PKCS#8 PEM (${PEM_HEADER}), not a PKCS#1 or encrypted key`;
    }
    return undefined;
  }
  const before = problems.length;
  checkStrings(V1_FILE, data, problems, 'token_uri');
  checkPrivateKey(data.private_key, problems);
  if (problems.length > before) return undefined;
  return {
    version: 'v1',
    clientEmail: data.client_email,
    clientId: data.client_id,
    projectId: data.project_id,
    privateKeyId: data.private_key_id,
    privateKey: data.private_key,
    tokenUri: data.token_uri,
  };
}

/** The v1 key must load in node:crypto as a PKCS#8 RSA key usable for RS256 (at least 2048 bits). */
function checkPrivateKey(pem: string, problems: string[]): void {
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    problems.push(`${V1_FILE}: private_key is not a PKCS#8 PEM private key that can be loaded (damaged or incomplete)`);
    return;
  }
  if (key.asymmetricKeyType !== 'rsa') {
    problems.push(
      `${V1_FILE}: private_key is not an RSA key (its type is ${key.asymmetricKeyType ?? 'unknown'}); v1 credentials need one`,
    );
    return;
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS)
    problems.push(`${V1_FILE}: private_key is an RSA key of ${bits} bits; at least ${MIN_RSA_BITS} are needed`);
}
