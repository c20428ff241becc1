/**
 * Where the time of a production import goes, in process (no socket): seeds like server.ts, then
 * POSTs BENCH_WELLS wells × 10 years of daily records 20 000 a request through `app.request` and
 * prints each request's time, and the time of the pipeline's steps measured around the store's
 * `writeRecords` (the rest is body reading, validation, well checks and the 207 body). Run under
 * `node --cpu-prof --import tsx bench/productions/profile.ts` for a profile (open the .cpuprofile
 * in Chrome DevTools). PGlite, or BENCH_DATABASE_URL.
 */
import { PRODUCTION_WRITE_MAX } from '@econ/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dailyProductions } from '../../apps/api/src/db/schema';
import { scaleHistory, scaleWell } from '../../apps/api/src/demo/scaleWells';
import { productionList } from '../../apps/api/src/productions/store';
import { openBenchApi } from '../benchApi';

const wells = Number(process.env.BENCH_WELLS ?? 6);
const { deps, database, app, call, headers, close, companyId } = await openBenchApi('productions-profile', 'Profile');
const projectId = (
  (await call('/v1/projects', JSON.stringify([{ name: 'P' }]), headers)) as { results: { id: string }[] }
).results[0]!.id;
const wellIds = (
  (await call(
    `/v1/projects/${projectId}/wells`,
    JSON.stringify(Array.from({ length: wells }, (_, i) => scaleWell(i).well)),
    headers,
  )) as { results: { id: string }[] }
).results.map((r) => r.id);
const rows = wellIds.flatMap((id, i) => scaleHistory(id, i, 3653).daily);
console.log(`${database.kind}: ${rows.length} rows`);
for (let k = 0; k < rows.length; k += PRODUCTION_WRITE_MAX) {
  const body = JSON.stringify(rows.slice(k, k + PRODUCTION_WRITE_MAX));
  const t0 = performance.now();
  const out = await call(`/v1/projects/${projectId}/daily-productions`, body, headers);
  const n = Math.min(PRODUCTION_WRITE_MAX, rows.length - k);
  const ms = performance.now() - t0;
  console.log(`  ${n} records: ${ms.toFixed(0)} ms (${((n / ms) * 1000).toFixed(0)} rows/s), ${out.successCount} ok`);
}
// The read of one well's history, split: the drizzle select (query and its row mapping), the
// store's page (that plus the record view), and the bare SELECT through the same driver.
const well = wellIds[0]!;
const scope = { companyId: companyId };
const time = async (label: string, f: () => Promise<unknown>) => {
  const xs: number[] = [];
  for (let r = 0; r < 23; r++) {
    const t0 = performance.now();
    await f();
    if (r >= 3) xs.push(performance.now() - t0);
  }
  xs.sort((a, b) => a - b);
  console.log(`  ${label}: median ${xs[10]!.toFixed(1)} ms`);
};
await time('bare SELECT *', () =>
  deps.db.execute(
    sql`select * from daily_productions where company_id = ${scope.companyId} and well_id = ${well} order by well_id, date`,
  ),
);
await time('drizzle select()', () =>
  deps.db
    .select()
    .from(dailyProductions)
    .where(and(eq(dailyProductions.companyId, scope.companyId), inArray(dailyProductions.wellId, [well])))
    .orderBy(asc(dailyProductions.wellId), asc(dailyProductions.date))
    .limit(20001),
);
await time('store page', () =>
  productionList(deps.db, 'daily', scope, { well: [well] }).page({ skip: 0, take: 20000, sort: 'well,date' }, 20001),
);
await time('GET route (app.request, whole body)', async () => {
  const res = await app.request(`/v1/daily-productions?well=${well}&take=20000`, { headers });
  await res.text();
});
// A candidate read for the store (decision 025): PostgreSQL builds the page's JSON (nulls left
// out, stamps as ISO strings), the route sends the text as it comes.
const ts = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fields = [
  'oil',
  'gas',
  'water',
  'ngl',
  'gas_injection',
  'water_injection',
  'co2_injection',
  'steam_injection',
  'choke',
  'operational_tag',
  'hours_on',
  'bottom_hole_pressure',
  'casing_head_pressure',
  'tubing_head_pressure',
  'flowline_pressure',
  'gas_lift_injection_pressure',
  'vessel_separator_pressure',
];
const camel = (c: string) => c.replace(/_(\w)/g, (_, x: string) => x.toUpperCase());
const object = `json_strip_nulls(json_build_object('well', well_id, 'date', date, ${fields.map((f) => `'${camel(f)}', ${f}`).join(', ')}, 'createdAt', ${ts('created_at')}, 'updatedAt', ${ts('updated_at')}))`;
await time('candidate: JSON built by PostgreSQL (json_agg), text only', () =>
  deps.db.execute(
    sql`select coalesce(json_agg(${sql.raw(object)} order by well_id, date)::text, '[]') as body from (select * from daily_productions where company_id = ${scope.companyId} and well_id = ${well} order by well_id, date limit 20001) t`,
  ),
);
await time('bare SELECT of the 6 columns the records hold (date, oil, gas, water, hours_on, choke)', () =>
  deps.db.execute(
    sql`select date, oil, gas, water, hours_on, choke from daily_productions where company_id = ${scope.companyId} and well_id = ${well} order by well_id, date`,
  ),
);
await time('bare SELECT count(*) of the same rows (the scan alone)', () =>
  deps.db.execute(
    sql`select count(*) from daily_productions where company_id = ${scope.companyId} and well_id = ${well}`,
  ),
);
await close();
