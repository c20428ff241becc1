import type { SegmentField, SegmentType } from '@econ/contract';
import {
  arpsEffectiveFromNominal,
  DAYS_PER_YEAR,
  exponentialEffectiveFromNominal,
  fromDayIndex,
  segmentRate,
  toDayIndex,
  toSegment,
} from '@econ/decline';
import { endRate } from './chain';
import { isDate } from './dates';
import {
  type DeclineField,
  declineFor,
  EMPTY_VALUES,
  newRowKey,
  numberText,
  rowToPayload,
  type SegmentRow,
} from './segmentRows';

/**
 * The segment table's edits, each a pure function from rows to rows. The rows stay contiguous
 * (each starts the day after the previous ends, spec part 2.8) through every edit but typing a
 * date that is not (yet) a calendar date.
 */

const shift = (date: string, days: number): string => fromDayIndex(toDayIndex(date) + days);

/** `date` plus `years` calendar years, minus one day (the last day of a period that starts on `date`). */
export function lastDayAfterYears(date: string, years: number): string {
  const [y, m, d] = date.split('-');
  const target = `${String(Number(y) + years).padStart(4, '0')}-${m}-${d}`;
  // From 29 February to a year that has none: the period ends on 28 February.
  return shift(isDate(target) ? target : `${target.slice(0, 5)}03-01`, -1);
}

/** A new first segment: exponential decline over `years` from `startDate`, rate and decline to be typed. */
export function firstRow(startDate: string, years = 30): SegmentRow {
  return {
    key: newRowKey(),
    segmentType: 'exp_dec',
    startDate,
    endDate: lastDayAfterYears(startDate, years),
    values: { ...EMPTY_VALUES },
    declineBy: 'dEff',
  };
}

/**
 * Adds a row after the last: it starts the day after the last one ends and runs `years`, takes the
 * last row's type and values, and starts at the last row's final rate so the curve continues.
 * With no rows, starts a first row on `startDate`.
 */
export function addRow(rows: readonly SegmentRow[], startDate: string, years = 5): SegmentRow[] {
  const last = rows[rows.length - 1];
  if (!last) return [firstRow(startDate)];
  const start = isDate(last.endDate) ? shift(last.endDate, 1) : last.endDate;
  const qEnd = endRate(last);
  const row: SegmentRow = {
    ...last,
    key: newRowKey(),
    chained: true,
    startDate: start,
    endDate: isDate(start) ? lastDayAfterYears(start, years) : '',
    values: {
      ...last.values,
      ...(qEnd === undefined || last.segmentType === 'empty' ? {} : { qStart: numberText(qEnd) }),
    },
  };
  return [...rows, row];
}

/** Whether a row's date range can be split into two segments of at least two days each. */
export function canSplit(row: SegmentRow): boolean {
  return isDate(row.startDate) && isDate(row.endDate) && toDayIndex(row.endDate) - toDayIndex(row.startDate) >= 3;
}

/**
 * Splits row `index` at the middle of its date range into two contiguous rows. When the row is
 * valid, the second one continues the same curve: it starts at the rate of its first day, with the
 * instantaneous decline there (arps: D/(1 + bDΔ); past an arps_modified switch: the exponential
 * tail); otherwise it copies the row's values.
 */
export function splitRow(rows: readonly SegmentRow[], index: number): SegmentRow[] {
  const row = rows[index];
  if (!row || !canSplit(row)) return [...rows];
  const start = toDayIndex(row.startDate);
  const end = toDayIndex(row.endDate);
  const mid = start + Math.floor((end - start) / 2);
  const first: SegmentRow = { ...row, endDate: fromDayIndex(mid) };
  const second: SegmentRow = {
    ...row,
    key: newRowKey(),
    chained: true,
    startDate: fromDayIndex(mid + 1),
    ...continuation(row, mid + 1 - start),
  };
  return [...rows.slice(0, index), first, second, ...rows.slice(index + 1)];
}

