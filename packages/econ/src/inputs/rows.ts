import { isRatePeriod, RATE_PHASE, type ROW_OFFSETS, type RowPeriodKey, rowPeriodOf } from '@econ/contract/rules';
import { type DatedRow, monthStart } from '../datedRows';
import { EconError } from '../econError';
import { dayOf } from '../grid';
import type { RateBasis } from '../rates';

/*
 * The contract's dated rows (`entireWellLife`, `dates`, `offsetTo…` and `monthPeriod` {start, end}
 * months, `oilRate` … {start, end} rates) as the engine's DatedRow periods (datedRows.ts), with the
 * reference days of the offsets. Pure.
 */

/** The days offsets count from: FPD (when some source gives it), as-of and discount dates. */
export interface RowRefs {
  fpd: string | undefined;
  asOfDay: number;
  discountDay: number;
  /**
   * The month index `monthPeriod` rows (escalation) count from: the first month of the escalated
   * table's first row (a whole-life table: the cash-flow start's).
   */
  originMonth?: number;
}

type ContractRow = Partial<Record<RowPeriodKey, unknown>> & {
  dates?: string;
  offsetToFpd?: { start: number; end: number };
  offsetToAsOf?: { start: number; end: number };
  offsetToDiscountDate?: { start: number; end: number };
  monthPeriod?: { start: number; end: number };
};

/** A table's rate settings (`rateType`, `rowsCalculationMethod`); defaults: gross well-head, non-monotonic. */
export interface RateSettings {
  rateType?: RateBasis | undefined;
  rowsCalculationMethod?: 'monotonic' | 'non_monotonic' | undefined;
}

/**
 * Each row's period and value (`value(row)`, already in the engine's unit).
 *
 * @throws {EconError} naming `field[i].offsetToFpd` when no FPD source gives the well's first production date,
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
 * @throws {EconError} naming `field.offsetToFpd` when no FPD source gives the well's first production date
 */
export function offsetRef(period: (typeof ROW_OFFSETS)[number], refs: RowRefs, field: string, offset: unknown): number {
  if (period === 'offsetToAsOf') return refs.asOfDay;
  if (period === 'offsetToDiscountDate') return refs.discountDay;
  if (!refs.fpd) {
    throw new EconError(
      `${field}.offsetToFpd`,
      offset,
      'needs the well’s first production date, which no FPD source gives',
    );
  }
  return dayOf('fpd', refs.fpd);
}
