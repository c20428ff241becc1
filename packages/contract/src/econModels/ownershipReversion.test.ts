import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DATE_REVERSION_TYPES,
  NUMERIC_REVERSION_TYPES,
  OwnershipReversionFunctions,
  OwnershipReversionFunctionsView,
  ownershipReversionView,
  REVERSION_KEYS,
  UNUSED_REVERSION_KEYS,
} from './ownershipReversion';
import { issuesOf } from './testing';

type Row = [string, unknown, string, string, string];

const initial = {
  workingInterest: 100,
  netProfitInterestType: 'expense',
  netProfitInterest: 0,
  netRevenueInterest: 80,
  leaseNetRevenueInterest: 80,
};
const dateRev = {
  reversionType: 'Date',
  reversionValue: '2030-01-01',
  balance: '',
  includeNetProfitInterest: '',
  netProfitInterest: 0,
  workingInterest: 50,
};
const payoutRev = {
  reversionType: 'PayoutWithInvestment',
  reversionValue: 0,
  balance: 'gross',
  includeNetProfitInterest: 'yes',
  netProfitInterest: 0,
  workingInterest: 75,
  netRevenueInterest: 60,
};

const PHASE_NRIS = [
  'oilNetRevenueInterest',
  'gasNetRevenueInterest',
  'nglNetRevenueInterest',
  'dripCondensateNetRevenueInterest',
] as const;
const INITIAL_PERCENTS = [
  'workingInterest',
  'netProfitInterest',
  'netRevenueInterest',
  'leaseNetRevenueInterest',
  ...PHASE_NRIS,
] as const;
const REVERSION_PERCENTS = [
  'netProfitInterest',
  'workingInterest',
  'netRevenueInterest',
  'leaseNetRevenueInterest',
  ...PHASE_NRIS,
] as const;

/** A body with `patch` applied to ownership (a value of undefined drops the key). */
const own = (patch: Record<string, unknown>) => ({ ownership: { initialOwnership: initial, ...patch } });
const init = (patch: Record<string, unknown>) => own({ initialOwnership: { ...initial, ...patch } });
/** firstReversion = a Date reversion with `patch`. */
const dateR = (patch: Record<string, unknown>) => own({ firstReversion: { ...dateRev, ...patch } });
/** firstReversion = a payout reversion with `patch`. */
const numR = (patch: Record<string, unknown>) => own({ firstReversion: { ...payoutRev, ...patch } });
/** The first `n` reversions used. */
const firstN = (n: number) => Object.fromEntries(REVERSION_KEYS.slice(0, n).map((k) => [k, payoutRev]));

const accepted: [string, unknown][] = [
  ['initial ownership only', own({})],
  ['percentages at 0', init(Object.fromEntries(INITIAL_PERCENTS.map((f) => [f, 0])))],
  ['percentages at 100', init(Object.fromEntries(INITIAL_PERCENTS.map((f) => [f, 100])))],
  ['a percentage with 6 decimals', init({ workingInterest: 12.345678 })],
  ['netProfitInterestType revenue', init({ netProfitInterestType: 'revenue' })],
  ['per-phase NRIs null', init(Object.fromEntries(PHASE_NRIS.map((f) => [f, null])))],
  ['per-phase NRIs set', init(Object.fromEntries(PHASE_NRIS.map((f) => [f, 75.5])))],
  // reversion types and values
  ...DATE_REVERSION_TYPES.map((t): [string, unknown] => [`a ${t} reversion`, dateR({ reversionType: t })]),
  ...NUMERIC_REVERSION_TYPES.map((t): [string, unknown] => [
    `a ${t} reversion`,
    numR({ reversionType: t, reversionValue: 12.5 }),
  ]),
  ['a Date reversion with gross and no', dateR({ balance: 'gross', includeNetProfitInterest: 'no' })],
  ['an AsOf reversion with empty balance and includeNetProfitInterest', dateR({ reversionType: 'AsOf' })],
  [
    'reversionValue date at the range ends',
    own({
      firstReversion: { ...dateRev, reversionValue: '1900-01-01' },
      secondReversion: { ...dateRev, reversionValue: '2262-04-01' },
    }),
  ],
  ['numeric reversionValue at 1e19', numR({ reversionValue: 1e19 })],
  ['numeric reversionValue with 6 decimals', numR({ reversionValue: 0.000001 })],
  ['balance net', numR({ balance: 'net' })],
  ['netProfitInterest left out (default 0)', numR({ netProfitInterest: undefined })],
  ['reversion percentages at 0', numR(Object.fromEntries(REVERSION_PERCENTS.map((f) => [f, 0])))],
  ['reversion percentages at 100', numR(Object.fromEntries(REVERSION_PERCENTS.map((f) => [f, 100])))],
  ['reversion per-phase NRIs null', numR(Object.fromEntries(PHASE_NRIS.map((f) => [f, null])))],
  // the reversion keys
  ['all ten reversions', own(firstN(10))],
  [
    'null for unused reversions',
    own({ ...firstN(2), ...Object.fromEntries(REVERSION_KEYS.slice(2).map((k) => [k, null])) }),
  ],
  ['every reversion null', own(Object.fromEntries(REVERSION_KEYS.map((k) => [k, null])))],
  [
    'a later Date reversion earlier than a former one (not ordered by date)',
    own({ firstReversion: { ...dateRev, reversionValue: '2031-01-01' }, secondReversion: dateRev }),
  ],
];

