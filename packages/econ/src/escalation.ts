import type { Escalation } from '@econ/contract';
import { type DatedRow, monthIndex, monthlyRowValues, monthStart } from './datedRows';
import { buildGrid, dayOf, type Grid } from './grid';
import { datedRows, type RowRefs } from './inputs/rows';

/*
 * Escalation (econ-math.md, "Escalation"): an escalations model multiplies a price, differential,
 * expense or CAPEX value by a factor (`pctPerYear`) or adds dollars to it (`dollarPerYear`),
 * growing with k, the months since the first month of the escalated row, so each row of the
 * escalated table restarts at its own value:
 *   monthly  compound (1 + p)^(k/12), simple 1 + p·k/12, dollars + d·k/12;
 *   yearly   on the row's anniversaries: (1 + p)^⌊k/12⌋, 1 + p·⌊k/12⌋, + d·⌊k/12⌋;
 *   constant a flat 1 + p/12 (+ d/12) every month, whatever k (the platform's engine; decision 034).
 * A later escalation row continues from the value the previous one reached, stepping in its first
 * month (yearly: then on that month's anniversaries). p is pctPerYear / 100; d is $ per unit per
 * year. Pure.
 */

/** An escalations model's `escalation` (defaults filled in, as the API stores it). */
export type EscalationModel = Escalation;

export interface EscalationContext {
  /**
   * The month index (year × 12 + month − 1) `monthPeriod` rows count from: the first month of the
   * escalated table's first row (a whole-life table: the cash-flow start's month).
   */
  originMonth: number;
  /** The reference days of the escalation's dated rows. */
  refs: RowRefs;
}

/** Whether the model multiplies (pctPerYear) or adds (dollarPerYear). */
const multiplies = (model: EscalationModel): boolean => model.rows[0]?.pctPerYear !== undefined;

/** The model's rows as dated rows of p (a fraction per year) or d ($ per year). */
function escalationRows(model: EscalationModel, refs: RowRefs): DatedRow[] {
  return datedRows(model.rows, refs, 'escalation.rows', (row) =>
    row.pctPerYear !== undefined ? row.pctPerYear / 100 : row.dollarPerYear!,
  );
}

/** The escalation rows resolved over the months `from` to `to`: each month's rate and its row's first month. */
interface Schedule {
  from: number;
  rate: Float64Array;
  rowStart: Int32Array;
}

function schedule(rows: readonly DatedRow[], from: number, to: number): Schedule {
  const months = buildGrid(monthStart(from), monthStart(to + 1) - 1);
  const { values, firstMonth } = monthlyRowValues(months, rows, 0);
  return { from, rate: values, rowStart: firstMonth };
}

/**
 * The escalation of a value first in force in month `first`: each call gives the next month's
 * factor (or dollars added), from `first` on. Months before the first escalation row keep the
 * unescalated value.
 */
function escalator(model: EscalationModel, plan: Schedule, first: number): () => number {
  const pct = multiplies(model);
  const { escalationFrequency: frequency, calculationMethod: method } = model;
  let month = first - 1;
  let value = pct ? 1 : 0;
  let segment = Number.NaN;
  let start = value;
  return () => {
    month++;
    const at = month - plan.from;
    const rowStart = plan.rowStart[at]!;
    if (rowStart < 0) return value;
    const rate = plan.rate[at]!;
    if (frequency === 'constant') {
      value = pct ? 1 + rate / 12 : rate / 12;
      return value;
    }
    const from = Math.max(first, rowStart);
    if (from !== segment) {
      segment = from;
      start = value;
    }
    // The escalated row's first month is unescalated; a later escalation row steps in its first month.
    const step = from === first ? 0 : 1;
    const years = frequency === 'monthly' ? (month - from + step) / 12 : Math.floor((month - from) / 12) + step;
    if (!pct) value = start + rate * years;
    else if (method === 'compound') value = start * (1 + rate) ** years;
    else value = start * (1 + rate * years);
    return value;
  };
}

