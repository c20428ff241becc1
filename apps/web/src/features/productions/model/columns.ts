import { DailyProductionInput, MonthlyProductionInput, type ProductionResolution } from '@econ/contract';
import type { WellMatch } from './wellIndex';

/** A production field a column can fill (the contract's record fields but the well's and the date). */
export type ProductionField = string;
/** What one column of the file holds. */
export type ColumnTarget = 'ignore' | 'well' | 'date' | ProductionField;

const NOT_A_VALUE = new Set(['well', 'chosenID', 'dataSource', 'date']);

/** The fields a column can fill, per resolution, in the contract's order. */
export const FIELDS: Record<ProductionResolution, readonly ProductionField[]> = {
  daily: Object.keys(DailyProductionInput.shape).filter((k) => !NOT_A_VALUE.has(k)),
  monthly: Object.keys(MonthlyProductionInput.shape).filter((k) => !NOT_A_VALUE.has(k)),
};

/** Fields that hold text, not numbers. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set(['operationalTag']);

/** The file's columns: one target each, and how the well column names wells. */
export interface ColumnMapping {
  targets: ColumnTarget[];
  wellMatch: WellMatch;
}

/** Lower case, letters and digits only: `Oil (BBL)` → `oilbbl`. */
const norm = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Unit and noise words production headers carry around the field's name. */
const NOISE =
  /(bbls?|mcfd?|bopd|bwpd|mmcf|stb|psig?|volumes?|vol|prod(uction)?|monthly|daily|total|measured|actual|qty)/g;

const WELL_HEADERS: Record<string, WellMatch> = {
  wellid: 'id',
  id: 'id',
  chosenid: 'chosenID',
  chosen: 'chosenID',
  api: 'api',
  api10: 'api',
  api12: 'api',
  api14: 'api',
  apino: 'api',
  apinumber: 'api',
  apinum: 'api',
  uwi: 'api',
  wellname: 'wellName',
  name: 'wellName',
  lease: 'wellName',
  leasename: 'wellName',
  well: 'auto',
  wellidentifier: 'auto',
};

/** Which well headers win when a file has several (an id names one well surely; a name may not). */
const WELL_PREFERENCE: readonly WellMatch[] = ['id', 'chosenID', 'api', 'auto', 'wellName'];

const DATE_HEADERS = new Set([
  'date',
  'day',
  'month',
  'period',
  'proddate',
  'productiondate',
  'reportdate',
  'reportingdate',
  'readingdate',
  'datetime',
  'dt',
  'monthyear',
  'yearmonth',
  'productionmonth',
  'prodmonth',
]);

/** Common other names of fields (after the noise words are dropped). */
const FIELD_SYNONYMS: Record<string, ProductionField> = {
  o: 'oil',
  g: 'gas',
  w: 'water',
  wtr: 'water',
  condensate: 'ngl',
  dayson: 'daysOn',
  daysproduced: 'daysOn',
  days: 'daysOn',
  hourson: 'hoursOn',
  hours: 'hoursOn',
  hrs: 'hoursOn',
  hrson: 'hoursOn',
  chokesize: 'choke',
  bhp: 'bottomHolePressure',
  casingpressure: 'casingHeadPressure',
  chp: 'casingHeadPressure',
  tubingpressure: 'tubingHeadPressure',
  thp: 'tubingHeadPressure',
  ftp: 'tubingHeadPressure',
  linepressure: 'flowlinePressure',
  separatorpressure: 'vesselSeparatorPressure',
  tag: 'operationalTag',
};

function fieldOf(header: string, fields: readonly ProductionField[]): ProductionField | undefined {
  const n = norm(header);
  const bare = n.replace(NOISE, '');
  for (const key of [n, bare]) {
    if (!key) continue;
    const exact = fields.find((f) => f.toLowerCase() === key);
    if (exact) return exact;
    const synonym = FIELD_SYNONYMS[key];
    if (synonym && fields.includes(synonym)) return synonym;
  }
  return undefined;
}

/**
 * The mapping a header row suggests: the well column (by the kind of key its name says), the date
 * column, and each field whose name (or a common other name, units aside) a header carries. Every
 * target is taken once, by the first column that claims it; `daysOn`/`hoursOn` follow `resolution`.
 */
export function guessMapping(headers: readonly string[], resolution: ProductionResolution): ColumnMapping {
  const targets: ColumnTarget[] = headers.map(() => 'ignore');
  const fields = FIELDS[resolution];
  let well: { col: number; match: WellMatch } | undefined;
  headers.forEach((h, col) => {
    const match = WELL_HEADERS[norm(h)];
    if (match && (!well || WELL_PREFERENCE.indexOf(match) < WELL_PREFERENCE.indexOf(well.match))) {
      well = { col, match };
    }
  });
  if (well) targets[well.col] = 'well';
  const taken = new Set<ColumnTarget>(well ? ['well'] : []);
  headers.forEach((h, col) => {
    if (targets[col] !== 'ignore') return;
    const n = norm(h);
    const target: ColumnTarget | undefined = DATE_HEADERS.has(n) ? 'date' : fieldOf(h, fields);
    if (target && !taken.has(target)) {
      targets[col] = target;
      taken.add(target);
    }
  });
  return { targets, wellMatch: well?.match ?? 'auto' };
}

/**
 * What keeps a mapping from being imported: no well or date column, a target taken twice, a field
 * the resolution has not (`daysOn` is monthly, `hoursOn` and pressures daily), no field at all.
 */
export function mappingProblems(
  mapping: ColumnMapping,
  headers: readonly string[],
  resolution: ProductionResolution,
): string[] {
  const out: string[] = [];
  const cols = new Map<ColumnTarget, number[]>();
  mapping.targets.forEach((t, i) => {
    if (t !== 'ignore') cols.set(t, [...(cols.get(t) ?? []), i]);
  });
  if (!cols.has('well')) out.push('Choose the column that names the well.');
  if (!cols.has('date')) out.push('Choose the date column.');
  for (const [target, at] of cols) {
    if (at.length > 1)
      out.push(`${target} is chosen for ${at.length} columns (${at.map((i) => headers[i]).join(', ')}): keep one.`);
    if (target !== 'well' && target !== 'date' && !FIELDS[resolution].includes(target)) {
      out.push(
        `${target} is not a field of ${resolution} production: choose another field for ${headers[at[0]!]} or ignore it.`,
      );
    }
  }
  if (![...cols.keys()].some((t) => t !== 'well' && t !== 'date'))
    out.push('Choose at least one value column (oil, gas, water…).');
  return out;
}
