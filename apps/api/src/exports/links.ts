import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed download links of exports, in the manner of presigned object-store URLs: the path names
 * the export and the file, `X-Expires` the end of validity (unix seconds) and `X-Signature` an
 * HMAC-SHA256 over the method, the path and the expiry with a server secret. Pure functions: the
 * time is passed in.
 */

export const EXPORT_DOWNLOAD_PATH = '/downloads/exports';

/** Export ids are object ids; file names are plain names ending in `.parquet` or `.xlsx` (no separators, no `..`). */
const EXPORT_ID = /^[0-9a-f]{24}$/;
const FILE_NAME = /^[A-Za-z0-9._-]+\.(?:parquet|xlsx)$/;

/** Whether an export id and a file name have the only forms the service ever makes. */
export const isWellFormed = (exportId: string, fileName: string): boolean =>
  EXPORT_ID.test(exportId) && FILE_NAME.test(fileName) && !fileName.startsWith('.') && !fileName.includes('..');

/** The path of a file's link (names are URL-safe by construction, so no escaping is needed). */
export const linkPath = (exportId: string, fileName: string): string =>
  `${EXPORT_DOWNLOAD_PATH}/${exportId}/${fileName}`;

/** The string that is signed: method, path and expiry, one per line. */
const canonical = (exportId: string, fileName: string, expires: number) =>
  `GET\n${linkPath(exportId, fileName)}\n${expires}`;

/** The hex HMAC-SHA256 of a link. */
export function signature(secret: string, exportId: string, fileName: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(canonical(exportId, fileName, expires))
    .digest('hex');
}

/** The absolute signed link of a file, valid until `expiresAt` (whole seconds). */
export function signedUrl(
  baseUrl: string,
  secret: string,
  exportId: string,
  fileName: string,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const sig = signature(secret, exportId, fileName, expires);
  return `${baseUrl}${linkPath(exportId, fileName)}?X-Expires=${expires}&X-Signature=${sig}`;
}

export type LinkCheck =
  | { ok: true; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'unsigned' | 'signature' | 'expired'; message: string };

/**
 * Checks a link: the names' form first (nothing else is looked at for a malformed name), then the
 * signature (constant-time compare), then the expiry (`now` at or past it is expired). A changed
 * expiry, id or name fails the signature, so only untouched links reach the expiry check.
 */
export function verifyLink(input: {
  secret: string;
  exportId: string;
  fileName: string;
  expires: string | undefined;
  signature: string | undefined;
  now: Date;
}): LinkCheck {
  if (!isWellFormed(input.exportId, input.fileName)) {
    return { ok: false, reason: 'malformed', message: 'No such export file' };
  }
  if (!input.expires || !input.signature) {
    return {
      ok: false,
      reason: 'unsigned',
      message: 'The link must carry X-Expires and X-Signature: use the URL the export answered, unchanged',
    };
  }
  if (!/^\d{1,12}$/.test(input.expires) || !/^[0-9a-f]{64}$/.test(input.signature)) {
    return { ok: false, reason: 'signature', message: 'The link signature does not match: the link was changed' };
  }
  const expires = Number(input.expires);
  const expected = Buffer.from(signature(input.secret, input.exportId, input.fileName, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(input.signature, 'hex'))) {
    return { ok: false, reason: 'signature', message: 'The link signature does not match: the link was changed' };
  }
  const expiresAt = new Date(expires * 1000);
  if (input.now.getTime() >= expiresAt.getTime()) {
    return {
      ok: false,
      reason: 'expired',
      message: `This link expired at ${expiresAt.toISOString()}: create the export again for new links`,
    };
  }
  return { ok: true, expiresAt };
}

/**
 * Parses an HTTP `Range` header against a size: the inclusive range, `undefined` for no (or an
 * ignorable) header, or `'unsatisfiable'` (416). Only one range is served; a multi-range request
 * gets the whole file, as RFC 9110 allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined | 'unsatisfiable' {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, a, b] = m as unknown as [string, string, string];
  if (a === '' && b === '') return undefined;
  if (a === '') {
    // Suffix: the last b bytes.
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (end < start) return undefined;
  return { start, end };
}
