import { civilFromDayIndex, daysInMonth, toDayIndex } from './dayIndex';
import type { FitPoint } from './fit/fitDecline';

/** One production record of one phase: its date and volume (BBL or MCF; null or undefined: not measured). */
export interface PhaseRecord {
  date: string;
  volume: number | null | undefined;
}

/**
 * A phase's history as fit points, in date order: a daily record's volume is its rate; a monthly
 * record (dated the month's first day) stands for its month, its rate the volume over the days in
 * the month (as the console's chart draws it). Records not measured are left out; zeros stay (the
 * fitter reports them as shut-in days).
 */
export function historyPoints(records: readonly PhaseRecord[], resolution: 'daily' | 'monthly'): FitPoint[] {
  const out: FitPoint[] = [];
  for (const r of records) {
    if (typeof r.volume !== 'number' || !Number.isFinite(r.volume)) continue;
    const day = toDayIndex(r.date);
    if (resolution === 'daily') out.push({ day, rate: r.volume });
    else {
      const { y, m } = civilFromDayIndex(day);
      out.push({ day, rate: r.volume / daysInMonth(y, m) });
    }
  }
  return out.sort((a, b) => a.day - b.day);
}
