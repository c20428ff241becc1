import {
  isRatePeriod,
  RATE_PHASE,
  type RowOffsetKey,
  type RowPeriodKey,
  rowPeriodOf,
  SEASONAL_MONTHS,
  type SeasonalMonth,
} from '@econ/contract/rules';
import { type DatedRow, monthStart } from '../datedRows';
import { EconError } from '../econError';
import { dayOf } from '../grid';
import type { RateBasis } from '../rates';

/*
 * The contract's dated rows (`entireWellLife`, `dates`, `offsetTo…` and `monthPeriod` {start, end}
 * months, `oilRate` … {start, end} rates, `seasonal` calendar months) as the engine's DatedRow
 * periods (datedRows.ts), with the reference days of the offsets. Pure.
 */

/**
 * The days offsets count from: FPD (when some source gives it), as-of and discount dates, the
 * well's last production history day and its first forecast segment's start (when it has them).
 */
export interface RowRefs {
  fpd: string | undefined;
  asOfDay: number;
  discountDay: number;
  /** The last day of the production history the run uses (`offsetToEndHistory`); none: no history. */
  endHistoryDay?: number | undefined;
  /** The start of the well's first forecast segment (`offsetToFirstSegment`); none: no forecast. */
  firstSegmentDay?: number | undefined;
  /**
   * The month index `monthPeriod` rows (escalation) count from: the first month of the escalated
   * table's first row (a whole-life table: the cash-flow start's).
   */
  originMonth?: number;
}

type ContractRow = Partial<Record<RowPeriodKey, unknown>> &
  Partial<Record<RowOffsetKey | 'monthPeriod', { start: number; end: number }>> & {
    dates?: string;
    seasonal?: SeasonalMonth;
  };

/** A table's rate settings (`rateType`, `rowsCalculationMethod`); defaults: gross well-head, non-monotonic. */
export interface RateSettings {
  rateType?: RateBasis | undefined;
  rowsCalculationMethod?: 'monotonic' | 'non_monotonic' | undefined;
}

/**
 * Each row's period and value (`value(row)`, already in the engine's unit).
 *
 * @throws {EconError} naming `field[i].offsetTo…` when the well lacks its reference date (offsetRef),
 *   or `field[i].monthPeriod` when `refs` carries no originMonth
 */
export function datedRows<R extends ContractRow>(
  rows: readonly R[],
  refs: RowRefs,
  field: string,
  value: (row: R) => number,
  rate: RateSettings = {},
): DatedRow[] {
  return rows.map((row, i): DatedRow => {
    const v = value(row);
    const period = rowPeriodOf(row);
    if (period === 'entireWellLife' || period === undefined) return { period: { kind: 'flat' }, value: v };
    if (isRatePeriod(period)) {
      const span = row[period] as { start: number };
      return {
        period: {
          kind: 'rate',
          phase: RATE_PHASE[period],
          basis: rate.rateType ?? 'gross_well_head',
          monotonic: rate.rowsCalculationMethod === 'monotonic',
          start: span.start,
        },
        value: v,
      };
    }
    if (period === 'dates')
      return { period: { kind: 'date', day: dayOf(`${field}[${i}].dates`, row.dates!) }, value: v };
    if (period === 'seasonal') {
      return { period: { kind: 'seasonal', month: SEASONAL_MONTHS.indexOf(row.seasonal!) + 1 }, value: v };
    }
    const offset = row[period]!;
    if (period === 'monthPeriod') {
      if (refs.originMonth === undefined) {
        throw new EconError(`${field}[${i}].monthPeriod`, offset, 'counts from an escalated table, which is not given');
      }
      return {
        period: { kind: 'offset', ref: monthStart(refs.originMonth), start: offset.start, end: offset.end },
        value: v,
      };
    }
    const ref = offsetRef(period, refs, `${field}[${i}]`, offset);
    return { period: { kind: 'offset', ref, start: offset.start, end: offset.end }, value: v };
  });
}

/**
 * The reference day an `offsetTo…` period counts its months from.
 *
 * @param field the row's path, e.g. `risking.oil.rows[2]`
 * @throws {EconError} naming `field.offsetToFpd` when no FPD source gives the well's first production date,
 *   `field.offsetToEndHistory` when the run has no production history of the well, `field.offsetToFirstSegment`
 *   when the well has no forecast
 */
export function offsetRef(period: RowOffsetKey, refs: RowRefs, field: string, offset: unknown): number {
  const missing = (why: string) => new EconError(`${field}.${period}`, offset, why);
  switch (period) {
    case 'offsetToAsOf':
      return refs.asOfDay;
    case 'offsetToDiscountDate':
      return refs.discountDay;
    case 'offsetToEndHistory':
      if (refs.endHistoryDay === undefined) {
        throw missing('needs the well’s last production history day, and the run has no production history of it');
      }
      return refs.endHistoryDay;
    case 'offsetToFirstSegment':
      if (refs.firstSegmentDay === undefined)
        throw missing('needs the well’s first forecast segment, and it has no forecast');
      return refs.firstSegmentDay;
    case 'offsetToFpd':
      if (!refs.fpd) throw missing('needs the well’s first production date, which no FPD source gives');
      return dayOf('fpd', refs.fpd);
  }
}
