import type { ProductionResolution } from '@econ/contract';
import { dayNumber } from './dates';

/** Monthly records of one well lie at least this many days apart (February). */
const MONTH_MIN_DAYS = 28;

/**
 * Daily or monthly, from a sample of a file's rows (`well` is any key of the row's well, `date` a
 * parsed date): monthly when every date is the first of its month and no well has two dates less
 * than a month apart; daily otherwise, and for an empty sample (the user can change it).
 */
export function guessResolution(sample: readonly { well: string; date: string }[]): ProductionResolution {
  if (sample.length === 0) return 'daily';
  const byWell = new Map<string, number[]>();
  for (const { well, date } of sample) {
    if (!date.endsWith('-01')) return 'daily';
    const days = byWell.get(well) ?? [];
    days.push(dayNumber(date));
    byWell.set(well, days);
  }
  for (const days of byWell.values()) {
    days.sort((a, b) => a - b);
    for (let i = 1; i < days.length; i++) if (days[i]! - days[i - 1]! < MONTH_MIN_DAYS) return 'daily';
  }
  return 'monthly';
}
