import { appendFileSync } from 'node:fs';

/**
 * One benchmark's headline: its figure beside the baseline measured in the same run, and their
 * ratio. `npm run bench` (bench/all.ts) collects these into one table; each bench writes its line to
 * the file named by BENCH_SUMMARY_FILE (nothing when it is unset, e.g. run on its own).
 */
export interface BenchSummary {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number;
  target?: string;
  met?: boolean;
  note?: string;
}

export function reportSummary(s: BenchSummary): void {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(s)}\n`);
}
