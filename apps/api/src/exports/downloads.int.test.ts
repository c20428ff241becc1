import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ErrorEnvelope, ExportView } from '@econ/contract';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataExports, serviceSecrets } from '../db/schema';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import { FolderStore } from './folderStore';
import { signature, signedUrl } from './links';
import {
  deleteOrphanedFiles,
  exportRuntime,
  failOrphanedExports,
  linkSecret,
  STALLED_AFTER_MS,
  sweepExpiredExports,
} from './service';
import { completeExport, tempDataDir } from './testing';

let t: TestApi;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApi({ DATA_DIR: dataDir });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** A complete export (see `completeExport`), with the path of its first file in the folder store. */
async function exported() {
  const e = await completeExport(t);
  const path = join((e.store as unknown as { inner: FolderStore }).inner.root, e.view.id, e.file.name);
  return { ...e, path };
}

const fetchLink = (local: string, init: RequestInit = {}) => t.app.request(local, init);

describe(`export links: GET and HEAD (${BACKEND})`, () => {
  it('GET streams the file with its type, name, length and CORS headers; no auth headers needed', async () => {
    const e = await exported();
    const res = await fetchLink(e.local);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${e.file.name}"`);
    expect(res.headers.get('content-length')).toBe(String(e.file.bytes));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(body).equals(readFileSync(e.path))).toBe(true);
    expect(Buffer.from(body.subarray(0, 4)).toString()).toBe('PAR1');
  });

  it('HEAD answers the same headers and no body', async () => {
    const e = await exported();
    const res = await fetchLink(e.local, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(e.file.bytes));
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(await res.text()).toBe('');
    expect(e.store.calls).toEqual([`size ${e.view.id}/${e.file.name}`]);
  });

  it('serves byte ranges with 206 and Content-Range; 416 when the range lies outside the file', async () => {
    const e = await exported();
    const whole = readFileSync(e.path);
    const size = whole.length;
    const first = await fetchLink(e.local, { headers: { range: 'bytes=0-3' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-3/${size}`);
    expect(first.headers.get('content-length')).toBe('4');
    expect(Buffer.from(await first.arrayBuffer()).toString()).toBe('PAR1');
    const tail = await fetchLink(e.local, { headers: { range: 'bytes=-8' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 8}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(size - 8))).toBe(true);
    const mid = await fetchLink(e.local, { headers: { range: 'bytes=10-' } });
    expect(Buffer.from(await mid.arrayBuffer()).equals(whole.subarray(10))).toBe(true);
    const head = await fetchLink(e.local, { method: 'HEAD', headers: { range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('100');
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`"${e.view.id}-${e.file.name.replace('.parquet', '')}-${size}"`);
    const same = await fetchLink(e.local, { headers: { range: 'bytes=0-3', 'if-range': etag } });
    expect(same.status).toBe(206);
    const changed = await fetchLink(e.local, { headers: { range: 'bytes=0-3', 'if-range': '"other"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-length')).toBe(String(size));
    const outside = await fetchLink(e.local, { headers: { range: `bytes=${size}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('answers a CORS preflight for Range', async () => {
    const e = await exported();
    const res = await fetchLink(e.local, {
      method: 'OPTIONS',
      headers: { origin: 'http://console.test', 'access-control-request-headers': 'range' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('Range, If-Range');
  });
});

describe(`export links: expiry (${BACKEND})`, () => {
  it('works until 1 ms before expiresAt and is 410 from expiresAt on; GET /v1/exports shows expired', async () => {
    const e = await exported();
    const expiresAt = Date.parse(e.view.expiresAt);
    t.clock.set(new Date(expiresAt - 1));
    await e.s.renewToken();
    expect((await fetchLink(e.local)).status).toBe(200);
    expect(ExportView.parse(await (await e.s.get(e.view.id)).json()).status).toBe('complete');
    t.clock.set(new Date(expiresAt));
    const res = await fetchLink(e.local);
    expect(res.status).toBe(410);
    expect(ErrorEnvelope.parse(await res.json()).message).toBe(
      `This link expired at ${e.view.expiresAt}: create the export again for new links`,
    );
    const view = ExportView.parse(await (await e.s.get(e.view.id)).json());
    expect(view).toMatchObject({ status: 'expired', fileUrls: [] });
    expect(view.files[0]!.url).toBeUndefined();
  });

  it('the sweep deletes expired files and marks the export expired; unexpired exports are kept', async () => {
    const e = await exported();
    const later = await e.s.post(e.s.monthly({ expirationHours: 48 }));
    const keep = ExportView.parse(await later.json());
    t.clock.set(new Date(Date.parse(e.view.expiresAt) - 1));
    expect(await sweepExpiredExports(t.deps)).toEqual([]);
    expect(existsSync(e.path)).toBe(true);
    t.clock.set(e.view.expiresAt);
    await e.s.renewToken();
    expect(await sweepExpiredExports(t.deps)).toEqual([e.view.id]);
    expect(existsSync(e.path)).toBe(false);
    expect(existsSync(join(e.path, '..'))).toBe(false);
    const view = ExportView.parse(await (await e.s.get(e.view.id)).json());
    expect(view.status).toBe('expired');
    expect(view.updatedAt).toBe(e.view.expiresAt);
    expect((await fetchLink(e.local)).status).toBe(410);
    expect(ExportView.parse(await (await e.s.get(keep.id)).json()).status).toBe('complete');
    expect((await fetchLink(new URL(keep.fileUrls[0]!).pathname + new URL(keep.fileUrls[0]!).search)).status).toBe(200);
    expect(await sweepExpiredExports(t.deps)).toEqual([]);
  });
});

describe(`stalled exports (${BACKEND})`, () => {
  it('a running export silent for 10 minutes (its process ended) is marked failed and its partial files deleted', async () => {
    const e = await exported();
    const now = t.clock.now();
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    const base = { ...e.view, status: 'running' as const };
    const rows = [
      { id: 'b'.repeat(24), updatedAt: at(STALLED_AFTER_MS) },
      { id: 'c'.repeat(24), updatedAt: at(STALLED_AFTER_MS - 1) },
    ];
    const [company] = await t.deps.db.select({ companyId: dataExports.companyId }).from(dataExports).limit(1);
    for (const r of rows) {
      await t.deps.db.insert(dataExports).values({
        id: r.id,
        companyId: company!.companyId,
        projectId: base.projectId,
        exportType: base.exportType,
        fileType: 'parquet',
        status: 'running',
        expiresAt: new Date(base.expiresAt),
        createdAt: at(STALLED_AFTER_MS * 2),
        updatedAt: r.updatedAt,
      });
      await exportRuntime(t.deps).store.put(`${r.id}/part.parquet`, Readable.from([Buffer.from([1, 2, 3])]));
    }
    await sweepExpiredExports(t.deps);
    const status = async (id: string) => (await t.deps.db.select().from(dataExports).where(eq(dataExports.id, id)))[0]!;
    expect(await status(rows[0]!.id)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('run the export again'),
    });
    expect(await exportRuntime(t.deps).store.size(`${rows[0]!.id}/part.parquet`)).toBeUndefined();
    expect((await status(rows[1]!.id)).status).toBe('running');
    expect(await exportRuntime(t.deps).store.size(`${rows[1]!.id}/part.parquet`)).toBe(3);
    expect((await status(e.view.id)).status).toBe('complete');
    // At the start of a PGlite process (the only one its data folder can have) a running export is
    // orphaned whatever its age: failed at once, its files deleted; complete exports are kept.
    expect(await failOrphanedExports(t.deps)).toEqual([rows[1]!.id]);
    expect((await status(rows[1]!.id)).status).toBe('failed');
    expect(await exportRuntime(t.deps).store.size(`${rows[1]!.id}/part.parquet`)).toBeUndefined();
    expect((await status(e.view.id)).status).toBe('complete');
  });
});

describe(`files left by a process that ended mid-way (${BACKEND})`, () => {
  it('the sweep deletes the files of failed, expired and unknown exports, and keeps running and complete ones', async () => {
    const e = await exported();
    const store = exportRuntime(t.deps).store;
    const [company] = await t.deps.db.select({ companyId: dataExports.companyId }).from(dataExports).limit(1);
    const now = t.clock.now();
    const later = new Date(now.getTime() + 24 * 3600 * 1000);
    // A process killed after marking these failed or expired, before deleting their files; and a
    // folder whose row is gone altogether.
    const rows = [
      { id: 'd'.repeat(24), status: 'failed' as const },
      { id: 'e'.repeat(24), status: 'expired' as const },
      { id: 'f'.repeat(24), status: 'running' as const },
    ];
    for (const r of rows) {
      await t.deps.db.insert(dataExports).values({
        id: r.id,
        companyId: company!.companyId,
        projectId: e.view.projectId,
        exportType: e.view.exportType,
        fileType: 'parquet',
        status: r.status,
        expiresAt: later,
        createdAt: now,
        updatedAt: now,
      });
    }
    const unknown = '0123456789abcdef01234567';
    for (const id of [...rows.map((r) => r.id), unknown]) {
      await store.put(`${id}/part.parquet`, Readable.from([Buffer.from([1, 2, 3])]));
    }
    expect(await store.listExportIds()).toEqual(expect.arrayContaining([...rows.map((r) => r.id), unknown, e.view.id]));
    await sweepExpiredExports(t.deps);
    expect((await store.listExportIds()).sort()).toEqual(['f'.repeat(24), e.view.id].sort());
    expect(existsSync(join(e.path, '..', '..', 'd'.repeat(24)))).toBe(false);
    expect(existsSync(join(e.path, '..', '..', unknown))).toBe(false);
    // The complete export still downloads, and the running one keeps its part file.
    expect((await fetchLink(e.local)).status).toBe(200);
    expect(await store.size(`${'f'.repeat(24)}/part.parquet`)).toBe(3);
    expect(await deleteOrphanedFiles(t.deps)).toEqual([]);
  });
});

describe(`export links: tampering and traversal (${BACKEND})`, () => {
  it('403 when the signature, the expiry, the export id or the file name is changed, or the link is unsigned', async () => {
    const e = await exported();
    const other = ExportView.parse(await (await e.s.post(e.s.monthly())).json());
    e.store.calls = [];
    const sig = e.url.searchParams.get('X-Signature')!;
    const exp = e.url.searchParams.get('X-Expires')!;
    const base = `/downloads/exports/${e.view.id}/${e.file.name}`;
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    const cases = [
      `${base}?X-Expires=${exp}&X-Signature=${flipped}`,
      `${base}?X-Expires=${Number(exp) + 3600}&X-Signature=${sig}`,
      `${base}?X-Expires=${Number(exp) - 3600}&X-Signature=${sig}`,
      `/downloads/exports/${other.id}/${e.file.name}?X-Expires=${exp}&X-Signature=${sig}`,
      `/downloads/exports/${e.view.id}/${e.file.name.replace('0001', '0002')}?X-Expires=${exp}&X-Signature=${sig}`,
      `${base}?X-Expires=${exp}`,
      `${base}?X-Signature=${sig}`,
      base,
    ];
    for (const link of cases) {
      const res = await fetchLink(link);
      expect(res.status, link).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(e.store.calls).toEqual([]);
  });

  it('refuses traversal and names outside the export without touching the store', async () => {
    const e = await exported();
    const secret = await linkSecret(t.deps);
    const exp = e.url.searchParams.get('X-Expires')!;
    // Even links signed with the real key cannot name anything but the export's own files.
    const signed = (id: string, name: string) =>
      `/downloads/exports/${encodeURIComponent(id)}/${encodeURIComponent(name)}?X-Expires=${exp}&X-Signature=${signature(secret, id, name, Number(exp))}`;
    const notFound = [
      signed(e.view.id, '../../../../etc/passwd'),
      signed(e.view.id, `../${e.view.id}/${e.file.name}`),
      signed(e.view.id, '/etc/passwd.parquet'),
      signed(e.view.id, '..\\..\\x.parquet'),
      `/downloads/exports/${e.view.id}/..%2F..%2F..%2Fetc%2Fpasswd?X-Expires=${exp}&X-Signature=${e.url.searchParams.get('X-Signature')}`,
      `/downloads/exports/${e.view.id}/%2Fetc%2Fpasswd.parquet?X-Expires=${exp}&X-Signature=${e.url.searchParams.get('X-Signature')}`,
      `/downloads/exports/${e.view.id}%2F..%2F${e.view.id}/${e.file.name}?X-Expires=${exp}&X-Signature=x`,
      `/downloads/exports/${e.view.id}/${e.file.name}%00.parquet?X-Expires=${exp}&X-Signature=x`,
      signed(e.view.id, 'other.parquet'),
      signed('ffffffffffffffffffffffff', e.file.name),
    ];
    for (const link of notFound) {
      const res = await fetchLink(link);
      expect(res.status, link).toBe(404);
      expect(ErrorEnvelope.parse(await res.json()).message).toBe('No such export file');
    }
    // Dot segments in the path itself are resolved by URL parsing and match no route.
    expect((await fetchLink(`/downloads/exports/${e.view.id}/../../../etc/passwd`)).status).toBe(404);
    expect((await fetchLink(signed('..', e.file.name))).status).toBe(404);
    expect(e.store.calls).toEqual([]);
  });

  it('the FolderStore refuses keys it never makes', async () => {
    const store = new FolderStore(join(dataDir, 'store-check'));
    for (const key of ['../x', 'abc/../../x', '/etc/passwd', `${'a'.repeat(24)}/../x`, `${'a'.repeat(24)}/.hidden`]) {
      await expect(store.size(key)).rejects.toThrow('Invalid export store key');
      expect(() => store.read(key)).toThrow('Invalid export store key');
    }
    await expect(store.deletePrefix('../')).rejects.toThrow('Invalid export store key');
    await expect(store.deletePrefix('')).rejects.toThrow('Invalid export store key');
    expect(await store.size(`${'a'.repeat(24)}/x.parquet`)).toBeUndefined();
    await store.deletePrefix(`${'a'.repeat(24)}/`);
  });
});

describe(`export links: the key (${BACKEND})`, () => {
  it('is generated once and kept in the database, so every replica signs alike', async () => {
    const e = await exported();
    const [row] = await t.deps.db.select().from(serviceSecrets).where(eq(serviceSecrets.name, 'export-link-secret'));
    expect(row!.value.length).toBeGreaterThanOrEqual(40);
    expect(e.view.fileUrls[0]).toBe(
      signedUrl(BASE_URL, row!.value, e.view.id, e.file.name, new Date(e.view.expiresAt)),
    );
  });

  it('EXPORT_LINK_SECRET, when set, is the key', async () => {
    const key = 'k'.repeat(40);
    const api = await createTestApi({ DATA_DIR: dataDir, EXPORT_LINK_SECRET: key });
    try {
      expect(await linkSecret(api.deps)).toBe(key);
    } finally {
      await api.close();
    }
  });
});

describe(`export links over HTTP (${BACKEND})`, () => {
  it('a real server streams GET, answers HEAD with the length and no body, and serves ranges', async () => {
    const e = await exported();
    const whole = readFileSync(e.path);
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    try {
      const res = await fetch(`${origin}${e.local}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(whole.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(whole)).toBe(true);
      const head = await fetch(`${origin}${e.local}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(whole.length));
      expect(await head.text()).toBe('');
      const range = await fetch(`${origin}${e.local}`, { headers: { range: 'bytes=-4' } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).toString()).toBe('PAR1');
      const traversal = await fetch(`${origin}/downloads/exports/${e.view.id}/..%2F..%2Fsecret.parquet${e.url.search}`);
      expect(traversal.status).toBe(404);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
