import { toDayIndex } from '@econ/decline';

/** The day index of a YYYY-MM-DD calendar date; undefined for text that is not (yet) one. */
export function dayOf(date: string): number | undefined {
  try {
    return toDayIndex(date);
  } catch {
    return undefined;
  }
}

/** Whether text is a YYYY-MM-DD calendar date. */
export const isDate = (s: string): boolean => dayOf(s) !== undefined;
