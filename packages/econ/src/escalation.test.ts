import { EscalationFunctions } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DatedRow, monthIndex, monthlyRowValues } from './datedRows';
import { EconError } from './econError';
import { capexEscalation, type EscalationModel, escalateColumn, escalationDatedStart } from './escalation';
import { buildGrid } from './grid';
import { datedRows, type RowRefs } from './inputs/rows';
import { expectClose } from './test/fixtures';

const day = (s: string) => toDayIndex(s);
const month = (s: string) => monthIndex(day(s));
const refs: RowRefs = { fpd: undefined, asOfDay: day('2025-01-01'), discountDay: day('2025-01-01') };
const model = (escalation: Record<string, unknown>): EscalationModel =>
  EscalationFunctions.parse({ escalation }).escalation;
const flatModel = (frequency: string, method: string, row: Record<string, number>) =>
  model({ escalationFrequency: frequency, calculationMethod: method, rows: [{ entireWellLife: 'Flat', ...row }] });

/** 36 months from 2025-01-01; a price of 50 over the whole life (k = the row index). */
const grid = buildGrid(day('2025-01-01'), day('2027-12-31'));
const N = grid.start.length;
const flatPrice = monthlyRowValues(grid, [{ period: { kind: 'flat' }, value: 50 }], 0);

/** The price escalated by `m`, monthPeriod rows counting from the grid's first month. */
const escalate = (m: EscalationModel, price = flatPrice, originMonth = month('2025-01-01')) => [
  ...escalateColumn(grid, price.values, price.firstMonth, m, { originMonth, refs }),
];
const expectColumn = (actual: number[], expected: (k: number) => number) => {
  expect(actual).toHaveLength(N);
  actual.forEach((v, k) => {
    expectClose(v, expected(k));
  });
};