/**
 * The column escalated: `values[r]` is the unescalated value in force in grid row r and
 * `firstMonth[r]` the month index of the first month of its row (monthlyRowValues), −1 where no
 * row covers r (left unchanged). Percent models multiply, dollar models add (in the value's unit).
 *
 * @example escalateColumn(grid, prices.values, prices.firstMonth, model, { originMonth, refs })
 * @throws {EconError} naming `escalation.rows[i].dates` when a row's date is not a real date
 */
export function escalateColumn(
  grid: Grid,
  values: Float64Array,
  firstMonth: Int32Array,
  escalation: EscalationModel,
  ctx: EscalationContext,
): Float64Array {
  const out = new Float64Array(values);
  const n = grid.start.length;
  if (n === 0) return out;
  const gridFirst = monthIndex(grid.start[0]!);
  let from = gridFirst;
  let any = false;
  for (let r = 0; r < n; r++) {
    const f = firstMonth[r]!;
    if (f < 0) continue;
    any = true;
    if (f < from) from = f;
  }
  if (!any) return out;
  const rows = escalationRows(escalation, { ...ctx.refs, originMonth: ctx.originMonth });
  const plan = schedule(rows, from, gridFirst + n - 1);
  const pct = multiplies(escalation);
  let first = -1;
  let month = Number.POSITIVE_INFINITY;
  let next: () => number = () => 0;
  let factor = 0;
  for (let r = 0; r < n; r++) {
    const f = firstMonth[r]!;
    if (f < 0) continue;
    const target = gridFirst + r;
    if (f !== first || target < month) {
      first = f;
      month = f - 1;
      next = escalator(escalation, plan, f);
    }
    while (month < target) {
      factor = next();
      month++;
    }
    out[r] = pct ? values[r]! * factor : values[r]! + factor;
  }
  return out;
}

/** What escalation does to a CAPEX amount: multiply it by `factor`, then add `added` dollars. */
export interface CapexEscalation {
  factor: number;
  /** $ added to the tangible and to the intangible amount alike (dollarPerYear; econ-math.md's quirk). */
  added: number;
}

/**
 * A CAPEX amount's escalation at calendar month `month` (a month index), escalated from
 * `startMonth` (its escalationStart's month): after the start, the factor a value first in force
 * in `startMonth` reaches in `month` (monthPeriod rows count from `startMonth`); on or before it,
 * de-escalated at the first row's rate with k = month − startMonth ≤ 0 (yearly: ⌊k/12⌋, so any
 * earlier month is −1 year; constant: 1 + p/12 or + d/12).
 *
 * @example capexEscalation(model, monthIndex(capexDay), monthIndex(fpdDay), { refs })
 */
export function capexEscalation(
  escalation: EscalationModel,
  month: number,
  startMonth: number,
  ctx: { refs: RowRefs },
): CapexEscalation {
  const pct = multiplies(escalation);
  const result = (v: number): CapexEscalation => (pct ? { factor: v, added: 0 } : { factor: 1, added: v });
  if (month > startMonth) {
    const rows = escalationRows(escalation, { ...ctx.refs, originMonth: startMonth });
    const next = escalator(escalation, schedule(rows, startMonth, month), startMonth);
    let v = 0;
    for (let m = startMonth; m <= month; m++) v = next();
    return result(v);
  }
  const first = escalation.rows[0]!;
  const rate = first.pctPerYear !== undefined ? first.pctPerYear / 100 : first.dollarPerYear!;
  const k = month - startMonth;
  if (escalation.escalationFrequency === 'constant') return result(pct ? 1 + rate / 12 : rate / 12);
  const years = escalation.escalationFrequency === 'monthly' ? k / 12 : Math.floor(k / 12);
  if (!pct) return result(rate * years);
  return result(escalation.calculationMethod === 'compound' ? (1 + rate) ** years : 1 + rate * years);
}

/**
 * The month a CAPEX row with no reference date of its own escalates from: the month of the
 * model's first row when its rows are dated, else none (econ-math.md: "else the model's first
 * dated row, else none").
 *
 * @throws {EconError} naming `escalation.rows[0].dates` when it is not a real date
 */
export function escalationDatedStart(escalation: EscalationModel): number | undefined {
  const date = escalation.rows[0]?.dates;
  return date === undefined ? undefined : monthIndex(dayOf('escalation.rows[0].dates', date));
}