/** Type and values of a segment that continues `row`'s curve from `delta` days after its start. */
function continuation(row: SegmentRow, delta: number): Pick<SegmentRow, 'segmentType' | 'values' | 'declineBy'> {
  let seg: ReturnType<typeof toSegment>;
  try {
    seg = toSegment(rowToPayload(row) as Parameters<typeof toSegment>[0]);
  } catch {
    return { segmentType: row.segmentType, values: { ...row.values }, declineBy: row.declineBy };
  }
  const values = { ...row.values, qStart: row.segmentType === 'empty' ? '' : numberText(segmentRate(seg, delta)) };
  const decline = (D: number, dEff: number) => ({
    ...values,
    d: numberText(D * DAYS_PER_YEAR),
    dEff: numberText(dEff),
  });
  switch (seg.type) {
    case 'arps':
    case 'arps_inc': {
      const D = seg.D / (1 + seg.b * seg.D * delta);
      return {
        segmentType: seg.type,
        values: decline(D, arpsEffectiveFromNominal(D, seg.b)),
        declineBy: row.declineBy,
      };
    }
    case 'arps_modified': {
      if (delta >= seg.switchDelta) {
        return {
          segmentType: 'exp_dec',
          values: decline(seg.Dsw, exponentialEffectiveFromNominal(seg.Dsw)),
          declineBy: row.declineBy,
        };
      }
      const D = seg.D / (1 + seg.b * seg.D * delta);
      return {
        segmentType: seg.type,
        values: decline(D, arpsEffectiveFromNominal(D, seg.b)),
        declineBy: row.declineBy,
      };
    }
    default:
      return { segmentType: row.segmentType, values, declineBy: row.declineBy };
  }
}

/**
 * Removes row `index`; the rows stay contiguous: the next row starts where the removed one started
 * (the previous row is left as it is when the last row goes).
 */
export function removeRow(rows: readonly SegmentRow[], index: number): SegmentRow[] {
  const removed = rows[index];
  if (!removed) return [...rows];
  const out = rows.filter((_, i) => i !== index);
  const next = out[index];
  if (next) out[index] = { ...next, startDate: removed.startDate };
  return out;
}

/**
 * Sets a row's start or end date; the neighbour moves with it so the rows stay contiguous (a new
 * end date moves the next row's start to the day after; a new start date moves the previous row's
 * end to the day before). A date that is not (yet) a calendar date moves nothing.
 */
export function setDate(
  rows: readonly SegmentRow[],
  index: number,
  field: 'startDate' | 'endDate',
  value: string,
): SegmentRow[] {
  const out = [...rows];
  const row = out[index];
  if (!row) return out;
  out[index] = { ...row, [field]: value };
  if (!isDate(value)) return out;
  const neighbour = field === 'endDate' ? index + 1 : index - 1;
  const other = out[neighbour];
  if (other) {
    out[neighbour] =
      field === 'endDate' ? { ...other, startDate: shift(value, 1) } : { ...other, endDate: shift(value, -1) };
  }
  return out;
}

/** Changes a row's type; its values stay, its decline choice follows what the type takes. */
export function setType(rows: readonly SegmentRow[], index: number, type: SegmentType): SegmentRow[] {
  return rows.map((r, i) =>
    i === index ? { ...r, segmentType: type, declineBy: declineFor(type, r.declineBy, r.values) } : r,
  );
}

/** Sets a row's value; a qStart typed by hand ends the row's chain (it no longer follows the row before). */
export function setValue(rows: readonly SegmentRow[], index: number, field: SegmentField, text: string): SegmentRow[] {
  return rows.map((r, i) =>
    i === index
      ? { ...r, ...(field === 'qStart' ? { chained: false } : {}), values: { ...r.values, [field]: text } }
      : r,
  );
}

/**
 * Switches the decline a row is entered by. When the row is valid, the newly shown field gets the
 * value equivalent to the current one (so the curve does not move); otherwise it keeps its text.
 */
export function setDeclineBy(rows: readonly SegmentRow[], index: number, by: DeclineField): SegmentRow[] {
  return rows.map((r, i) => {
    if (i !== index) return r;
    const switched = { ...r, declineBy: by };
    try {
      const seg = toSegment(rowToPayload(r) as Parameters<typeof toSegment>[0]);
      const equivalent: Partial<Record<DeclineField, number>> = {
        d: seg.D * DAYS_PER_YEAR,
        dEff:
          seg.type === 'linear'
            ? (-seg.slope * DAYS_PER_YEAR) / seg.q0
            : seg.type.startsWith('exp')
              ? exponentialEffectiveFromNominal(seg.D)
              : arpsEffectiveFromNominal(seg.D, seg.b),
        slope: seg.slope,
      };
      const v = equivalent[by];
      return v === undefined || !Number.isFinite(v)
        ? switched
        : { ...switched, values: { ...r.values, [by]: numberText(v) } };
    } catch {
      return switched;
    }
  });
}
