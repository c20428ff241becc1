import { describe, expect, it } from 'vitest';
import { range } from './fields';
import { PricingFunctions } from './pricing';
import { RiskingFunctions } from './risking';
import { datedRow, RATE_PERIODS, RATE_ROW_PERIODS, ROW_OFFSETS, rowTable, SEASONAL_MONTHS } from './rows';
import { issuesOf } from './testing';

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
    for (const k of ROW_OFFSETS) {
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
    ).toEqual(['1.dates: dates must strictly increase: row 2 (2026-01-01) must be after row 1 (2027-01-01)']);
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
      '1.monthPeriod.start: monthPeriod rows follow one another: row 2 must start at month 13 (the month after row 1’s end), not 15',
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

describe('rows as clients of the service send them (numbers)', () => {
  const parse = (v: unknown) => Table.parse(v) as Record<string, unknown>[];

  it('an offset number is the row’s length in months, each row following the previous one', () => {
    expect(
      parse([
        { offsetToFpd: 12, price: 1 },
        { offsetToFpd: 24, price: 2 },
        { offsetToFpd: 1, price: 3 },
      ]).map((r) => r.offsetToFpd),
    ).toEqual([
      { start: 1, end: 12, period: 12 },
      { start: 13, end: 36, period: 24 },
      { start: 37, end: 37, period: 1 },
    ]);
    // The object form keeps its months; a number after it follows its end.
    expect(
      parse([
        { offsetToAsOf: { start: -2, end: 3 }, price: 1 },
        { offsetToAsOf: 6, price: 2 },
      ]).map((r) => r.offsetToAsOf),
    ).toEqual([
      { start: -2, end: 3 },
      { start: 4, end: 9, period: 6 },
    ]);
  });

  it('the end-of-history and first-segment offsets take numbers too', () => {
    for (const k of ['offsetToEndHistory', 'offsetToFirstSegment']) {
      expect(
        parse([
          { [k]: 6, price: 1 },
          { [k]: 12, price: 2 },
        ]).map((r) => r[k]),
      ).toEqual([
        { start: 1, end: 6, period: 6 },
        { start: 7, end: 18, period: 12 },
      ]);
      expect(parse([{ [k]: { start: -3, end: 0 }, price: 1 }])[0]?.[k]).toEqual({ start: -3, end: 0 });
      expect(messages([{ [k]: { start: 4, end: 3 }, price: 1 }])).toEqual([`0.${k}.end: end must not be before start`]);
    }
  });

  it('refuses an offset number that is not a whole number of months of at least 1', () => {
    for (const bad of [0, -3, 2.5]) {
      expect(messages([{ offsetToFpd: bad, price: 1 }])).toEqual([
        '0.offsetToFpd: an offset must be {start, end} months or a whole number of months of at least 1 (the row’s length)',
      ]);
    }
  });
});

