import { FROM_HEADERS_COMPANIONS, FROM_SCHEDULE_COMPANIONS, PROBABILISTIC_FIELDS } from '@econ/contract';

/*
 * The exactly-one-of choices of CAPEX (spec 2.7) as the form's pickers switch them: the timing
 * criterion of an otherCapex row (with the companion day offset of fromHeaders / fromSchedule),
 * the timing of a drilling or completion cost row, and escalationStart. Kept apart from React.
 */

/** What a choice's value is: days, a rate, a date, or a header / schedule name with its companion days. */
export type TimingKind = 'days' | 'rate' | 'date' | 'fromHeaders' | 'fromSchedule';

export interface TimingChoice {
  key: string;
  label: string;
  kind: TimingKind;
  unit?: string;
}

const days = (key: string, label: string): TimingChoice => ({ key, label, kind: 'days', unit: 'days' });
const rate = (key: string, label: string, unit: string): TimingChoice => ({ key, label, kind: 'rate', unit });
const DATE: TimingChoice = { key: 'date', label: 'Date', kind: 'date' };

/** The timing criteria of an otherCapex row, in the contract's order. */
export const OTHER_CAPEX_TIMING_CHOICES: readonly TimingChoice[] = [
  days('offsetToFpd', 'Offset to FPD'),
  days('offsetToAsOf', 'Offset to as-of'),
  days('offsetToDiscountDate', 'Offset to discount date'),
  days('offsetToMajorSegment', 'Offset to major segment'),
  days('offsetToEconLimit', 'Offset to econ limit'),
  rate('oilRate', 'Oil rate', 'BBL/D'),
  rate('gasRate', 'Gas rate', 'MCF/D'),
  rate('waterRate', 'Water rate', 'BBL/D'),
  rate('totalFluidRate', 'Total fluid rate', 'BBL/D'),
  DATE,
  { key: 'fromSchedule', label: 'From schedule', kind: 'fromSchedule' },
  { key: 'fromHeaders', label: 'From headers', kind: 'fromHeaders' },
];

/** The timing criteria of a drilling or completion cost row. */
export const COST_ROW_TIMING_CHOICES: readonly TimingChoice[] = [
  days('offsetToFpd', 'Offset to FPD'),
  days('offsetToAsOf', 'Offset to as-of'),
  days('offsetToDiscountDate', 'Offset to discount date'),
  days('offsetToFirstSegment', 'Offset to first segment'),
  days('scheduleStart', 'Schedule start'),
  days('scheduleEnd', 'Schedule end'),
  DATE,
];

/** The choices of escalationStart (an object holding exactly one of them). */
export const ESCALATION_START_CHOICES: readonly TimingChoice[] = [
  days('applyToCriteria', 'Apply to criteria'),
  days('asOfDate', 'As-of date'),
  days('fpd', 'FPD'),
  days('econLimit', 'Econ limit'),
  DATE,
];

/** fromHeaders / fromSchedule value → companion property (the contract's mappings). */
const COMPANIONS: Record<'fromHeaders' | 'fromSchedule', Record<string, string>> = {
  fromHeaders: FROM_HEADERS_COMPANIONS,
  fromSchedule: FROM_SCHEDULE_COMPANIONS,
};
const ALL_COMPANIONS = [
  ...new Set([...Object.values(FROM_HEADERS_COMPANIONS), ...Object.values(FROM_SCHEDULE_COMPANIONS)]),
];

/** The value a fromHeaders / fromSchedule criterion starts with. */
export const FROM_DEFAULTS = {
  fromHeaders: 'offset_to_first_prod_date',
  fromSchedule: 'offset_to_drill_start',
} as const;

/** `offset_to_first_prod_date_daily_calc` → `First prod date daily calc`; `customDateHeader3` → `Custom date header 3`. */
export function offsetLabel(value: string): string {
  const words = value
    .replace(/^offset_to_/, '')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase()
    .replace(/\btil\b/, 'TIL');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The options of the fromHeaders / fromSchedule value selects. */
export const FROM_OPTIONS = {
  fromHeaders: Object.keys(FROM_HEADERS_COMPANIONS).map((v) => ({ value: v, label: offsetLabel(v) })),
  fromSchedule: Object.keys(FROM_SCHEDULE_COMPANIONS).map((v) => ({ value: v, label: offsetLabel(v) })),
};

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});

/** The chosen choice of `value` (the first whose key holds a value), or undefined. */
export function chosenTiming(value: unknown, choices: readonly TimingChoice[]): TimingChoice | undefined {
  const v = asObject(value);
  return choices.find((c) => v[c.key] !== undefined);
}

/** The companion property of a row's fromHeaders / fromSchedule value, or undefined. */
export function companionOf(row: unknown, criterion: 'fromHeaders' | 'fromSchedule'): string | undefined {
  const value = asObject(row)[criterion];
  return typeof value === 'string' ? COMPANIONS[criterion][value] : undefined;
}

