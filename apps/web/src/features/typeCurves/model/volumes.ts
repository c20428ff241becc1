import { FIT_SERIES, type FitSeriesKey, PHASES, type Phase } from '@econ/contract';

type Row = { date: string } & Partial<Record<Phase, Partial<Record<FitSeriesKey, number>> | undefined>>;

/**
 * The columns of a page of volumes: each phase and series that has a value in some row, in the
 * order oil, gas, water and best, p10, p50, p90 (a series without a fit is omitted, spec part 2.9).
 */
export function volumeColumns(rows: readonly Row[]): { phase: Phase; series: FitSeriesKey }[] {
  const seen = new Set<string>();
  for (const row of rows) {
    for (const phase of PHASES) {
      for (const series of FIT_SERIES) if (row[phase]?.[series] !== undefined) seen.add(`${phase}/${series}`);
    }
  }
  return PHASES.flatMap((phase) =>
    FIT_SERIES.filter((series) => seen.has(`${phase}/${series}`)).map((series) => ({ phase, series })),
  );
}
