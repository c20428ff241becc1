import type { ProductionResolution } from '@econ/contract';
import { type ColumnMapping, FIELDS, guessMapping } from './columns';
import { parseDate } from './dates';
import { guessResolution } from './resolution';

/**
 * The setup a file's first rows suggest: the columns as a daily file, then daily or monthly from
 * the sample's dates (per well cell), then the columns again for that resolution (`daysOn` or `hoursOn`).
 */
export function guessSetup(
  headers: readonly string[],
  sample: readonly string[][],
): { mapping: ColumnMapping; resolution: ProductionResolution } {
  const first = guessMapping(headers, 'daily');
  const wellCol = first.targets.indexOf('well');
  const dateCol = first.targets.indexOf('date');
  const dated: { well: string; date: string }[] = [];
  if (dateCol >= 0) {
    for (const cells of sample) {
      const date = parseDate(cells[dateCol] ?? '');
      if (date) dated.push({ well: wellCol >= 0 ? (cells[wellCol] ?? '').trim() : '', date });
    }
  }
  const resolution = guessResolution(dated);
  return { mapping: resolution === 'daily' ? first : guessMapping(headers, resolution), resolution };
}

/**
 * The mapping after the user switches resolution: targets the new resolution has stay; the others
 * (`hoursOn` → monthly, `daysOn` → daily) take what the header suggests for it, or are ignored.
 */
export function retarget(
  mapping: ColumnMapping,
  headers: readonly string[],
  resolution: ProductionResolution,
): ColumnMapping {
  const guess = guessMapping(headers, resolution);
  const valid = (t: string) => t === 'ignore' || t === 'well' || t === 'date' || FIELDS[resolution].includes(t);
  const targets = mapping.targets.map((t, i) => {
    if (valid(t)) return t;
    const g = guess.targets[i] ?? 'ignore';
    return g !== 'well' && g !== 'date' && !mapping.targets.includes(g) ? g : 'ignore';
  });
  return { ...mapping, targets };
}
