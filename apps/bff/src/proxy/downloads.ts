import type { Context } from 'hono';
import type { BffEnv } from '../appEnv';
import { BffError } from '../errors';

/** The one path shape relayed: `/downloads/exports/{exportId}/{fileName}` (no further segments). */
const EXPORT_FILE_PATH = /^\/downloads\/exports\/[0-9a-f]{24}\/[A-Za-z0-9._-]+\.(?:parquet|xlsx)$/;

/** Request headers the relay passes on: only what range reads and revalidation need. */
const PASS_REQUEST = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept'];

/** Response headers passed back: the file's metadata and the range answer, unchanged. */
const PASS_RESPONSE = [
  'content-type',
  'content-disposition',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
];

/**
 * `GET`/`HEAD /downloads/exports/{id}/{file}?X-Expires=…&X-Signature=…` → the same path and query at
 * the API, so the console reads export files from its own origin (CSP `connect-src 'self'` stays).
 * The signed query is the credential: the API checks it, the relay adds nothing (no API token, no
 * key) and passes `Range` and the status (200, 206, 403, 410, 416) through, streaming the body.
 * See docs/decisions/014-export-console.md.
 */
export async function relayExportDownload(c: Context<BffEnv>): Promise<Response> {
  const deps = c.get('deps');
  const url = new URL(c.req.url);
  if (!EXPORT_FILE_PATH.test(url.pathname)) {
    throw new BffError(404, 'NotFound', `No export file at ${url.pathname}`);
  }
  const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET';
  const headers = new Headers();
  for (const name of PASS_REQUEST) {
    const v = c.req.header(name);
    if (v !== undefined) headers.set(name, v);
  }
  let res: Response;
  try {
    res = await deps.fetch(`${deps.config.apiBaseUrl}${url.pathname}${url.search}`, {
      method,
      headers,
      redirect: 'manual',
    });
  } catch {
    throw new BffError(502, 'UpstreamUnavailable', `The API at ${deps.config.apiBaseUrl} cannot be reached`);
  }
  const out = new Headers();
  for (const name of PASS_RESPONSE) {
    const v = res.headers.get(name);
    if (v !== null) out.set(name, v);
  }
  if (method === 'HEAD') await res.body?.cancel();
  return new Response(method === 'HEAD' ? null : res.body, { status: res.status, headers: out });
}