/** The day offset a choice holds (its own number, or its companion's), to carry to the next one. */
function daysOf(v: Obj, choice: TimingChoice | undefined): number | undefined {
  if (!choice) return undefined;
  const held =
    choice.kind === 'days'
      ? v[choice.key]
      : choice.kind === 'fromHeaders' || choice.kind === 'fromSchedule'
        ? v[companionOf(v, choice.kind) ?? '']
        : undefined;
  return typeof held === 'number' && Number.isFinite(held) ? held : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
const today = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * The writes (path below `value` → new value; undefined = not sent) that switch `value` to the
 * choice `next`: every other choice key and every companion are cleared; the new one starts from
 * the day offset held before when both are offsets (days, or a header / schedule companion),
 * the rate held before between rates, else 0, today, or the default header / schedule value.
 * Picking the current choice writes nothing.
 */
export function timingWrites(
  value: unknown,
  choices: readonly TimingChoice[],
  next: string,
  now: Date = new Date(),
): Record<string, unknown> {
  const v = asObject(value);
  const current = chosenTiming(v, choices);
  const choice = choices.find((c) => c.key === next);
  if (!choice || current?.key === next) return {};
  const writes: Record<string, unknown> = {};
  const clearable = choices.some((c) => c.kind === 'fromHeaders' || c.kind === 'fromSchedule')
    ? [...choices.map((c) => c.key), ...ALL_COMPANIONS]
    : choices.map((c) => c.key);
  for (const k of clearable) if (v[k] !== undefined) writes[k] = undefined;
  const carriedDays = daysOf(v, current) ?? 0;
  switch (choice.kind) {
    case 'days':
      writes[next] = carriedDays;
      break;
    case 'rate': {
      const held = current?.kind === 'rate' ? v[current.key] : undefined;
      writes[next] = typeof held === 'number' && Number.isFinite(held) ? held : 0;
      break;
    }
    case 'date':
      writes[next] = today(now);
      break;
    case 'fromHeaders':
    case 'fromSchedule': {
      const initial = FROM_DEFAULTS[choice.kind];
      const companion = COMPANIONS[choice.kind][initial] as string;
      writes[next] = initial;
      writes[companion] = carriedDays;
      break;
    }
  }
  return writes;
}

/**
 * The writes that change a row's fromHeaders / fromSchedule value: the days move from the old
 * companion property to the new one (0 when none was held), and any other companion is cleared.
 */
export function fromValueWrites(
  row: unknown,
  criterion: 'fromHeaders' | 'fromSchedule',
  value: string,
): Record<string, unknown> {
  const v = asObject(row);
  const companion = COMPANIONS[criterion][value];
  if (!companion) return {};
  const oldCompanion = companionOf(v, criterion);
  const held = oldCompanion ? v[oldCompanion] : undefined;
  const writes: Record<string, unknown> = { [criterion]: value };
  for (const k of ALL_COMPANIONS) if (k !== companion && v[k] !== undefined) writes[k] = undefined;
  writes[companion] = typeof held === 'number' ? held : (v[companion] ?? 0);
  return writes;
}

/** A new otherCapex row: zero cost, gross, no escalation or DD&A model, at first production. */
export const newOtherCapexRow = (): Obj => ({
  category: 'other_investment',
  tangible: 0,
  intangible: 0,
  capexExpense: 'capex',
  afterEconLimit: false,
  calculation: 'gross',
  escalationModel: 'none',
  escalationStart: { applyToCriteria: 0 },
  depreciationModel: 'none',
  dealTerms: 1,
  offsetToFpd: 0,
});

/** A copy of a row to insert after it (without the read-only probabilistic fields). */
export function duplicateRow(row: unknown): Obj {
  const copy = structuredClone(asObject(row));
  for (const f of PROBABILISTIC_FIELDS) delete copy[f];
  return copy;
}

/** A new drilling or completion cost row: all of the cost at first production. */
export const newCostRow = (pctOfTotalCost = 100): Obj => ({ pctOfTotalCost, offsetToFpd: 0 });

const costCommon = (): Obj => ({
  dollarPerFtOfVertical: 0,
  fixedCost: 0,
  tangiblePct: 0,
  calculation: 'gross',
  escalationModel: 'none',
  depreciationModel: 'none',
  dealTerms: 1,
  rows: [newCostRow()],
});

/** The drillingCost a model starts with when it is included. */
export const newDrillingCost = (): Obj => ({ ...costCommon(), dollarPerFtOfHorizontal: 0 });

/** The completionCost a model starts with when it is included: one unit cost entry. */
export const newCompletionCost = (): Obj => ({
  ...costCommon(),
  dollarPerFtOfHorizontal: [{ propLl: 0, unitCost: 0 }],
});

/** Sum of cost rows' pctOfTotalCost (unfinished boxes count 0), in steps of 0.000001 so 0.1 + 0.2 is 0.3. */
export function pctTotal(rows: unknown): number {
  if (!Array.isArray(rows)) return 0;
  const micro = rows.reduce<number>((sum, r) => {
    const v = asObject(r).pctOfTotalCost;
    return sum + (typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 1e6) : 0);
  }, 0);
  return micro / 1e6;
}
