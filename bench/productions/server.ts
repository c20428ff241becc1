/**
 * The API of the production benchmark, in a child process of its own (so its resident memory is its
 * own): PGlite in a temporary folder, or BENCH_DATABASE_URL. Seeds a company, a v2 credential, a
 * project and BENCH_WELLS wells through the API, prints one JSON line (URL, headers, ids), then
 * serves. On an IPC message `{read: wellId, rounds}` it times reads of that well's daily history in
 * process (see `timeReads`) and answers with the figures.
 */
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { scaleWell } from '../../apps/api/src/demo/scaleWells';
import { productionList } from '../../apps/api/src/productions/store';
import { openBenchApi } from '../benchApi';

const wellCount = Number(process.argv[2] ?? 10);
const { deps, database, app, call, headers, close, companyId } = await openBenchApi(
  'productions',
  `Bench ${Date.now()}`,
);
const project = (await call('/v1/projects', [{ name: 'Bench productions' }], headers)) as {
  results: { id: string }[];
};
const projectId = project.results[0]!.id;
const wellIds: string[] = [];
for (let k = 0; k < wellCount; k += 1000) {
  const wells = Array.from({ length: Math.min(1000, wellCount - k) }, (_, j) => scaleWell(k + j).well);
  const out = (await call(`/v1/projects/${projectId}/wells`, wells, headers)) as { results: { id: string }[] };
  wellIds.push(...out.results.map((r) => r.id));
}

/**
 * Reads of one well's daily history, timed in process (no socket, so the figure is the server's
 * time): the whole route (`app.request` to the last byte of the body: gate, validation, query,
 * records, JSON), the store's page (the query and the row → record mapping), its JSON, and the
 * bare SELECT of the same rows through the same driver (the baseline). Median and p95 of `rounds`
 * after 3 warm-up rounds, in ms.
 */
async function timeReads(well: string, rounds: number) {
  const path = `/v1/daily-productions?well=${well}&take=20000`;
  const scope = { companyId };
  const filter = { well: [well] };
  const bare = sql`select * from daily_productions where company_id = ${scope.companyId} and well_id = ${well} order by well_id, date limit 20000`;
  const t: Record<'route' | 'page' | 'json' | 'select', number[]> = { route: [], page: [], json: [], select: [] };
  let rows = 0;
  let bytes = 0;
  for (let r = -3; r < rounds; r++) {
    let t0 = performance.now();
    const res = await app.request(path, { headers });
    const body = await res.text();
    const route = performance.now() - t0;
    t0 = performance.now();
    const page = await productionList(deps.db, 'daily', scope, filter).page(
      { skip: 0, take: 20000, sort: 'well,date' },
      20001,
    );
    const pageMs = performance.now() - t0;
    t0 = performance.now();
    JSON.stringify(page);
    const jsonMs = performance.now() - t0;
    t0 = performance.now();
    const selected = await deps.db.execute(bare);
    const select = performance.now() - t0;
    if (r < 0) continue;
    t.route.push(route);
    t.page.push(pageMs);
    t.json.push(jsonMs);
    t.select.push(select);
    rows = page.length;
    bytes = body.length;
    const n = Array.isArray(selected) ? selected.length : (selected as { rows: unknown[] }).rows.length;
    if (n !== rows || res.status !== 200) throw new Error(`read: ${res.status}, ${rows} rows, bare ${n}`);
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]! };
  };
  return {
    rows,
    bytes,
    route: stat(t.route),
    page: stat(t.page),
    json: stat(t.json),
    select: stat(t.select),
  };
}

process.on('message', (m: { read?: string; rounds?: number }) => {
  if (!m.read) return;
  timeReads(m.read, m.rounds ?? 20).then(
    (r) => process.send?.({ read: r }),
    (e: unknown) => process.send?.({ error: String(e) }),
  );
});

const url = await new Promise<string>((resolve) => {
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(`http://127.0.0.1:${info.port}`));
});
console.log(JSON.stringify({ url, headers, projectId, companyId, wellIds, storage: database.kind }));
process.on('SIGTERM', () => {
  void close().finally(() => process.exit(0));
});