/** [what, body, path, part of the message, rule]: each body breaks exactly one rule. */
const rejected: Row[] = [
  // the econ function
  ['no ownership', {}, 'ownership', 'ownership is required', 'invalid_type'],
  ['ownership not an object', { ownership: [] }, 'ownership', 'ownership must be an object', 'invalid_type'],
  ['an unknown econ function', { ...own({}), extra: 1 }, '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  [
    'an unknown ownership field',
    own({ fiftiethReversion: payoutRev }),
    'ownership',
    'Unrecognized key: "fiftiethReversion"',
    'unrecognized_keys',
  ],
  [
    'an eleventh reversion in use',
    own({ eleventhReversion: payoutRev }),
    'ownership.eleventhReversion',
    'eleventhReversion must be null: at most ten reversions',
    'invalid_type',
  ],
  // initialOwnership
  [
    'no initialOwnership',
    own({ initialOwnership: undefined }),
    'ownership.initialOwnership',
    'initialOwnership is required',
    'invalid_type',
  ],
  [
    'initialOwnership null',
    own({ initialOwnership: null }),
    'ownership.initialOwnership',
    'initialOwnership must be an object',
    'invalid_type',
  ],
  [
    'an unknown initialOwnership field',
    init({ royalty: 1 }),
    'ownership.initialOwnership',
    'Unrecognized key: "royalty"',
    'unrecognized_keys',
  ],
  ...(['workingInterest', 'netProfitInterest', 'netRevenueInterest', 'leaseNetRevenueInterest'] as const).map(
    (f): Row => [
      `no initial ${f}`,
      init({ [f]: undefined }),
      `ownership.initialOwnership.${f}`,
      `${f} must be a number`,
      'invalid_type',
    ],
  ),
  ...INITIAL_PERCENTS.flatMap((f): Row[] => [
    [
      `initial ${f} below 0`,
      init({ [f]: -0.000001 }),
      `ownership.initialOwnership.${f}`,
      `${f} must be at least 0`,
      'too_small',
    ],
    [
      `initial ${f} above 100`,
      init({ [f]: 100.000001 }),
      `ownership.initialOwnership.${f}`,
      `${f} must be at most 100`,
      'too_big',
    ],
  ]),
  [
    'initial oilNetRevenueInterest a string',
    init({ oilNetRevenueInterest: '80' }),
    'ownership.initialOwnership.oilNetRevenueInterest',
    'oilNetRevenueInterest must be a number',
    'invalid_type',
  ],
  [
    'no netProfitInterestType',
    init({ netProfitInterestType: undefined }),
    'ownership.initialOwnership.netProfitInterestType',
    'netProfitInterestType is required: one of expense, revenue',
    'invalid_value',
  ],
  [
    'an unknown netProfitInterestType',
    init({ netProfitInterestType: 'cost' }),
    'ownership.initialOwnership.netProfitInterestType',
    'must be one of expense, revenue (got "cost")',
    'invalid_value',
  ],
  // reversionType
  [
    'no reversionType',
    numR({ reversionType: undefined }),
    'ownership.firstReversion.reversionType',
    'reversionType is required: one of Date, AsOf, WhCumOil',
    'invalid_union',
  ],
  [
    'an unknown reversionType',
    numR({ reversionType: 'Npv' }),
    'ownership.firstReversion.reversionType',
    'reversionType must be one of Date, AsOf',
    'invalid_union',
  ],
  [
    'a reversion that is not an object',
    own({ firstReversion: 'Date' }),
    'ownership.firstReversion',
    'a reversion must be an object (or null when unused)',
    'invalid_type',
  ],
  // reversionValue
  [
    'no reversionValue (Date)',
    dateR({ reversionValue: undefined }),
    'ownership.firstReversion.reversionValue',
    'reversionValue is required: a date YYYY-MM-DD',
    'invalid_type',
  ],
  [
    'no reversionValue (numeric)',
    numR({ reversionValue: undefined }),
    'ownership.firstReversion.reversionValue',
    'reversionValue is required: a number',
    'invalid_type',
  ],
  [
    'a number for a Date reversion',
    dateR({ reversionValue: 20300101 }),
    'ownership.firstReversion.reversionValue',
    'must be a date string YYYY-MM-DD for Date and AsOf',
    'invalid_type',
  ],
  [
    'a number for an AsOf reversion',
    dateR({ reversionType: 'AsOf', reversionValue: 12 }),
    'ownership.firstReversion.reversionValue',
    'must be a date string YYYY-MM-DD for Date and AsOf',
    'invalid_type',
  ],
  [
    'a date for a WhCumOil reversion',
    numR({ reversionType: 'WhCumOil', reversionValue: '2030-01-01' }),
    'ownership.firstReversion.reversionValue',
    'reversionValue must be a number for reversionType WhCumOil',
    'invalid_type',
  ],
  [
    'a numeric string for an Irr reversion',
    numR({ reversionType: 'Irr', reversionValue: '15' }),
    'ownership.firstReversion.reversionValue',
    'must be a number',
    'invalid_type',
  ],
  [
    'a date that does not exist',
    dateR({ reversionValue: '2030-02-30' }),
    'ownership.firstReversion.reversionValue',
    'must be a real calendar date',
    'calendar date',
  ],
  [
    'a date after 2262-04-01',
    dateR({ reversionValue: '2262-04-02' }),
    'ownership.firstReversion.reversionValue',
    'must lie between 1900-01-01 and 2262-04-01',
    'range 1900-01-01..2262-04-01',
  ],
  [
    'a numeric reversionValue below 0',
    numR({ reversionValue: -1 }),
    'ownership.firstReversion.reversionValue',
    'reversionValue must be at least 0',
    'too_small',
  ],
  [
    'a numeric reversionValue above 1e19',
    numR({ reversionValue: 1.1e19 }),
    'ownership.firstReversion.reversionValue',
    'reversionValue must be at most 10000000000000000000',
    'too_big',
  ],
  [
    'a numeric reversionValue with 7 decimals',
    numR({ reversionValue: 1.0000001 }),
    'ownership.firstReversion.reversionValue',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  // balance and includeNetProfitInterest
  [
    'no balance',
    numR({ balance: undefined }),
    'ownership.firstReversion.balance',
    'balance is required: one of gross, net',
    'invalid_value',
  ],
  [
    'an empty balance for a numeric reversion',
    numR({ balance: '' }),
    'ownership.firstReversion.balance',
    'an empty string is accepted only for Date and AsOf reversions',
    'invalid_value',
  ],
  [
    'an unknown balance for a Date reversion',
    dateR({ balance: 'both' }),
    'ownership.firstReversion.balance',
    'balance must be one of gross, net, "" (got "both")',
    'invalid_value',
  ],
  [
    'no includeNetProfitInterest',
    dateR({ includeNetProfitInterest: undefined }),
    'ownership.firstReversion.includeNetProfitInterest',
    'includeNetProfitInterest is required',
    'invalid_value',
  ],
  [
    'an empty includeNetProfitInterest for a numeric reversion',
    numR({ includeNetProfitInterest: '' }),
    'ownership.firstReversion.includeNetProfitInterest',
    'an empty string is accepted only for Date and AsOf reversions',
    'invalid_value',
  ],
  [
    'includeNetProfitInterest a boolean',
    numR({ includeNetProfitInterest: true }),
    'ownership.firstReversion.includeNetProfitInterest',
    'must be one of yes, no',
    'invalid_value',
  ],
  // reversion percentages
  [
    'no reversion workingInterest',
    numR({ workingInterest: undefined }),
    'ownership.firstReversion.workingInterest',
    'workingInterest must be a number',
    'invalid_type',
  ],
  ...REVERSION_PERCENTS.flatMap((f): Row[] => [
    [
      `reversion ${f} below 0`,
      numR({ [f]: -1 }),
      `ownership.firstReversion.${f}`,
      `${f} must be at least 0`,
      'too_small',
    ],
    [
      `reversion ${f} above 100`,
      numR({ [f]: 101 }),
      `ownership.firstReversion.${f}`,
      `${f} must be at most 100`,
      'too_big',
    ],
  ]),
  [
    'reversionTiedTo of an unknown type',
    numR({ reversionTiedTo: { type: 'spud' } }),
    'ownership.firstReversion.reversionTiedTo.type',
    'reversionTiedTo.type must be one of as_of, fpd, date',
    'invalid_value',
  ],
  [
    'reversionTiedTo date without a value',
    numR({ reversionTiedTo: { type: 'date' } }),
    'ownership.firstReversion.reversionTiedTo.value',
    'reversionTiedTo.value is required with type date',
    'required with date',
  ],
  [
    'reversionTiedTo date with a bad value',
    numR({ reversionTiedTo: { type: 'date', value: '01/02/2030' } }),
    'ownership.firstReversion.reversionTiedTo.value',
    'YYYY-MM-DD',
    'invalid_format',
  ],
  [
    'reversion netRevenueInterest null (only per-phase NRIs are nullable)',
    numR({ netRevenueInterest: null }),
    'ownership.firstReversion.netRevenueInterest',
    'netRevenueInterest must be a number',
    'invalid_type',
  ],
  [
    'an unknown reversion field',
    numR({ cumulative: 1 }),
    'ownership.firstReversion',
    'Unrecognized key: "cumulative"',
    'unrecognized_keys',
  ],
  // reversions in order
  [
    'thirdReversion without secondReversion',
    own({ firstReversion: payoutRev, thirdReversion: payoutRev }),
    'ownership.thirdReversion',
    'thirdReversion is set but secondReversion is not',
    'in order',
  ],
  [
    'secondReversion with firstReversion null',
    own({ firstReversion: null, secondReversion: dateRev }),
    'ownership.secondReversion',
    'secondReversion is set but firstReversion is not',
    'in order',
  ],
  [
    'tenthReversion alone',
    own({ tenthReversion: payoutRev }),
    'ownership.tenthReversion',
    'tenthReversion is set but firstReversion, secondReversion',
    'in order',
  ],
];

describe('OwnershipReversionFunctions', () => {
  it.each(accepted)('accepts %s', (_, body) => {
    expect(issuesOf(OwnershipReversionFunctions, body)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, body, path, message, rule) => {
    expect(issuesOf(OwnershipReversionFunctions, body)).toEqual([
      { path, message: expect.stringContaining(message), rule },
    ]);
  });

  it('rejects a date not in YYYY-MM-DD form', () => {
    // DateString (common.ts) also reports the calendar-date rule for a malformed date.
    expect(issuesOf(OwnershipReversionFunctions, dateR({ reversionValue: '2030-1-1' }))[0]).toEqual({
      path: 'ownership.firstReversion.reversionValue',
      message: 'must be a date in the form YYYY-MM-DD',
      rule: 'invalid_format',
    });
  });

  it('defaults a reversion netProfitInterest to 0', () => {
    const parsed = OwnershipReversionFunctions.parse(numR({ netProfitInterest: undefined }));
    expect(parsed.ownership.firstReversion?.netProfitInterest).toBe(0);
  });

  it('names every reversion used after a gap, and the first free key', () => {
    const issues = issuesOf(
      OwnershipReversionFunctions,
      own({ secondReversion: payoutRev, fourthReversion: payoutRev }),
    );
    expect(issues.map((i) => i.path)).toEqual(['ownership.secondReversion', 'ownership.fourthReversion']);
    expect(issues[1]?.message).toContain('firstReversion, thirdReversion are not');
    expect(issues[1]?.message).toContain('move it to firstReversion');
  });

  it('reports the order rule together with errors inside the reversions', () => {
    const body = own({ thirdReversion: { ...payoutRev, reversionValue: -1 } });
    expect(issuesOf(OwnershipReversionFunctions, body).map((i) => `${i.path} ${i.rule}`)).toEqual([
      'ownership.thirdReversion.reversionValue too_small',
      'ownership.thirdReversion in order',
    ]);
  });

  it('accepts interests with more than six decimals, kept as sent (clients convert from decimals)', () => {
    const parsed = OwnershipReversionFunctions.parse(
      own({
        initialOwnership: { ...initial, workingInterest: 87.123456789, netRevenueInterest: 65.3425925925926 },
        firstReversion: { ...payoutRev, workingInterest: 0.0000001 },
      }),
    );
    expect(parsed.ownership.initialOwnership.workingInterest).toBe(87.123456789);
    expect(parsed.ownership.initialOwnership.netRevenueInterest).toBe(65.3425925925926);
    expect(parsed.ownership.firstReversion?.workingInterest).toBe(0.0000001);
  });

  it('accepts eleventhReversion … twentiethReversion as null and drops them', () => {
    const extra = Object.fromEntries(UNUSED_REVERSION_KEYS.map((k) => [k, null]));
    const parsed = OwnershipReversionFunctions.parse(own({ firstReversion: payoutRev, ...extra }));
    for (const k of UNUSED_REVERSION_KEYS) expect(parsed.ownership).not.toHaveProperty(k);
    expect(parsed.ownership.firstReversion).toMatchObject({ workingInterest: 75 });
  });

  it('accepts reversionTiedTo as clients send it; value kept only with date', () => {
    const tied = (reversionTiedTo: unknown) =>
      OwnershipReversionFunctions.parse(own({ firstReversion: { ...payoutRev, reversionTiedTo } })).ownership
        .firstReversion?.reversionTiedTo;
    expect(tied({ type: 'fpd', value: '2020-01-01' })).toEqual({ type: 'fpd' });
    expect(tied({ type: 'as_of' })).toEqual({ type: 'as_of' });
    expect(tied({ type: 'as_of', value: '' })).toEqual({ type: 'as_of' });
    expect(tied({ type: 'date', value: '2031-05-17' })).toEqual({ type: 'date', value: '2031-05-17' });
  });

  it('renders to JSON Schema for requests and responses', () => {
    expect(() => z.toJSONSchema(OwnershipReversionFunctions, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(OwnershipReversionFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('ownershipReversionView', () => {
  it('carries all ten reversion keys, null for unused ones', () => {
    const view = ownershipReversionView(
      OwnershipReversionFunctions.parse(own({ firstReversion: payoutRev, secondReversion: null })),
    );
    expect(Object.keys(view.ownership)).toEqual(['initialOwnership', ...REVERSION_KEYS]);
    expect(view.ownership.firstReversion).toEqual(payoutRev);
    for (const k of REVERSION_KEYS.slice(1)) expect(view.ownership[k]).toBeNull();
    expect(OwnershipReversionFunctionsView.safeParse(view).success).toBe(true);
  });

  it('keeps initialOwnership and fills the netProfitInterest default', () => {
    const view = ownershipReversionView(OwnershipReversionFunctions.parse(numR({ netProfitInterest: undefined })));
    expect(view.ownership.initialOwnership).toEqual(initial);
    expect(view.ownership.firstReversion?.netProfitInterest).toBe(0);
  });

  it('gives ten nulls without reversions and keeps all ten when used', () => {
    const none = ownershipReversionView(OwnershipReversionFunctions.parse(own({})));
    expect(REVERSION_KEYS.map((k) => none.ownership[k])).toEqual(Array(10).fill(null));
    const all = ownershipReversionView(OwnershipReversionFunctions.parse(own(firstN(10))));
    expect(REVERSION_KEYS.every((k) => all.ownership[k] !== null)).toBe(true);
  });

  it('is refused by the view schema when a reversion key is missing', () => {
    const view = ownershipReversionView(OwnershipReversionFunctions.parse(own({})));
    const { tenthReversion: _, ...ownership } = view.ownership;
    expect(OwnershipReversionFunctionsView.safeParse({ ownership }).success).toBe(false);
  });
});
