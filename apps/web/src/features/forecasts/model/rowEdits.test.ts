import { contiguityIssue, SegmentInput } from '@econ/contract';
import { dailySeries, toSegment } from '@econ/decline';
import { describe, expect, it } from 'vitest';
import {
  addRow,
  canSplit,
  firstRow,
  lastDayAfterYears,
  removeRow,
  setDate,
  setDeclineBy,
  setType,
  setValue,
  splitRow,
} from './rowEdits';
import { rowToPayload, type SegmentRow, visibleFields } from './segmentRows';

const row = (over: Partial<SegmentRow> & Pick<SegmentRow, 'startDate' | 'endDate'>): SegmentRow => ({
  ...firstRow('2024-01-01'),
  segmentType: 'exp_dec',
  declineBy: 'dEff',
  values: { qStart: '1000', b: '', d: '', dEff: '0.3', slope: '', realizedDEffSw: '' },
  ...over,
});

const three = (): SegmentRow[] => [
  row({ startDate: '2024-01-01', endDate: '2024-12-31' }),
  row({ startDate: '2025-01-01', endDate: '2029-12-31' }),
  row({ startDate: '2030-01-01', endDate: '2039-12-31' }),
];

/** Contiguity as the contract checks it (the day after the previous end). */
const contiguous = (rows: readonly SegmentRow[]) =>
  contiguityIssue(rows.map((r) => ({ segmentType: r.segmentType, startDate: r.startDate, endDate: r.endDate })));

const valid = (r: SegmentRow) => SegmentInput.safeParse(rowToPayload(r)).success;

describe('row edits', () => {
  it('adds a row the day after the last one ends, starting at its final rate', () => {
    const rows = addRow(three(), '2000-01-01');
    expect(rows).toHaveLength(4);
    expect(rows[3]!.startDate).toBe('2040-01-01');
    expect(rows[3]!.endDate).toBe('2044-12-31');
    expect(contiguous(rows)).toBeUndefined();
    const qEnd = toSegment(rowToPayload(rows[2]!) as never).qEnd;
    expect(Number(rows[3]!.values.qStart)).toBeCloseTo(qEnd, 6);
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });

  it('adds a first row on the given date when there is none', () => {
    const [r] = addRow([], '2021-03-01');
    expect(r).toMatchObject({ startDate: '2021-03-01', endDate: '2051-02-28', segmentType: 'exp_dec' });
  });

  it('ends a period of whole years the day before its anniversary, also from 29 February', () => {
    expect(lastDayAfterYears('2024-01-01', 1)).toBe('2024-12-31');
    expect(lastDayAfterYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(lastDayAfterYears('2024-02-29', 4)).toBe('2028-02-28');
  });

  it('splits a row into two contiguous rows covering the same days', () => {
    const rows = splitRow(three(), 1);
    expect(rows.map((r) => [r.startDate, r.endDate])).toEqual([
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', '2027-07-02'],
      ['2027-07-03', '2029-12-31'],
      ['2030-01-01', '2039-12-31'],
    ]);
    expect(contiguous(rows)).toBeUndefined();
    expect(rows.every(valid)).toBe(true);
  });

  it.each([
    ['exp_dec', { qStart: '1000', dEff: '0.35' }, 'dEff'],
    ['arps', { qStart: '800', b: '1.1', dEff: '0.6' }, 'dEff'],
    ['arps', { qStart: '800', b: '0.5', d: '0.9' }, 'd'],
    ['arps_modified', { qStart: '900', b: '1.2', dEff: '0.7', realizedDEffSw: '0.3' }, 'dEff'],
    ['arps_modified', { qStart: '900', b: '1.2', dEff: '0.7', realizedDEffSw: '0.5' }, 'dEff'],
    ['linear', { qStart: '500', slope: '-0.05' }, 'slope'],
  ] as const)('a split %s row draws the same curve (%j)', (type, values, by) => {
    const original = row({ startDate: '2024-01-01', endDate: '2043-12-31', segmentType: type, declineBy: by });
    original.values = { ...original.values, dEff: '', ...values };
    const split = splitRow([original], 0);
    expect(split.every(valid)).toBe(true);
    const before = dailySeries([toSegment(rowToPayload(original) as never)]).values;
    const after = dailySeries(split.map((r) => toSegment(rowToPayload(r) as never))).values;
    expect(after.length).toBe(before.length);
    for (let i = 0; i < before.length; i += 97) expect(after[i]!).toBeCloseTo(before[i]!, 4);
  });

  it('does not split a row too short to make two segments', () => {
    const short = row({ startDate: '2024-01-01', endDate: '2024-01-03' });
    expect(canSplit(short)).toBe(false);
    expect(splitRow([short], 0)).toEqual([short]);
    expect(canSplit(row({ startDate: '2024-01-01', endDate: '2024-01-04' }))).toBe(true);
  });

  it('removes a row and moves the next one back to fill its days', () => {
    const rows = removeRow(three(), 1);
    expect(rows.map((r) => [r.startDate, r.endDate])).toEqual([
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', '2039-12-31'],
    ]);
    expect(contiguous(rows)).toBeUndefined();
  });

  it('removes the first row: the next one starts where the forecast started', () => {
    const rows = removeRow(three(), 0);
    expect(rows[0]!.startDate).toBe('2024-01-01');
    expect(contiguous(rows)).toBeUndefined();
  });

  it('removes the last row: the others stay as they are', () => {
    const rows = removeRow(three(), 2);
    expect(rows.map((r) => r.endDate)).toEqual(['2024-12-31', '2029-12-31']);
  });

  it('moves the neighbour with a date so the rows stay contiguous', () => {
    let rows = setDate(three(), 0, 'endDate', '2025-06-30');
    expect(rows[1]!.startDate).toBe('2025-07-01');
    rows = setDate(rows, 2, 'startDate', '2031-01-01');
    expect(rows[1]!.endDate).toBe('2030-12-31');
    expect(contiguous(rows)).toBeUndefined();
    // A half-typed date moves nothing.
    rows = setDate(rows, 0, 'endDate', '');
    expect(rows[1]!.startDate).toBe('2025-07-01');
  });

  it('keeps values across type changes and picks a decline the type takes', () => {
    // A linear row keeps dEff when it holds a value (linear takes slope or dEff), else shows slope.
    let rows = setType(three(), 0, 'linear');
    expect(rows[0]!.declineBy).toBe('dEff');
    expect(setType(setValue(three(), 0, 'dEff', ''), 0, 'linear')[0]!.declineBy).toBe('slope');
    rows = setDeclineBy(rows, 0, 'slope');
    // dEff 0.3 of 1000/D over a year: slope −0.3 · 1000 / 365.25.
    expect(Number(rows[0]!.values.slope)).toBeCloseTo((-0.3 * 1000) / 365.25, 8);
    rows = setType(rows, 0, 'exp_dec');
    expect(rows[0]!.declineBy).toBe('dEff');
    expect(rows[0]!.values.dEff).toBe('0.3');
  });

  it('switches the decline entered with its equivalent value', () => {
    const rows = setDeclineBy(three(), 0, 'd');
    // exp: D = −ln(1 − dEff) per year.
    expect(Number(rows[0]!.values.d)).toBeCloseTo(-Math.log(0.7), 8);
    expect(visibleFields(rows[0]!)).toEqual(['qStart', 'd']);
  });
});
