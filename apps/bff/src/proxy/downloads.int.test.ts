import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_URL } from '../test/fakeApi';
import { createTestBff, signIn, type TestBff } from '../test/harness';

/**
 * The export-file relay: `/downloads/exports/{id}/{file}?{signed query}` on the console's origin →
 * the same at the API, range requests and statuses unchanged, nothing of the session forwarded.
 */
let t: TestBff;
beforeAll(async () => {
  t = await createTestBff();
});
afterAll(async () => {
  await t.close();
});

const EXPORT_ID = '6c00000000000000000000a1';
const FILE = 'monthly-forecast-volumes-6c00000000000000000000f1-part-0001.parquet';
const QUERY = '?X-Expires=1795435200&X-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PATH = `/downloads/exports/${EXPORT_ID}/${FILE}`;
/** 3 MB of file, so the body really streams in several chunks. */
const BYTES = randomBytes(3 * 1024 * 1024);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
}
let seen: Seen[];
/** What the fake API answers for the next request (default: the file, with ranges). */
let answer: ((req: Request) => Response) | undefined;

/** The API's download route as the design describes it: the file, ranges (206/416), HEAD. */
function fileAnswer(req: Request): Response {
  const common = {
    'content-type': 'application/vnd.apache.parquet',
    'content-disposition': `attachment; filename="${FILE}"`,
    'accept-ranges': 'bytes',
    'access-control-allow-origin': '*',
    'x-internal': 'not for the browser',
  };
  const range = req.headers.get('range');
  if (range) {
    const m = /^bytes=(\d+)-(\d*)$/.exec(range)!;
    const start = Number(m[1]);
    const end = m[2] ? Math.min(Number(m[2]), BYTES.length - 1) : BYTES.length - 1;
    if (start >= BYTES.length) {
      return new Response(null, { status: 416, headers: { ...common, 'content-range': `bytes */${BYTES.length}` } });
    }
    const part = BYTES.subarray(start, end + 1);
    return new Response(req.method === 'HEAD' ? null : part, {
      status: 206,
      headers: {
        ...common,
        'content-length': String(part.length),
        'content-range': `bytes ${start}-${end}/${BYTES.length}`,
      },
    });
  }
  return new Response(req.method === 'HEAD' ? null : BYTES, {
    status: 200,
    headers: { ...common, 'content-length': String(BYTES.length) },
  });
}

beforeEach(async () => {
  await t.reset();
  seen = [];
  answer = undefined;
  t.deps.fetch = async (input, init) => {
    const req = new Request(input, init);
    seen.push({ method: req.method, url: req.url, headers: Object.fromEntries(req.headers) });
    return (answer ?? fileAnswer)(req);
  };
});