describe('escalation of a column (econ-math.md, Escalation)', () => {
  it('an escalation of 0 changes nothing, whatever the table (property)', () => {
    const rowArb = fc.record({
      start: fc.integer({ min: -30, max: 40 }),
      // −0 + $0 is +0: the same price, but not the same bits.
      value: fc.double({ min: -1e4, max: 1e4, noDefaultInfinity: true, noNaN: true }).map((v) => v + 0),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('monthly', 'yearly'),
        fc.constantFrom('compound', 'simple'),
        fc.constantFrom('pctPerYear', 'dollarPerYear'),
        fc.boolean(),
        (priceRows, frequency, method, key, byDate) => {
          // Price rows by increasing dates, or by months from the as-of date (some overlapping).
          const sorted = [...priceRows].sort((a, b) => a.start - b.start);
          const rows: DatedRow[] = sorted.map((r, i) => ({
            period: byDate
              ? { kind: 'date', day: day('2025-01-01') + 31 * (r.start + i * 40) }
              : { kind: 'offset', ref: day('2025-01-01'), start: r.start, end: r.start + 5 },
            value: r.value,
          }));
          const price = monthlyRowValues(grid, rows, 0);
          const zero = model({
            escalationFrequency: frequency,
            calculationMethod: method,
            rows: [
              { monthPeriod: { start: 1, end: 7 }, [key]: 0 },
              { monthPeriod: { start: 8, end: 30 }, [key]: 0 },
            ],
          });
          expect(escalate(zero, price)).toEqual([...price.values]);
        },
      ),
    );
  });

  it('monthly: compound (1 + p)^(k/12), simple 1 + p·k/12, dollars + d·k/12', () => {
    const compound = escalate(flatModel('monthly', 'compound', { pctPerYear: 3 }));
    expectColumn(compound, (k) => 50 * 1.03 ** (k / 12));
    expect(compound[0]).toBe(50);
    expectClose(compound[12]!, 51.5);
    expectClose(compound[24]!, 53.045);
    const simple = escalate(flatModel('monthly', 'simple', { pctPerYear: 3 }));
    expectColumn(simple, (k) => 50 * (1 + (0.03 * k) / 12));
    expectClose(simple[6]!, 50.75);
    for (const method of ['compound', 'simple']) {
      const dollars = escalate(flatModel('monthly', method, { dollarPerYear: 1.2 }));
      expectColumn(dollars, (k) => 50 + (1.2 * k) / 12);
      expectClose(dollars[35]!, 53.5);
    }
  });

  it('yearly: on the row’s anniversaries, (1 + p)^⌊k/12⌋, 1 + p·⌊k/12⌋, + d·⌊k/12⌋', () => {
    const compound = escalate(flatModel('yearly', 'compound', { pctPerYear: 3 }));
    expectColumn(compound, (k) => 50 * 1.03 ** Math.floor(k / 12));
    expect([compound[11], compound[12], compound[23]]).toEqual([50, 51.5, 51.5]);
    expectClose(compound[24]!, 53.045);
    expectColumn(
      escalate(flatModel('yearly', 'simple', { pctPerYear: 3 })),
      (k) => 50 * (1 + 0.03 * Math.floor(k / 12)),
    );
    expectColumn(escalate(flatModel('yearly', 'simple', { dollarPerYear: -4 })), (k) => 50 - 4 * Math.floor(k / 12));
  });

  it('yearly anniversaries are the escalated row’s, not the calendar’s; months before its first row are unchanged', () => {
    // A price from 2025-03-15: January and February have none.
    const price = monthlyRowValues(grid, [{ period: { kind: 'date', day: day('2025-03-15') }, value: 40 }], 0);
    const out = escalate(flatModel('yearly', 'compound', { pctPerYear: 5 }), price);
    expect(out.slice(0, 2)).toEqual([0, 0]);
    const at = (s: string) => out[month(s) - month('2025-01-01')]!;
    expect([at('2025-03-01'), at('2026-02-01')]).toEqual([40, 40]);
    expectClose(at('2026-03-01'), 42);
    expectClose(at('2027-02-01'), 42);
    expectClose(at('2027-03-01'), 44.1);
  });

  it('constant: a flat 1 + p/12 (or + d/12) every month, the first included', () => {
    expectColumn(escalate(flatModel('constant', 'compound', { pctPerYear: 6 })), () => 50 * 1.005);
    expectColumn(escalate(flatModel('constant', 'simple', { dollarPerYear: 12 })), () => 51);
    // A second row replaces the rate; months before the first row stay unescalated.
    const dated = model({
      escalationFrequency: 'constant',
      rows: [
        { dates: '2025-07-01', pctPerYear: 12 },
        { dates: '2026-01-01', pctPerYear: 24 },
      ],
    });
    expectColumn(escalate(dated), (k) => (k < 6 ? 50 : k < 12 ? 50.5 : 51));
  });

  it('a later escalation row continues the factor the previous one reached, stepping in its first month', () => {
    const rows = [
      { monthPeriod: { start: 1, end: 12 }, pctPerYear: 12 },
      { monthPeriod: { start: 13, end: 36 }, pctPerYear: 6 },
    ];
    // Months 1–12 (k 0–11) at 12 %: 11 steps; from month 13 each step at 6 %.
    const compound = escalate(model({ rows }));
    expectColumn(compound, (k) => (k <= 11 ? 50 * 1.12 ** (k / 12) : 50 * 1.12 ** (11 / 12) * 1.06 ** ((k - 11) / 12)));
    // Simple: the second row multiplies what the first reached by 1 + p·n/12 (n from 1).
    const simple = escalate(model({ calculationMethod: 'simple', rows }));
    expectColumn(simple, (k) => (k <= 11 ? 50 * (1 + 0.01 * k) : 50 * 1.11 * (1 + (0.06 * (k - 11)) / 12)));
    // Dollars add: 1 $/month for k 1–5, then 2 $/month.
    const dollars = escalate(
      model({
        rows: [
          { monthPeriod: { start: 1, end: 6 }, dollarPerYear: 12 },
          { monthPeriod: { start: 7, end: 7 }, dollarPerYear: 24 },
        ],
      }),
    );
    expectColumn(dollars, (k) => 50 + (k <= 5 ? k : 5 + 2 * (k - 5)));
    // Yearly: the second row steps in its first month, then on that month's anniversaries.
    const yearly = escalate(
      model({
        escalationFrequency: 'yearly',
        rows: [
          { dates: '2025-01-01', pctPerYear: 10 },
          { dates: '2025-07-01', pctPerYear: 20 },
        ],
      }),
    );
    expectColumn(yearly, (k) => 50 * (k < 6 ? 1 : 1.2 ** (Math.floor((k - 6) / 12) + 1)));
    expectClose(yearly[18]!, 72);
  });

  it('an escalation row starting after the escalated row steps in its own first month', () => {
    const late = escalate(model({ rows: [{ dates: '2025-04-01', pctPerYear: 12 }] }));
    expectColumn(late, (k) => (k < 3 ? 50 : 50 * 1.12 ** ((k - 2) / 12)));
    const lateDollars = escalate(model({ rows: [{ dates: '2025-04-01', dollarPerYear: 12 }] }));
    expectColumn(lateDollars, (k) => (k < 3 ? 50 : 50 + k - 2));
  });

  it('each price row restarts at its own value; a row begun before the cash flow counts its months from its start', () => {
    const price = monthlyRowValues(
      grid,
      [
        { period: { kind: 'date', day: day('2024-07-01') }, value: 50 },
        { period: { kind: 'date', day: day('2026-01-01') }, value: 60 },
      ],
      0,
    );
    const out = escalate(flatModel('monthly', 'compound', { pctPerYear: 12 }), price);
    expectColumn(out, (k) => (k < 12 ? 50 * 1.12 ** ((k + 6) / 12) : 60 * 1.12 ** ((k - 12) / 12)));
    expect(out[12]).toBe(60);
  });

  it('monthPeriod rows count from the escalated table’s first month (originMonth)', () => {
    const price = monthlyRowValues(grid, [{ period: { kind: 'date', day: day('2025-03-01') }, value: 50 }], 0);
    const m = model({
      rows: [
        { monthPeriod: { start: 1, end: 6 }, pctPerYear: 0 },
        { monthPeriod: { start: 7, end: 600 }, pctPerYear: 12 },
      ],
    });
    const out = escalate(m, price, month('2025-03-01'));
    // March–August 2025 flat, steps of 12 %/yr from September (k = 6).
    expectColumn(out, (r) => (r < 2 ? 0 : r < 8 ? 50 : 50 * 1.12 ** ((r - 7) / 12)));
    expectClose(out[month('2026-08-01') - month('2025-01-01')]!, 56);
  });

  it('monthPeriod rows need an origin: the conversion names the row', () => {
    const rows = [{ monthPeriod: { start: 1, end: 12 }, pctPerYear: 3 }];
    expect(() => datedRows(rows, refs, 'escalation.rows', (r) => r.pctPerYear)).toThrow(EconError);
    expect(() => datedRows(rows, refs, 'escalation.rows', (r) => r.pctPerYear)).toThrow(
      'escalation.rows[0].monthPeriod',
    );
  });
});

