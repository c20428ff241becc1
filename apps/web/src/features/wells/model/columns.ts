import { WELL_COLUMNS_MAX, WELL_HEADER_NAMES, type WellHeaderName, wellHeader } from '@econ/contract';
import { cell } from './format';

/** The columns of the wells tables before a user picks any: those the console always showed. */
export const DEFAULT_COLUMNS: readonly WellHeaderName[] = [
  'wellName',
  'chosenID',
  'api14',
  'county',
  'state',
  'firstProdDate',
  'perfLateralLength',
  'trueVerticalDepth',
];

/** The well name: always the first column (it links to the well's page). */
export const NAME_COLUMN: WellHeaderName = 'wellName';

const KNOWN = new Set<string>(WELL_HEADER_NAMES);
export const isHeaderName = (n: string): n is WellHeaderName => KNOWN.has(n);

/** A column's title: the header's label with its unit, `Perforated lateral length (FT)`. */
export function columnTitle(name: WellHeaderName): string {
  const def = wellHeader(name);
  return def.unit ? `${def.label} (${def.unit})` : def.label;
}

/** A header's value in a cell: numbers grouped, dates `YYYY-MM-DD`, booleans Yes/No, text as is. */
export function formatValue(name: WellHeaderName, v: unknown): string {
  if (v === undefined || v === null) return '';
  switch (wellHeader(name).kind) {
    case 'number':
      return cell(v);
    case 'date':
      return typeof v === 'string' ? v.slice(0, 10) : '';
    case 'boolean':
      return v === true ? 'Yes' : v === false ? 'No' : '';
    default:
      return String(v);
  }
}

/**
 * The columns to show from a saved choice: known headers only, no repeats, the name first, at most
 * the saved limit; the default when nothing usable is saved.
 */
export function shownColumns(saved: unknown): WellHeaderName[] {
  if (!Array.isArray(saved)) return [...DEFAULT_COLUMNS];
  const names = [...new Set(saved.filter((n): n is WellHeaderName => typeof n === 'string' && isHeaderName(n)))];
  const rest = names.filter((n) => n !== NAME_COLUMN);
  return [NAME_COLUMN, ...rest].slice(0, WELL_COLUMNS_MAX);
}

/** Adds or removes a column (the name column stays; new columns go last). */
export function toggleColumn(columns: readonly WellHeaderName[], name: WellHeaderName): WellHeaderName[] {
  if (name === NAME_COLUMN) return [...columns];
  return columns.includes(name) ? columns.filter((c) => c !== name) : [...columns, name];
}

/**
 * The groups of the header table, in its order, each named by its first header (the table lists
 * the headers group by group; see packages/contract/src/wellHeaders.ts).
 */
const GROUP_STARTS: [WellHeaderName, string][] = [
  ['chosenID', 'Identifiers'],
  ['wellName', 'Names, status and operators'],
  ['surfaceLatitude', 'Location'],
  ['permitDate', 'Dates'],
  ['perfLateralLength', 'Lengths, depths and the wellbore'],
  ['targetFormation', 'Landing zone and spacing'],
  ['completionDesign', 'Completion and stimulation'],
  ['firstTestFlowTbgPress', 'First test'],
  ['initialRespress', 'Reservoir, PVT and gas composition'],
  ['prmsReservesCategory', 'Reserves'],
  ['customString0', 'Custom fields'],
];

export interface HeaderGroup {
  title: string;
  names: WellHeaderName[];
}

/** Every header in its group, in the table's order. */
export const HEADER_GROUPS: HeaderGroup[] = (() => {
  const groups: HeaderGroup[] = [];
  const starts = new Map(GROUP_STARTS);
  for (const name of WELL_HEADER_NAMES) {
    const title = starts.get(name);
    if (title || groups.length === 0) groups.push({ title: title ?? 'Other', names: [] });
    groups.at(-1)!.names.push(name);
  }
  return groups;
})();

/** The groups with only the headers whose label, unit or name holds the search text (any case). */
export function searchHeaders(text: string): HeaderGroup[] {
  const q = text.trim().toLowerCase();
  if (!q) return HEADER_GROUPS;
  return HEADER_GROUPS.map((g) => ({
    title: g.title,
    names: g.names.filter((n) => `${columnTitle(n)} ${n}`.toLowerCase().includes(q)),
  })).filter((g) => g.names.length > 0);
}