describe('export file relay', () => {
  it('GET: same path and signed query at the API, the whole file back with its headers, nothing of the session sent', async () => {
    const admin = await signIn(t, 'admin');
    const res = await admin.request(`${PATH}${QUERY}`, { headers: { referer: 'http://console.test/exports' } });
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBe(BYTES.length);
    expect(sha(body)).toBe(sha(BYTES));
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${FILE}"`);
    expect(res.headers.get('content-length')).toBe(String(BYTES.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-internal')).toBeNull();
    // The console's own CSP still applies to the relayed answer.
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");

    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe(`${API_URL}${PATH}${QUERY}`);
    const sent = seen[0]!.headers;
    for (const h of [
      'cookie',
      'authorization',
      'x-api-key',
      'x-backend-version',
      'x-csrf-token',
      'origin',
      'referer',
    ]) {
      expect(sent[h], h).toBeUndefined();
    }
  });

  it('Range: passed on, and the 206 with Content-Range and only those bytes comes back', async () => {
    const engineer = await signIn(t, 'engineer');
    const res = await engineer.request(`${PATH}${QUERY}`, { headers: { range: 'bytes=1000-1999' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${BYTES.length}`);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES.subarray(1000, 2000))).toBe(true);
    expect(seen[0]!.headers.range).toBe('bytes=1000-1999');

    const tail = await engineer.request(`${PATH}${QUERY}`, { headers: { range: `bytes=${BYTES.length - 8}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(BYTES.subarray(BYTES.length - 8))).toBe(true);
  });

  it('an unsatisfiable range is the API’s 416 with Content-Range', async () => {
    const admin = await signIn(t, 'admin');
    const res = await admin.request(`${PATH}${QUERY}`, { headers: { range: `bytes=${BYTES.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${BYTES.length}`);
  });

  it('HEAD: the length and headers, no body', async () => {
    const support = await signIn(t, 'support');
    const res = await support.request(`${PATH}${QUERY}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(BYTES.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect(seen.map((s) => s.method)).toEqual(['HEAD']);
  });

  it.each([
    [410, 'LinkExpired', 'The link expired at 2026-11-23T12:00:00.000Z'],
    [403, 'Forbidden', 'The link signature is not valid'],
  ])('the API’s %i (expired or tampered link) passes through with its message', async (status, name, message) => {
    answer = () => Response.json({ name, message }, { status });
    const admin = await signIn(t, 'admin');
    const res = await admin.request(`${PATH}${QUERY}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ name, message });
  });

  it('every role may read export files; without a session nothing reaches the API (401)', async () => {
    for (const role of ['admin', 'engineer', 'support'] as const) {
      const s = await signIn(t, role, `${role}-reader`);
      expect((await s.request(`${PATH}${QUERY}`)).status, role).toBe(200);
    }
    expect(seen).toHaveLength(3);
    const anonymous = await t.app.request(`${PATH}${QUERY}`);
    expect(anonymous.status).toBe(401);
    expect(seen).toHaveLength(3);
  });

  it('relays a workbook (.xlsx) like a Parquet file', async () => {
    const xlsx = 'econ-workbook-6c00000000000000000000f2.xlsx';
    answer = () =>
      new Response(BYTES, {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="${xlsx}"`,
          'content-length': String(BYTES.length),
        },
      });
    const engineer = await signIn(t, 'engineer');
    const res = await engineer.request(`/downloads/exports/${EXPORT_ID}/${xlsx}${QUERY}`);
    expect(res.status).toBe(200);
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(BYTES));
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(seen[0]!.url).toBe(`${API_URL}/downloads/exports/${EXPORT_ID}/${xlsx}${QUERY}`);
  });

  it('writes are never relayed: support is refused by the roles, others find no route', async () => {
    const support = await signIn(t, 'support');
    expect((await support.request(`${PATH}${QUERY}`, { method: 'POST', body: '' })).status).toBe(403);
    const admin = await signIn(t, 'admin');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await admin.request(`${PATH}${QUERY}`, { method, body: '' })).status, method).toBe(404);
    }
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['a file that is neither Parquet nor a workbook', `/downloads/exports/${EXPORT_ID}/secret.txt`],
    ['a workbook of another kind', `/downloads/exports/${EXPORT_ID}/macro.xlsm`],
    ['a nested path', `/downloads/exports/${EXPORT_ID}/a/b.parquet`],
    ['an id that is not an ObjectId', '/downloads/exports/abc/x.parquet'],
    ['a climb out of the folder', `/downloads/exports/${EXPORT_ID}/..%2F..%2Fv1%2Fprojects.parquet`],
  ])('%s is 404 and never reaches the API', async (_what, path) => {
    const admin = await signIn(t, 'admin');
    const res = await admin.request(`${path}${QUERY}`);
    expect(res.status).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('dot segments are resolved before routing: they leave /downloads/exports and reach nothing at the API', async () => {
    const admin = await signIn(t, 'admin');
    const res = await admin.request(`/downloads/exports/%2e%2e/%2e%2e/v1/projects${QUERY}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/); // the console's SPA, not a relay
    expect(seen).toHaveLength(0);
  });

  it('the API unreachable: 502 naming it', async () => {
    answer = () => {
      throw new TypeError('fetch failed');
    };
    const admin = await signIn(t, 'admin');
    const res = await admin.request(`${PATH}${QUERY}`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toContain(API_URL);
  });
});
