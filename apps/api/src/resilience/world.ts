import { MultiStatus } from '@econ/contract';
import { call } from '@econ/test-kit/http';
import { expect } from 'vitest';
import { MODELS } from '../econRuns/testing';
import { signedIn } from '../test/fixtures';
import { httpApi } from './processes';

/**
 * Data made over HTTP against a running API: a company and v2 client, a project of `wells` wells,
 * a deterministic forecast holding them all with flat oil (and gas) for each, optionally a scenario
 * over every well with the econ-run reference models assigned.
 */
export async function world(base: () => string, opts: { wells: number; scenario?: boolean; years?: number }) {
  const api = httpApi(base);
  const s = await signedIn(api);
  const h = s.headers;
  const post = async (path: string, body: unknown) => {
    const r = await call(`${base()}${path}`, 'POST', h, body);
    expect(r.status, JSON.stringify(r.body)).toBe(207);
    const ms = MultiStatus.parse(r.body);
    expect(ms.failedCount, JSON.stringify(ms)).toBe(0);
    return ms.results.map((x) => x.id!);
  };
  const [project] = (await post('/v1/projects', [{ name: 'Main' }])) as [string];
  const wells: string[] = [];
  for (let at = 0; at < opts.wells; at += 1000) {
    const n = Math.min(1000, opts.wells - at);
    wells.push(
      ...(await post(
        `/v1/projects/${project}/wells`,
        Array.from({ length: n }, (_, i) => ({
          wellName: `W ${at + i}`,
          chosenID: `W-${at + i}`,
          dataSource: 'internal',
        })),
      )),
    );
  }
  const [forecast] = (await post(`/v1/projects/${project}/forecasts`, [{ name: 'Det', wells }])) as [string];
  const end = `${2026 + (opts.years ?? 10) - 1}-12-31`;
  const flat = (qStart: number) => [{ segmentType: 'flat', startDate: '2026-01-01', endDate: end, qStart }];
  const records = wells.flatMap((well, i) => [
    { well, forecastType: 'rate', phase: 'oil', series: 'best', segments: flat(100 + i) },
    { well, forecastType: 'rate', phase: 'gas', series: 'best', segments: flat(500 + i) },
  ]);
  for (let at = 0; at < records.length; at += 25) {
    const r = await call(
      `${base()}/v1/projects/${project}/forecasts/${forecast}/parameters`,
      'PUT',
      h,
      records.slice(at, at + 25),
    );
    expect(r.status).toBe(207);
    expect((r.body as { failedCount: number }).failedCount, JSON.stringify(r.body)).toBe(0);
  }
  let scenario: string | undefined;
  let runs: string | undefined;
  if (opts.scenario) {
    [scenario] = (await post(`/v1/projects/${project}/scenarios`, [{ name: 'S' }])) as [string];
    for (const [kind, body] of Object.entries(MODELS)) {
      const m = await call(`${base()}/v1/projects/${project}/econ-models/${kind}`, 'POST', h, [
        { name: `M ${kind}`, ...body },
      ]);
      const id = (m.body as { results: { id: string }[] }).results[0]!.id;
      const a = await call(`${base()}/v1/projects/${project}/econ-models/${kind}/${id}/assignments`, 'POST', h, [
        { scenario, allWells: true },
      ]);
      expect(a.status, JSON.stringify(a.body)).toBe(207);
    }
    runs = `/v1/projects/${project}/scenarios/${scenario}/econ-runs`;
  }
  return { ...s, h, project, wells, forecast, scenario, runs };
}

/**
 * Sends numbered batches from `streams` concurrent loops until `kill` is called after `ackAfter`
 * acknowledged (207) answers, then waits for the loops to end (their requests fail once the
 * process is gone). Returns the answers seen, by batch number.
 */
export async function writeUntilKilled(opts: {
  batches: number;
  streams: number;
  ackAfter: number;
  send: (batch: number) => Promise<{ status: number; body: unknown }>;
  kill: () => Promise<void>;
}): Promise<{ acked: Map<number, MultiStatus>; sent: Set<number>; killed: boolean }> {
  const acked = new Map<number, MultiStatus>();
  const sent = new Set<number>();
  let next = 0;
  let killing: Promise<void> | undefined;
  const loop = async () => {
    while (next < opts.batches && !killing) {
      const b = next++;
      sent.add(b);
      try {
        const r = await opts.send(b);
        if (r.status !== 207) throw new Error(`batch ${b}: HTTP ${r.status} ${JSON.stringify(r.body)}`);
        acked.set(b, MultiStatus.parse(r.body));
      } catch (e) {
        if (killing) return;
        throw e;
      }
      if (acked.size >= opts.ackAfter && !killing) killing = opts.kill();
    }
  };
  await Promise.all(Array.from({ length: opts.streams }, loop));
  if (killing) await killing;
  return { acked, sent, killed: killing !== undefined };
}

/** Runs `fn` over `items` with at most `n` at a time. */
export async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const k = i++;
        out[k] = await fn(items[k]!);
      }
    }),
  );
  return out;
}
