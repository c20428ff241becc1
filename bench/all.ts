import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchSummary } from './summary';

/*
 * `npm run bench`: every bench/* in turn (each in its own process, so one's memory does not weigh
 * on the next), then one table of their headline figures beside their same-run baselines.
 * BENCH_QUICK=1 runs reduced sizes (a smoke run, minutes instead of ~15); the README's table is from
 * a full run.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const benches: { name: string; script: string; env: Record<string, string> }[] = [
  { name: 'gate', script: 'bench/gate/run.ts', env: QUICK ? { BENCH_SECONDS: '4' } : {} },
  { name: 'decline', script: 'bench/decline/run.ts', env: QUICK ? { BENCH_WELLS: '1000' } : {} },
  {
    name: 'decline (Arps mix)',
    script: 'bench/decline/run.ts',
    env: { BENCH_MIX: 'arps', ...(QUICK ? { BENCH_WELLS: '1000' } : {}) },
  },
  { name: 'export', script: 'bench/export/run.ts', env: QUICK ? { BENCH_WELLS: '50' } : {} },
  { name: 'econ', script: 'bench/econ/run.ts', env: QUICK ? { BENCH_WELLS: '100' } : {} },
  { name: 'fit', script: 'bench/fit/run.ts', env: QUICK ? { BENCH_WELLS: '200' } : {} },
  { name: 'forecast-run', script: 'bench/forecastRun/run.ts', env: QUICK ? { BENCH_WELLS: '200' } : {} },
  { name: 'econ-run', script: 'bench/econRun/run.ts', env: QUICK ? { BENCH_WELLS: '100' } : {} },
  { name: 'workbook', script: 'bench/workbook/run.ts', env: QUICK ? { BENCH_WELLS: '50' } : {} },
  {
    name: 'productions',
    script: 'bench/productions/run.ts',
    env: QUICK ? { BENCH_WELLS: '5', BENCH_READ_ROUNDS: '10' } : {},
  },
];

const dir = mkdtempSync(join(tmpdir(), 'bench-all-'));
const file = join(dir, 'summary.jsonl');
const failed: string[] = [];
try {
  for (const b of benches) {
    console.log(`\n=== ${b.name} (${b.script}) ===`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', b.script], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...b.env, BENCH_SUMMARY_FILE: file },
    });
    if (r.status !== 0) failed.push(`${b.name} (exit ${r.status})`);
  }
  let lines: BenchSummary[] = [];
  try {
    lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as BenchSummary);
  } catch {
    lines = [];
  }
  const when = new Date().toISOString().slice(0, 10);
  console.log(
    `\nBenchmarks, ${when}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'})${QUICK ? ', quick sizes' : ''}\n`,
  );
  console.log('| benchmark | figure | baseline (same run) | ratio | target |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const s of lines) {
    const target = s.target ? `${s.target}: ${s.met ? 'met' : 'NOT met'}` : '';
    console.log(`| ${s.bench} | ${s.figure} | ${s.baseline} | **${s.ratio.toFixed(3)}** | ${target} |`);
  }
  if (failed.length) {
    console.log(`\nFailed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