describe('rate rows (expense and stream-property tables)', () => {
  const RateTable = rowTable(datedRow({ price: range('price', 0, 100) }, RATE_ROW_PERIODS), ['price']);
  const issues = (v: unknown) => {
    const r = RateTable.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('a number is the row’s start; its end the next row’s start, the last "inf"', () => {
    const rows = RateTable.parse([
      { gasRate: 0, price: 1 },
      { gasRate: 100, price: 2 },
      { gasRate: 500.5, price: 3 },
    ]) as Record<string, unknown>[];
    expect(rows.map((r) => r.gasRate)).toEqual([
      { start: 0, end: 100 },
      { start: 100, end: 500.5 },
      { start: 500.5, end: 'inf' },
    ]);
    // The stored form reads back unchanged.
    expect(RateTable.parse(rows)).toEqual(rows);
    for (const k of RATE_PERIODS) expect(issues([{ [k]: 5, price: 1 }])).toEqual([]);
  });

  it('refuses rates that do not increase, ends that disagree, negative rates and mixed phases', () => {
    expect(
      issues([
        { oilRate: 50, price: 1 },
        { oilRate: 50, price: 2 },
      ]),
    ).toEqual(['1.oilRate: rates must strictly increase: row 2 (50) must start above row 1 (50)']);
    expect(
      issues([
        { oilRate: { start: 0, end: 40 }, price: 1 },
        { oilRate: { start: 50, end: 'inf' }, price: 2 },
      ]),
    ).toEqual(['0.oilRate: row 1 must end where row 2 starts (50), not at 40']);
    expect(issues([{ oilRate: { start: 0, end: 10 }, price: 1 }])).toEqual([
      '0.oilRate: the last rate row ends at "inf", not 10',
    ]);
    expect(issues([{ waterRate: -1, price: 1 }])).toEqual(['0.waterRate.start: start must be at least 0']);
    expect(issues([{ waterRate: 'x', price: 1 }])[0]).toContain(
      'a rate must be a number (the row’s start) or {start, end}',
    );
    expect(
      issues([
        { oilRate: 0, price: 1 },
        { gasRate: 10, price: 2 },
      ])[0],
    ).toContain('same period (got oilRate and gasRate)');
  });

  it('tables of the other kinds do not take rate rows', () => {
    expect(messages([{ oilRate: 5, price: 1 }])[0]).toContain('Unrecognized key');
  });
});

describe('seasonal rows (risking phase tables only)', () => {
  const oil = (rows: unknown) => ({ risking: { oil: { rows } } });
  const issues = (body: unknown) => issuesOf(RiskingFunctions, body);
  const month = (seasonal: unknown, multiplier = 50) => ({ seasonal, multiplier });

  it('a risking phase takes a row per calendar month, in any order, and stores them as sent', () => {
    const rows = [month('Feb'), month('Jan'), month('Dec', 80)];
    expect(issues(oil(rows))).toEqual([]);
    expect(RiskingFunctions.parse(oil(rows)).risking.oil?.rows).toEqual(rows);
    expect(issues(oil(SEASONAL_MONTHS.map((m) => month(m))))).toEqual([]);
  });

  it('refuses a month that is not Jan … Dec, naming the field and the months', () => {
    expect(issues(oil([month('January')]))).toEqual([
      {
        path: 'risking.oil.rows[0].seasonal',
        message: 'seasonal must be one of Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov, Dec',
        rule: 'invalid_value',
      },
    ]);
  });

  it('refuses a month named twice, naming it, and more than 12 rows', () => {
    expect(issues(oil([month('Jan'), month('Mar'), month('Jan', 70)]))).toEqual([
      {
        path: 'risking.oil.rows[2].seasonal',
        message: 'each month at most once: row 3 repeats Jan (row 1)',
        rule: 'each month once',
      },
    ]);
    const thirteen = [...SEASONAL_MONTHS.map((m) => month(m)), month('Jun')];
    expect(issues(oil(thirteen)).map((i) => i.rule)).toEqual(['at most 12 seasonal rows', 'each month once']);
    expect(issues(oil(thirteen))[0]?.message).toBe('a seasonal table holds at most 12 rows (one a month), not 13');
  });

  it('refuses seasonal rows mixed with other periods', () => {
    expect(issues(oil([month('Jan'), { dates: '2027-01-01', multiplier: 50 }]))[0]?.message).toBe(
      'every row of a table takes the same period (got seasonal and dates)',
    );
  });

  it('the well count and the other kinds’ tables do not take seasonal rows', () => {
    expect(issues({ risking: { wellStream: { rows: [{ seasonal: 'Jan', count: 2 }] } } })[0]?.message).toBe(
      'Unrecognized key: "seasonal"',
    );
    expect(
      issuesOf(PricingFunctions, { priceModel: { oil: { rows: [{ seasonal: 'Jan', price: 60 }] } } })[0]?.message,
    ).toBe('Unrecognized key: "seasonal"');
    expect(messages([{ seasonal: 'Jan', price: 1 }])[0]).toContain('Unrecognized key');
  });
});
