import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PRICE_MAX,
  PRICE_PRODUCTS,
  PriceDeckFunctions,
  PriceDeckFunctionsView,
  priceDeckView,
  SCHEDULE_ROWS_MAX,
  valueOn,
} from './priceDeck';
import { issuesOf } from './testing';

/** The old route's example body (the kind gave way to pricing, decision 037). */
const OLD_EXAMPLE = {
  pricing: {
    oil: {
      byDate: [
        { date: '2026-01-01', price: 68 },
        { date: '2027-01-01', price: 65 },
        { date: '2028-01-01', price: 62.5 },
      ],
    },
    gas: { flat: 3.25 },
    ngl: { flat: 22 },
    dripCondensate: { flat: 60 },
  },
};

const base = {
  oil: { byDate: [{ date: '2026-01-01', price: 70 }] },
  gas: { flat: 3 },
  ngl: { flat: 20 },
  dripCondensate: { flat: 60 },
};

/** The body with `patch` applied to pricing (a value of undefined drops the key). */
const deck = (patch: Record<string, unknown>) => ({ pricing: { ...base, ...patch } });
/** The body with `product` priced by the given rows. */
const rows = (product: string, byDate: unknown) => deck({ [product]: { byDate } });
const row = (date: string, price: unknown = 10) => ({ date, price });
const PRODUCTS = PRICE_PRODUCTS.map((p) => p.key);

const accepted: [string, unknown][] = [
  ['the base body', deck({})],
  ['the example', OLD_EXAMPLE],
  ...PRODUCTS.flatMap((p): [string, unknown][] => [
    [`${p} flat at 0`, deck({ [p]: { flat: 0 } })],
    [`${p} flat at ${PRICE_MAX}`, deck({ [p]: { flat: PRICE_MAX } })],
    [`${p} flat with 6 decimals`, deck({ [p]: { flat: 3.123456 } })],
    [`${p} by one row`, rows(p, [row('2026-01-01')])],
    [`${p} row price at 0 and ${PRICE_MAX}`, rows(p, [row('2026-01-01', 0), row('2026-02-01', PRICE_MAX)])],
    [`${p} rows a day apart`, rows(p, [row('2026-01-01'), row('2026-01-02')])],
    [`${p} rows at 1900-01-01 and 2262-04-01`, rows(p, [row('1900-01-01'), row('2262-04-01')])],
  ]),
  [
    `${SCHEDULE_ROWS_MAX} rows`,
    rows(
      'oil',
      Array.from({ length: SCHEDULE_ROWS_MAX }, (_, i) =>
        row(`${1950 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`),
      ),
    ),
  ],
];

type Case = [what: string, body: unknown, path: string, message: string, rule: string];
const P = 'pricing';

