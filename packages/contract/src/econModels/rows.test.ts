import { describe, expect, it } from 'vitest';
import { range } from './fields';
import { datedRow, rowTable } from './rows';

const Row = datedRow({ price: range('price', 0, 100), dollarPerMcf: range('dollarPerMcf', 0, 100) });
const Table = rowTable(Row, ['price', 'dollarPerMcf']);
const messages = (v: unknown) => {
  const r = Table.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('dated rows', () => {
  it('takes each period with one value', () => {
    expect(messages([{ entireWellLife: 'Flat', price: 5 }])).toEqual([]);
    expect(
      messages([
        { dates: '2026-01-01', price: 5 },
        { dates: '2027-01-01', price: 6 },
      ]),
    ).toEqual([]);
    for (const k of ['offsetToFpd', 'offsetToAsOf', 'offsetToDiscountDate']) {
      expect(messages([{ [k]: { start: 1, end: 12 }, dollarPerMcf: 2 }])).toEqual([]);
    }
    expect(messages([{ offsetToFpd: { start: 1, end: 12, period: 12 }, price: 1 }])).toEqual([]);
  });

  it('refuses a row without or with two periods, or two values', () => {
    expect(messages([{ price: 5 }])[0]).toContain('needs exactly one of entireWellLife');
    expect(messages([{ entireWellLife: 'Flat', dates: '2026-01-01', price: 5 }])[0]).toContain(
      'got entireWellLife and dates',
    );
    expect(messages([{ entireWellLife: 'Flat', price: 5, dollarPerMcf: 1 }])[0]).toContain(
      'got price and dollarPerMcf',
    );
    expect(messages([{ entireWellLife: 'Flat' }])[0]).toContain('needs exactly one of price, dollarPerMcf');
  });

  it('refuses mixed periods, mixed units, a Flat row among others and dates out of order', () => {
    expect(
      messages([
        { dates: '2026-01-01', price: 5 },
        { offsetToFpd: { start: 1, end: 2 }, price: 5 },
      ])[0],
    ).toContain('same period');
    expect(
      messages([
        { dates: '2026-01-01', price: 5 },
        { dates: '2027-01-01', dollarPerMcf: 5 },
      ])[0],
    ).toContain('same value key');
    expect(
      messages([
        { entireWellLife: 'Flat', price: 5 },
        { entireWellLife: 'Flat', price: 6 },
      ])[0],
    ).toContain('only row');
    expect(
      messages([
        { dates: '2027-01-01', price: 5 },
        { dates: '2026-01-01', price: 6 },
      ]),
    ).toEqual(['1.dates: dates must strictly increase: row 1 (2026-01-01) must be after row 0 (2027-01-01)']);
  });

  it('checks offsets: end before start, a period that disagrees, beyond 1200 months', () => {
    expect(messages([{ offsetToAsOf: { start: 5, end: 4 }, price: 1 }])).toEqual([
      '0.offsetToAsOf.end: end must not be before start',
    ]);
    expect(messages([{ offsetToAsOf: { start: 1, end: 12, period: 6 }, price: 1 }])).toEqual([
      '0.offsetToAsOf.period: period must be end − start + 1 = 12',
    ]);
    expect(messages([{ offsetToAsOf: { start: 1, end: 1201 }, price: 1 }])[0]).toContain('at most 1200');
  });
});

describe('monthPeriod rows (escalation tables only)', () => {
  const Escalating = rowTable(datedRow({ pct: range('pct', -100, 100) }, ['entireWellLife', 'dates', 'monthPeriod']), [
    'pct',
  ]);
  const issues = (v: unknown) => {
    const r = Escalating.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('the default periods do not take monthPeriod', () => {
    expect(messages([{ monthPeriod: { start: 1, end: 12 }, price: 5 }])[0]).toContain('Unrecognized key');
  });

  it('takes consecutive month periods counted from month 1', () => {
    expect(
      issues([
        { monthPeriod: { start: 1, end: 12 }, pct: 3 },
        { monthPeriod: { start: 13, end: 24, period: 12 }, pct: 2 },
      ]),
    ).toEqual([]);
  });

  it('refuses a month before 1, a gap or an overlap between rows, and a period mixed with another', () => {
    expect(issues([{ monthPeriod: { start: 0, end: 12 }, pct: 3 }])).toEqual([
      '0.monthPeriod.start: start must be at least 1',
    ]);
    expect(
      issues([
        { monthPeriod: { start: 1, end: 12 }, pct: 3 },
        { monthPeriod: { start: 15, end: 24 }, pct: 2 },
      ]),
    ).toEqual([
      '1.monthPeriod.start: monthPeriod rows follow one another: row 1 must start at month 13 (the month after row 0’s end), not 15',
    ]);
    expect(
      issues([
        { monthPeriod: { start: 1, end: 12 }, pct: 3 },
        { monthPeriod: { start: 12, end: 24 }, pct: 2 },
      ])[0],
    ).toContain('must start at month 13');
    expect(
      issues([
        { monthPeriod: { start: 1, end: 12 }, pct: 3 },
        { dates: '2027-01-01', pct: 2 },
      ])[0],
    ).toContain('same period (got monthPeriod and dates)');
  });
});