describe('CAPEX escalation (econ-math.md: one factor at its month)', () => {
  const start = month('2026-01-01');
  const at = (m: EscalationModel, s: string) => capexEscalation(m, month(s), start, { refs });

  it('after its start: the factor a value in force from the start reaches; at the start: 1', () => {
    const m = flatModel('monthly', 'compound', { pctPerYear: 6 });
    expect(at(m, '2026-01-01')).toEqual({ factor: 1, added: 0 });
    expectClose(at(m, '2026-07-01').factor, Math.sqrt(1.06));
    expectClose(at(m, '2027-01-01').factor, 1.06);
    const yearly = flatModel('yearly', 'compound', { pctPerYear: 6 });
    expect(at(yearly, '2026-12-01').factor).toBe(1);
    expectClose(at(yearly, '2027-01-01').factor, 1.06);
    // Month periods count from the start: 12 %/yr for its first three months, then 0.
    const periods = model({
      rows: [
        { monthPeriod: { start: 1, end: 3 }, pctPerYear: 12 },
        { monthPeriod: { start: 4, end: 4 }, pctPerYear: 0 },
      ],
    });
    expectClose(at(periods, '2027-01-01').factor, 1.12 ** (2 / 12));
  });

  it('before its start: de-escalated at the first row’s rate (yearly: any earlier month is −1 year)', () => {
    const rows = [
      { dates: '2026-01-01', pctPerYear: 6 },
      { dates: '2027-01-01', pctPerYear: 50 },
    ];
    expectClose(at(model({ rows }), '2025-07-01').factor, 1.06 ** -0.5);
    expectClose(at(model({ calculationMethod: 'simple', rows }), '2025-07-01').factor, 0.97);
    const yearly = model({ escalationFrequency: 'yearly', rows });
    expectClose(at(yearly, '2025-12-01').factor, 1 / 1.06);
    expectClose(at(yearly, '2025-01-01').factor, 1 / 1.06);
    expectClose(at(yearly, '2024-12-01').factor, 1.06 ** -2);
    expectClose(
      at(model({ escalationFrequency: 'yearly', calculationMethod: 'simple', rows }), '2025-06-01').factor,
      0.94,
    );
  });

  it('dollars per year are added in $, the factor stays 1; constant is 1 + p/12 (+ d/12) on either side', () => {
    const dollars = flatModel('monthly', 'compound', { dollarPerYear: 1200 });
    expect(at(dollars, '2026-07-01')).toEqual({ factor: 1, added: 600 });
    expect(at(dollars, '2025-10-01')).toEqual({ factor: 1, added: -300 });
    expect(at(flatModel('yearly', 'compound', { dollarPerYear: 1200 }), '2025-10-01')).toEqual({
      factor: 1,
      added: -1200,
    });
    const constant = flatModel('constant', 'compound', { pctPerYear: 6 });
    expectClose(at(constant, '2025-01-01').factor, 1.005);
    expectClose(at(constant, '2030-01-01').factor, 1.005);
    expect(at(flatModel('constant', 'simple', { dollarPerYear: 120 }), '2027-01-01')).toEqual({ factor: 1, added: 10 });
    // In its start month a CAPEX amount takes the first row's rate even when that row starts later.
    const later = model({ escalationFrequency: 'constant', rows: [{ dates: '2026-06-01', pctPerYear: 6 }] });
    expectClose(at(later, '2026-01-01').factor, 1.005);
    expect(at(later, '2026-03-01').factor).toBe(1);
    expectClose(at(later, '2026-06-01').factor, 1.005);
  });

  it('a row with no reference date of its own starts at the model’s first dated row, else none', () => {
    expect(escalationDatedStart(model({ rows: [{ dates: '2026-03-15', pctPerYear: 3 }] }))).toBe(month('2026-03-01'));
    expect(escalationDatedStart(flatModel('monthly', 'compound', { pctPerYear: 3 }))).toBeUndefined();
    expect(
      escalationDatedStart(model({ rows: [{ monthPeriod: { start: 1, end: 2 }, pctPerYear: 3 }] })),
    ).toBeUndefined();
  });
});