const rejected: Case[] = [
  ['no pricing', {}, 'pricing', 'expected object', 'invalid_type'],
  ['an unknown econ function', { ...deck({}), extra: 1 }, '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  ['an unknown product', deck({ water: { flat: 1 } }), P, 'Unrecognized key: "water"', 'unrecognized_keys'],
  ...PRODUCTS.flatMap((p): Case[] => [
    [`no ${p}`, deck({ [p]: undefined }), `${P}.${p}`, `${p} is required`, 'invalid_type'],
    [
      `${p} a number`,
      deck({ [p]: 5 }),
      `${P}.${p}`,
      `${p} must be an object with exactly one of flat, byDate`,
      'invalid_type',
    ],
    [`${p} with neither`, deck({ [p]: {} }), `${P}.${p}`, `${p} needs exactly one of flat, byDate`, 'exactly one of'],
    [
      `${p} with both`,
      deck({ [p]: { flat: 1, byDate: [row('2026-01-01')] } }),
      `${P}.${p}`,
      `${p} takes exactly one of flat, byDate (got flat and byDate)`,
      'exactly one of',
    ],
    [`${p} flat below 0`, deck({ [p]: { flat: -0.000001 } }), `${P}.${p}.flat`, `${p} must be at least 0`, 'too_small'],
    [
      `${p} flat above the cap`,
      deck({ [p]: { flat: PRICE_MAX + 0.000001 } }),
      `${P}.${p}.flat`,
      `${p} must be at most ${PRICE_MAX}`,
      'too_big',
    ],
    [
      `${p} flat with 7 decimals`,
      deck({ [p]: { flat: 1.0000001 } }),
      `${P}.${p}.flat`,
      'at most 6 decimals',
      'precision 0.000001',
    ],
    [`${p} flat a string`, deck({ [p]: { flat: '3' } }), `${P}.${p}.flat`, `${p} must be a number`, 'invalid_type'],
    [`${p} no rows`, rows(p, []), `${P}.${p}.byDate`, `${p}.byDate needs at least 1 row`, 'too_small'],
    [`${p} rows not an array`, rows(p, 'x'), `${P}.${p}.byDate`, `${p}.byDate must be an array`, 'invalid_type'],
    [
      `${p} row price below 0`,
      rows(p, [row('2026-01-01', -1)]),
      `${P}.${p}.byDate[0].price`,
      'price must be at least 0',
      'too_small',
    ],
    [
      `${p} row price above the cap`,
      rows(p, [row('2026-01-01', PRICE_MAX + 1)]),
      `${P}.${p}.byDate[0].price`,
      `price must be at most ${PRICE_MAX}`,
      'too_big',
    ],
    [
      `${p} row without price`,
      rows(p, [{ date: '2026-01-01' }]),
      `${P}.${p}.byDate[0].price`,
      'price must be a number',
      'invalid_type',
    ],
    [
      `${p} row date before 1900-01-01`,
      rows(p, [row('1899-12-31')]),
      `${P}.${p}.byDate[0].date`,
      'must lie between 1900-01-01 and 2262-04-01',
      'range 1900-01-01..2262-04-01',
    ],
    [
      `${p} row date after 2262-04-01`,
      rows(p, [row('2262-04-02')]),
      `${P}.${p}.byDate[0].date`,
      'must lie between 1900-01-01 and 2262-04-01',
      'range 1900-01-01..2262-04-01',
    ],
    [
      `${p} row date not a calendar date`,
      rows(p, [row('2026-02-30')]),
      `${P}.${p}.byDate[0].date`,
      'must be a real calendar date',
      'calendar date',
    ],
    [
      `${p} rows with the same date`,
      rows(p, [row('2026-01-01'), row('2026-01-01')]),
      `${P}.${p}.byDate[1].date`,
      `${p}.byDate dates must strictly increase: row 2 (2026-01-01) must be after row 1 (2026-01-01)`,
      'dates strictly increasing',
    ],
    [
      `${p} rows out of order`,
      rows(p, [row('2026-01-01'), row('2027-01-01'), row('2026-12-31')]),
      `${P}.${p}.byDate[2].date`,
      'row 3 (2026-12-31) must be after row 2 (2027-01-01)',
      'dates strictly increasing',
    ],
    [
      `${p} row with an unknown field`,
      rows(p, [{ ...row('2026-01-01'), cost: 1 }]),
      `${P}.${p}.byDate[0]`,
      'Unrecognized key: "cost"',
      'unrecognized_keys',
    ],
  ]),
  [
    `${SCHEDULE_ROWS_MAX + 1} rows`,
    rows(
      'gas',
      Array.from({ length: SCHEDULE_ROWS_MAX + 1 }, (_, i) =>
        row(`${1950 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`),
      ),
    ),
    `${P}.gas.byDate`,
    `gas.byDate takes at most ${SCHEDULE_ROWS_MAX} rows`,
    'too_big',
  ],
];

describe('PriceDeckFunctions', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(PriceDeckFunctions, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(PriceDeckFunctions, value)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it('reports every out-of-order row at once', () => {
    const value = rows('oil', [row('2026-03-01'), row('2026-02-01'), row('2026-01-01')]);
    expect(issuesOf(PriceDeckFunctions, value).map((i) => i.path)).toEqual([
      'pricing.oil.byDate[1].date',
      'pricing.oil.byDate[2].date',
    ]);
  });

  it('renders to JSON Schema with descriptions for requests and responses', () => {
    const input = JSON.stringify(z.toJSONSchema(PriceDeckFunctions, { io: 'input' }));
    expect(input).toContain('$/MCF');
    expect(input).toContain('strictly increasing');
    expect(() => z.toJSONSchema(PriceDeckFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('priceDeckView', () => {
  it('returns the stored functions unchanged, valid as a response', () => {
    const stored = PriceDeckFunctions.parse(OLD_EXAMPLE);
    expect(priceDeckView(stored)).toEqual(OLD_EXAMPLE);
    expect(PriceDeckFunctionsView.safeParse(priceDeckView(stored)).success).toBe(true);
  });
});

describe('valueOn', () => {
  const sched = {
    byDate: [
      { date: '2026-01-01', price: 70 },
      { date: '2027-01-01', price: 65 },
    ],
  };
  it.each([
    ['before the first row: the first row', '2025-06-01', 70],
    ['on the first row', '2026-01-01', 70],
    ['between rows: the earlier row', '2026-12-31', 70],
    ['on the second row', '2027-01-01', 65],
    ['after the last row: the last row', '2040-01-01', 65],
  ])('%s', (_, date, expected) => {
    expect(valueOn(sched, 'price', date)).toBe(expected);
  });
  it('a flat value is the same on every date', () => {
    expect(valueOn({ flat: 3.5 }, 'price', '1900-01-01')).toBe(3.5);
  });
});
