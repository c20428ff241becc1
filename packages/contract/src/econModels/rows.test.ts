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
