import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ExportView, ForecastParameterMultiStatus } from '@econ/contract';
import { expect } from 'vitest';
import { econRuns } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords, signedIn, v2Token } from '../test/fixtures';
import type { TestApi } from '../test/harness';
import type { ByteRange, ExportStore } from './fileStore';
import { configureExports, exportRuntime } from './service';

/** A fresh DATA_DIR for a test file's API (export files are written under it). */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'api-exports-'));

/** exp_dec with D = 0.001/day over 2025, then flat 50/day in January 2026. */
const EXP = { segmentType: 'exp_dec', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100, d: 0.36525 };
const FLAT = { segmentType: 'flat', startDate: '2026-01-01', endDate: '2026-01-31', qStart: 50 };

/**
 * A signed-in company with a project of `wellCount` wells, a forecast of them with oil and gas
 * segments, a scenario, and a second project with its own forecast (for "not in the project").
 */
export async function exportFixture(t: TestApi, opts: { wellCount?: number; name?: string } = {}) {
  const { headers, company, client } = await signedIn(t, opts.name);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, otherProject] = pb.results.map((r) => r.id!) as [string, string];
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${project}/wells`,
    headers,
    Array.from({ length: opts.wellCount ?? 2 }, (_, i) => ({
      wellName: `W ${i}`,
      chosenID: `W-${i}`,
      dataSource: 'di',
    })),
  );
  const wells = wb.results.map((r) => r.id!).sort();
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [{ name: 'Det' }]);
  const forecast = fb.results[0]!.id!;
  const { body: ofb } = await postRecords(t, `/v1/projects/${otherProject}/forecasts`, headers, [{ name: 'Det' }]);
  const otherForecast = ofb.results[0]!.id!;
  const res = await t.app.request(`/v1/projects/${project}/forecasts/${forecast}/parameters`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(
      wells.flatMap((well) => [
        { well, forecastType: 'rate', phase: 'oil', series: 'best', segments: [EXP, FLAT] },
        { well, forecastType: 'rate', phase: 'gas', series: 'best', segments: [FLAT] },
      ]),
    ),
  });
  const out = ForecastParameterMultiStatus.parse(await res.json());
  expect(out.failedCount, JSON.stringify(out.results)).toBe(0);
  const { body: sb } = await postRecords(t, `/v1/projects/${project}/scenarios`, headers, [{ name: 'Base' }]);
  const scenario = sb.results[0]!.id!;
  const { body: osb } = await postRecords(t, `/v1/projects/${otherProject}/scenarios`, headers, [{ name: 'Base' }]);
  const otherScenario = osb.results[0]!.id!;
  /** Records an econ run (runs are made by the economics engine; none has a route to create them). */
  /** A run row as the worker leaves it (`wellsTotal` wells, none stored: results are added by the caller). */
  const addRun = async (
    status: 'pending' | 'running' | 'complete' | 'failed',
    s = scenario,
    p = project,
    wellsTotal = 0,
  ) => {
    const now = t.clock.now();
    const id = newObjectId(t.clock);
    await t.deps.db
      .insert(econRuns)
      .values({ id, projectId: p, scenarioId: s, status, runDate: now, wellsTotal, createdAt: now, updatedAt: now });
    return id;
  };
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    t.app.request('/v1/exports', { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const get = (id: string, h: Record<string, string> = headers) => t.app.request(`/v1/exports/${id}`, { headers: h });
  const monthly = (patch: Record<string, unknown> = {}) => ({
    exportType: 'monthlyForecastVolumeExport',
    fileType: 'parquet',
    projectId: project,
    forecastId: forecast,
    ...patch,
  });
  /** A new token for the same client (after the clock moved past the 1-hour token lifetime). */
  const renewToken = async () => {
    headers.authorization = `Bearer ${await v2Token(t, client)}`;
  };
  return {
    headers,
    renewToken,
    company,
    project,
    otherProject,
    wells,
    forecast,
    otherForecast,
    scenario,
    otherScenario,
    addRun,
    post,
    get,
    monthly,
  };
}

/** A store that records every call before passing it on: shows what a request touched. */
export class RecordingStore implements ExportStore {
  calls: string[] = [];
  constructor(private readonly inner: ExportStore) {}
  put(key: string, body: Readable | AsyncIterable<Uint8Array>) {
    this.calls.push(`put ${key}`);
    return this.inner.put(key, body);
  }
  size(key: string) {
    this.calls.push(`size ${key}`);
    return this.inner.size(key);
  }
  read(key: string, range?: ByteRange) {
    this.calls.push(`read ${key}`);
    return this.inner.read(key, range);
  }
  deletePrefix(prefix: string) {
    this.calls.push(`deletePrefix ${prefix}`);
    return this.inner.deletePrefix(prefix);
  }
  listExportIds() {
    this.calls.push('listExportIds');
    return this.inner.listExportIds();
  }
}

/** A promise with its resolve function, to hold a fake writer mid-way. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { promise, open };
}

/**
 * A complete export of the fixture's monthly volumes, with a recording store in front of the real
 * one (its calls emptied): the link of its first file as a URL and as a local path with its query.
 */
export async function completeExport(t: TestApi) {
  const s = await exportFixture(t);
  const store = new RecordingStore(exportRuntime(t.deps).store);
  configureExports(t.deps, { store });
  const res = await s.post(s.monthly());
  expect(res.status).toBe(201);
  const view = ExportView.parse(await res.json());
  const url = new URL(view.fileUrls[0]!);
  store.calls = [];
  return { s, view, file: view.files[0]!, store, url, local: `${url.pathname}${url.search}` };
}
