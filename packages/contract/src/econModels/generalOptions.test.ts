import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  annualizeIrr,
  DISCOUNT_PERIODS_PER_YEAR,
  type DiscountMethod,
  FISCAL_PERIODS,
  GeneralOptionsFunctions,
  GeneralOptionsFunctionsView,
  generalOptionsView,
  PROJECT_TYPES,
} from './generalOptions';
import { issuesOf } from './testing';

type Row = [string, unknown, string, string, string];

const mainOptions = {
  aggregationDate: '2026-01-01',
  currency: 'USD',
  reportingPeriod: 'calendar',
  incomeTax: false,
  projectType: 'primary_recovery',
};
const discounts = [0, 2, 5, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 100].map((discountTable) => ({
  discountTable,
}));
const discountTable = {
  discountMethod: 'yearly',
  cashAccrualTime: 'mid_month',
  firstDiscount: 0,
  secondDiscount: 10,
  discounts,
};
const boeConversion = { oil: 1, wetGas: 6, dryGas: 6, ngl: 1, dripCondensate: 1 };
const reportingUnits = {
  oil: 'MBBL',
  gas: 'MMCF',
  ngl: 'MBBL',
  dripCondensate: 'MBBL',
  water: 'MBBL',
  pressure: 'PSI',
  cash: 'M$',
  gor: 'CF/BBL',
  condensateGasRatio: 'BBL/MMCF',
  dripCondensateYield: 'BBL/MMCF',
  nglYield: 'BBL/MMCF',
};
const body = { mainOptions, discountTable, boeConversion, reportingUnits };
const incomeTax = {
  carryForward: false,
  fifteenDepletion: true,
  federalIncomeTax: [{ multiplier: 21, entireWellLife: 'Flat' }],
  stateIncomeTax: [
    { multiplier: 5, dates: '2026-01-01' },
    { multiplier: 6, dates: '2030-07-01' },
  ],
};

/** The body with `patch` applied (a value of undefined drops the key). */
const go = (patch: Record<string, unknown>) => ({ ...body, ...patch });
const main = (patch: Record<string, unknown>) => go({ mainOptions: { ...mainOptions, ...patch } });
/** mainOptions.incomeTax true and incomeTax with `patch`. */
const tax = (patch: Record<string, unknown>) =>
  go({ mainOptions: { ...mainOptions, incomeTax: true }, incomeTax: { ...incomeTax, ...patch } });
/** A body whose only federal tax entry is `entry`. */
const entry = (e: Record<string, unknown>) => tax({ federalIncomeTax: [e] });
const disc = (patch: Record<string, unknown>) => go({ discountTable: { ...discountTable, ...patch } });
const discountAt = (i: number, value: unknown) => disc({ discounts: discounts.map((d, j) => (j === i ? value : d)) });
const boe = (patch: Record<string, unknown>) => go({ boeConversion: { ...boeConversion, ...patch } });
const units = (patch: Record<string, unknown>) => go({ reportingUnits: { ...reportingUnits, ...patch } });

const UNIT_CHOICES: Record<string, readonly string[]> = {
  oil: ['BBL', 'MBBL', 'MMBBL'],
  dripCondensate: ['BBL', 'MBBL', 'MMBBL'],
  water: ['BBL', 'MBBL', 'MMBBL'],
  gas: ['MCF', 'MMCF', 'BCF'],
  ngl: ['BBL', 'MBBL', 'MMBBL', 'GAL', 'MGAL', 'MMGAL'],
  pressure: ['PSI', 'KPSI'],
  cash: ['$', 'M$', 'MM$'],
  gor: ['CF/BBL', 'MCF/BBL'],
  condensateGasRatio: ['BBL/MCF', 'BBL/MMCF'],
  dripCondensateYield: ['BBL/MCF', 'BBL/MMCF'],
  nglYield: ['BBL/MCF', 'BBL/MMCF', 'GAL/MCF', 'GAL/MMCF'],
};
const BOE_RANGES: Record<string, [number, number]> = {
  oil: [0.000001, 2],
  ngl: [0.000001, 2],
  dripCondensate: [0.000001, 2],
  wetGas: [4, 50],
  dryGas: [4, 50],
};

const accepted: [string, unknown][] = [
  ['the example body', go({})],
  // mainOptions
  ['calendar with an empty fiscal', main({ fiscal: '' })],
  ...FISCAL_PERIODS.map((f): [string, unknown] => [`fiscal ${f}`, main({ reportingPeriod: 'fiscal', fiscal: f })]),
  ...PROJECT_TYPES.map((p): [string, unknown] => [`projectType ${p}`, main({ projectType: p })]),
  ['aggregationDate at the range ends', main({ aggregationDate: '1900-01-01' })],
  ['aggregationDate 2262-04-01', main({ aggregationDate: '2262-04-01' })],
  // incomeTax
  ['incomeTax with mainOptions.incomeTax true', tax({})],
  ['incomeTax null with mainOptions.incomeTax false', go({ incomeTax: null })],
  ['carryForward left out (default false)', tax({ carryForward: undefined })],
  ['carryForward true', tax({ carryForward: true })],
  ['empty tax lists', tax({ federalIncomeTax: [], stateIncomeTax: [] })],
  ['a tax entry by offsetToAsOf 1', entry({ multiplier: 0, offsetToAsOf: 1 })],
  ['a tax entry by offsetToFpd 1200', entry({ multiplier: 100, offsetToFpd: 1200 })],
  ['a tax entry by dates 2262-04-01', entry({ multiplier: 12.345678, dates: '2262-04-01' })],
  // discountTable
  ...Object.keys(DISCOUNT_PERIODS_PER_YEAR).map((m): [string, unknown] => [
    `discountMethod ${m}`,
    disc({ discountMethod: m }),
  ]),
  ['cashAccrualTime end_month', disc({ cashAccrualTime: 'end_month' })],
  ['discounts at 0 and 1000', disc({ discounts: discounts.map((_, i) => ({ discountTable: i % 2 ? 1000 : 0 })) })],
  ['first and second discount at 100 and 0', disc({ firstDiscount: 100, secondDiscount: 0 })],
  ['a discount with 6 decimals', discountAt(3, { discountTable: 8.123456 })],
  // boeConversion
  ...Object.entries(BOE_RANGES).flatMap(([f, [min, max]]): [string, unknown][] => [
    [`${f} at ${min}`, boe({ [f]: min })],
    [`${f} at ${max}`, boe({ [f]: max })],
  ]),
  // reportingUnits
  ...Object.entries(UNIT_CHOICES).flatMap(([f, choices]) =>
    choices.map((c): [string, unknown] => [`reportingUnits.${f} ${c}`, units({ [f]: c })]),
  ),
];

/** [what, body, path, part of the message, rule]: each body breaks exactly one rule. */
const rejected: Row[] = [
  ['an unknown econ function', go({ extra: 1 }), '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  ...(['mainOptions', 'discountTable', 'boeConversion', 'reportingUnits'] as const).flatMap((f): Row[] => [
    [`no ${f}`, go({ [f]: undefined }), f, `${f} is required`, 'invalid_type'],
    [`${f} not an object`, go({ [f]: 'x' }), f, `${f} must be an object`, 'invalid_type'],
    [
      `an unknown field in ${f}`,
      go({ [f]: { ...body[f], extra: 1 } }),
      f,
      'Unrecognized key: "extra"',
      'unrecognized_keys',
    ],
  ]),
  // mainOptions
  [
    'no aggregationDate',
    main({ aggregationDate: undefined }),
    'mainOptions.aggregationDate',
    'expected string',
    'invalid_type',
  ],
  [
    'aggregationDate not a real date',
    main({ aggregationDate: '2026-02-29' }),
    'mainOptions.aggregationDate',
    'must be a real calendar date',
    'calendar date',
  ],
  [
    'aggregationDate before 1900',
    main({ aggregationDate: '1899-12-31' }),
    'mainOptions.aggregationDate',
    'must lie between 1900-01-01 and 2262-04-01',
    'range 1900-01-01..2262-04-01',
  ],
  ['currency EUR', main({ currency: 'EUR' }), 'mainOptions.currency', 'currency must be USD', 'invalid_value'],
  ['no currency', main({ currency: undefined }), 'mainOptions.currency', 'currency must be USD', 'invalid_value'],
  [
    'no reportingPeriod',
    main({ reportingPeriod: undefined }),
    'mainOptions.reportingPeriod',
    'reportingPeriod is required: one of calendar, fiscal',
    'invalid_value',
  ],
  [
    'reportingPeriod yearly',
    main({ reportingPeriod: 'yearly' }),
    'mainOptions.reportingPeriod',
    'reportingPeriod must be one of calendar, fiscal (got "yearly")',
    'invalid_value',
  ],
  [
    'fiscal without fiscal months',
    main({ reportingPeriod: 'fiscal' }),
    'mainOptions.fiscal',
    'fiscal is required when reportingPeriod is fiscal',
    'required when reportingPeriod fiscal',
  ],
  [
    'fiscal with empty fiscal months',
    main({ reportingPeriod: 'fiscal', fiscal: '' }),
    'mainOptions.fiscal',
    'fiscal is required when reportingPeriod is fiscal: one of 0-11, 1-0',
    'required when reportingPeriod fiscal',
  ],
  [
    'fiscal months for calendar',
    main({ fiscal: '6-5' }),
    'mainOptions.fiscal',
    'fiscal applies only when reportingPeriod is fiscal',
    'only when reportingPeriod fiscal',
  ],
  [
    'fiscal months 12-11',
    main({ reportingPeriod: 'fiscal', fiscal: '12-11' }),
    'mainOptions.fiscal',
    'fiscal must be one of 0-11',
    'invalid_value',
  ],
  [
    'fiscal months 1-2 (not a year)',
    main({ reportingPeriod: 'fiscal', fiscal: '1-2' }),
    'mainOptions.fiscal',
    '(got "1-2")',
    'invalid_value',
  ],
  [
    'no mainOptions.incomeTax',
    main({ incomeTax: undefined }),
    'mainOptions.incomeTax',
    'incomeTax is required: true or false',
    'invalid_type',
  ],
  [
    'mainOptions.incomeTax a string',
    main({ incomeTax: 'true' }),
    'mainOptions.incomeTax',
    'incomeTax must be true or false',
    'invalid_type',
  ],
  [
    'no projectType',
    main({ projectType: undefined }),
    'mainOptions.projectType',
    'projectType is required: one of primary_recovery',
    'invalid_value',
  ],
  [
    'projectType fracking',
    main({ projectType: 'fracking' }),
    'mainOptions.projectType',
    'projectType must be one of primary_recovery',
    'invalid_value',
  ],
  // incomeTax present exactly when mainOptions.incomeTax
  [
    'incomeTax with mainOptions.incomeTax false',
    go({ incomeTax }),
    'incomeTax',
    'incomeTax applies only when mainOptions.incomeTax is true',
    'only when mainOptions.incomeTax',
  ],
  [
    'no incomeTax with mainOptions.incomeTax true',
    main({ incomeTax: true }),
    'incomeTax',
    'incomeTax is required when mainOptions.incomeTax is true',
    'required when mainOptions.incomeTax',
  ],
  [
    'incomeTax null with mainOptions.incomeTax true',
    go({ mainOptions: { ...mainOptions, incomeTax: true }, incomeTax: null }),
    'incomeTax',
    'incomeTax is required when mainOptions.incomeTax is true',
    'required when mainOptions.incomeTax',
  ],
  // incomeTax fields
  [
    'incomeTax not an object',
    go({ mainOptions: { ...mainOptions, incomeTax: true }, incomeTax: [] }),
    'incomeTax',
    'incomeTax must be an object',
    'invalid_type',
  ],
  [
    'an unknown incomeTax field',
    tax({ depletion: 15 }),
    'incomeTax',
    'Unrecognized key: "depletion"',
    'unrecognized_keys',
  ],
  [
    'carryForward a string',
    tax({ carryForward: 'no' }),
    'incomeTax.carryForward',
    'carryForward must be true or false',
    'invalid_type',
  ],
  [
    'no fifteenDepletion',
    tax({ fifteenDepletion: undefined }),
    'incomeTax.fifteenDepletion',
    'fifteenDepletion is required: true or false',
    'invalid_type',
  ],
  [
    'no federalIncomeTax',
    tax({ federalIncomeTax: undefined }),
    'incomeTax.federalIncomeTax',
    'federalIncomeTax is required (a list of tax entries)',
    'invalid_type',
  ],
  [
    'stateIncomeTax not a list',
    tax({ stateIncomeTax: { multiplier: 5 } }),
    'incomeTax.stateIncomeTax',
    'stateIncomeTax must be a list',
    'invalid_type',
  ],
  [
    'a tax entry that is not an object',
    entry(null as never),
    'incomeTax.federalIncomeTax[0]',
    'tax entry must be an object',
    'invalid_type',
  ],
  [
    'an unknown tax entry field',
    entry({ multiplier: 1, entireWellLife: 'Flat', rate: 2 }),
    'incomeTax.federalIncomeTax[0]',
    'Unrecognized key: "rate"',
    'unrecognized_keys',
  ],
  // tax entries: multiplier
  [
    'no multiplier',
    entry({ entireWellLife: 'Flat' }),
    'incomeTax.federalIncomeTax[0].multiplier',
    'multiplier must be a number',
    'invalid_type',
  ],
  [
    'multiplier below 0',
    entry({ multiplier: -1, entireWellLife: 'Flat' }),
    'incomeTax.federalIncomeTax[0].multiplier',
    'multiplier must be at least 0',
    'too_small',
  ],
  [
    'multiplier above 100',
    entry({ multiplier: 100.5, entireWellLife: 'Flat' }),
    'incomeTax.federalIncomeTax[0].multiplier',
    'multiplier must be at most 100',
    'too_big',
  ],
  [
    'multiplier with 7 decimals',
    entry({ multiplier: 1.0000001, entireWellLife: 'Flat' }),
    'incomeTax.federalIncomeTax[0].multiplier',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  // tax entries: exactly one period criterion
  [
    'a tax entry without a criterion',
    entry({ multiplier: 5 }),
    'incomeTax.federalIncomeTax[0]',
    'a tax entry needs exactly one period criterion beside multiplier: entireWellLife, offsetToAsOf, offsetToFpd, dates',
    'exactly one of',
  ],
  [
    'a tax entry with two criteria',
    tax({ stateIncomeTax: [{ multiplier: 5, offsetToAsOf: 12, dates: '2030-01-01' }] }),
    'incomeTax.stateIncomeTax[0]',
    'exactly one period criterion of entireWellLife, offsetToAsOf, offsetToFpd, dates (got offsetToAsOf and dates)',
    'exactly one of',
  ],
  [
    'entireWellLife Step',
    entry({ multiplier: 5, entireWellLife: 'Step' }),
    'incomeTax.federalIncomeTax[0].entireWellLife',
    'entireWellLife must be "Flat"',
    'invalid_value',
  ],
  [
    'offsetToAsOf 0',
    entry({ multiplier: 5, offsetToAsOf: 0 }),
    'incomeTax.federalIncomeTax[0].offsetToAsOf',
    'offsetToAsOf must be at least 1',
    'too_small',
  ],
  [
    'offsetToAsOf 1201',
    entry({ multiplier: 5, offsetToAsOf: 1201 }),
    'incomeTax.federalIncomeTax[0].offsetToAsOf',
    'offsetToAsOf must be at most 1200',
    'too_big',
  ],
  [
    'offsetToAsOf 1.5',
    entry({ multiplier: 5, offsetToAsOf: 1.5 }),
    'incomeTax.federalIncomeTax[0].offsetToAsOf',
    'offsetToAsOf must be an integer',
    'invalid_type',
  ],
  [
    'offsetToFpd 0',
    entry({ multiplier: 5, offsetToFpd: 0 }),
    'incomeTax.federalIncomeTax[0].offsetToFpd',
    'offsetToFpd must be at least 1',
    'too_small',
  ],
  [
    'offsetToFpd 1201',
    entry({ multiplier: 5, offsetToFpd: 1201 }),
    'incomeTax.federalIncomeTax[0].offsetToFpd',
    'offsetToFpd must be at most 1200',
    'too_big',
  ],
  [
    'dates on day 15',
    tax({ stateIncomeTax: [incomeTax.stateIncomeTax[0], { multiplier: 6, dates: '2030-07-15' }] }),
    'incomeTax.stateIncomeTax[1].dates',
    'dates must be the first day of a month (day part 01)',
    'day 01',
  ],
  [
    'dates not a real date',
    entry({ multiplier: 5, dates: '2030-13-01' }),
    'incomeTax.federalIncomeTax[0].dates',
    'must be a real calendar date',
    'calendar date',
  ],
  [
    'dates after 2262-04-01',
    entry({ multiplier: 5, dates: '2262-05-01' }),
    'incomeTax.federalIncomeTax[0].dates',
    'must lie between 1900-01-01 and 2262-04-01',
    'range 1900-01-01..2262-04-01',
  ],
  // discountTable
  [
    'no discountMethod',
    disc({ discountMethod: undefined }),
    'discountTable.discountMethod',
    'discountMethod is required: one of yearly, quarterly, monthly, daily',
    'invalid_value',
  ],
  [
    'discountMethod weekly',
    disc({ discountMethod: 'weekly' }),
    'discountTable.discountMethod',
    'discountMethod must be one of yearly, quarterly, monthly, daily (got "weekly")',
    'invalid_value',
  ],
  [
    'cashAccrualTime start_month',
    disc({ cashAccrualTime: 'start_month' }),
    'discountTable.cashAccrualTime',
    'cashAccrualTime must be one of mid_month, end_month',
    'invalid_value',
  ],
  [
    'no cashAccrualTime',
    disc({ cashAccrualTime: undefined }),
    'discountTable.cashAccrualTime',
    'cashAccrualTime is required',
    'invalid_value',
  ],
  [
    'firstDiscount below 0',
    disc({ firstDiscount: -0.5 }),
    'discountTable.firstDiscount',
    'firstDiscount must be at least 0',
    'too_small',
  ],
  [
    'firstDiscount above 100',
    disc({ firstDiscount: 101 }),
    'discountTable.firstDiscount',
    'firstDiscount must be at most 100',
    'too_big',
  ],
  [
    'no secondDiscount',
    disc({ secondDiscount: undefined }),
    'discountTable.secondDiscount',
    'secondDiscount must be a number',
    'invalid_type',
  ],
  [
    'secondDiscount above 100',
    disc({ secondDiscount: 100.000001 }),
    'discountTable.secondDiscount',
    'secondDiscount must be at most 100',
    'too_big',
  ],
  [
    'secondDiscount with 7 decimals',
    disc({ secondDiscount: 10.0000001 }),
    'discountTable.secondDiscount',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  [
    'no discounts',
    disc({ discounts: undefined }),
    'discountTable.discounts',
    'discounts is required: exactly 16 entries',
    'invalid_type',
  ],
  [
    'discounts not a list',
    disc({ discounts: 10 }),
    'discountTable.discounts',
    'discounts must be a list of exactly 16 entries',
    'invalid_type',
  ],
  [
    '15 discounts',
    disc({ discounts: discounts.slice(1) }),
    'discountTable.discounts',
    'discounts must have exactly 16 entries (got 15)',
    'exactly 16',
  ],
  [
    '17 discounts',
    disc({ discounts: [...discounts, { discountTable: 200 }] }),
    'discountTable.discounts',
    'discounts must have exactly 16 entries (got 17)',
    'exactly 16',
  ],
  [
    'no discounts entries',
    disc({ discounts: [] }),
    'discountTable.discounts',
    'exactly 16 entries (got 0)',
    'exactly 16',
  ],
  [
    'a discount below 0',
    discountAt(4, { discountTable: -1 }),
    'discountTable.discounts[4].discountTable',
    'discountTable must be at least 0',
    'too_small',
  ],
  [
    'a discount above 1000',
    discountAt(15, { discountTable: 1000.5 }),
    'discountTable.discounts[15].discountTable',
    'discountTable must be at most 1000',
    'too_big',
  ],
  [
    'a discount with 7 decimals',
    discountAt(0, { discountTable: 0.0000001 }),
    'discountTable.discounts[0].discountTable',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  ['a bare number as discount', discountAt(2, 5), 'discountTable.discounts[2]', 'expected object', 'invalid_type'],
  [
    'a discount without discountTable',
    discountAt(2, {}),
    'discountTable.discounts[2].discountTable',
    'discountTable must be a number',
    'invalid_type',
  ],
  [
    'a discount with an unknown field',
    discountAt(2, { discountTable: 5, rate: 5 }),
    'discountTable.discounts[2]',
    'Unrecognized key: "rate"',
    'unrecognized_keys',
  ],
  // boeConversion
  ...Object.entries(BOE_RANGES).flatMap(([f, [min, max]]): Row[] => [
    [`no boeConversion.${f}`, boe({ [f]: undefined }), `boeConversion.${f}`, `${f} must be a number`, 'invalid_type'],
    [
      `boeConversion.${f} below ${min}`,
      boe({ [f]: f.endsWith('Gas') ? 3.999999 : 0 }),
      `boeConversion.${f}`,
      `${f} must be at least ${min}`,
      'too_small',
    ],
    [
      `boeConversion.${f} above ${max}`,
      boe({ [f]: max + 0.000001 }),
      `boeConversion.${f}`,
      `${f} must be at most ${max}`,
      'too_big',
    ],
  ]),
  [
    'boeConversion.wetGas with 7 decimals',
    boe({ wetGas: 6.0000001 }),
    'boeConversion.wetGas',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  // reportingUnits
  ...Object.entries(UNIT_CHOICES).flatMap(([f, choices]): Row[] => [
    [
      `no reportingUnits.${f}`,
      units({ [f]: undefined }),
      `reportingUnits.${f}`,
      `${f} is required: one of ${choices.join(', ')}`,
      'invalid_value',
    ],
    [
      `reportingUnits.${f} TONNE`,
      units({ [f]: 'TONNE' }),
      `reportingUnits.${f}`,
      `${f} must be one of ${choices.join(', ')} (got "TONNE")`,
      'invalid_value',
    ],
  ]),
  [
    'a gas unit for oil',
    units({ oil: 'MCF' }),
    'reportingUnits.oil',
    'oil must be one of BBL, MBBL, MMBBL (got "MCF")',
    'invalid_value',
  ],
  [
    'a lower-case unit',
    units({ cash: 'm$' }),
    'reportingUnits.cash',
    'cash must be one of $, M$, MM$',
    'invalid_value',
  ],
];

describe('GeneralOptionsFunctions', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(GeneralOptionsFunctions, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(GeneralOptionsFunctions, value)).toEqual([
      { path, message: expect.stringContaining(message), rule },
    ]);
  });

  it('defaults carryForward to false', () => {
    expect(GeneralOptionsFunctions.parse(tax({ carryForward: undefined })).incomeTax?.carryForward).toBe(false);
  });

  it('reports the incomeTax rule together with errors elsewhere in the body', () => {
    const value = go({
      mainOptions: { ...mainOptions, incomeTax: true },
      discountTable: { ...discountTable, discounts: [] },
    });
    expect(issuesOf(GeneralOptionsFunctions, value).map((i) => `${i.path} ${i.rule}`)).toEqual([
      'discountTable.discounts exactly 16',
      'incomeTax required when mainOptions.incomeTax',
    ]);
  });

  it('reports the criterion rule together with an invalid multiplier', () => {
    expect(issuesOf(GeneralOptionsFunctions, entry({ multiplier: 101 })).map((i) => `${i.path} ${i.rule}`)).toEqual([
      'incomeTax.federalIncomeTax[0].multiplier too_big',
      'incomeTax.federalIncomeTax[0] exactly one of',
    ]);
  });

  it('renders to JSON Schema for requests and responses', () => {
    expect(() => z.toJSONSchema(GeneralOptionsFunctions, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(GeneralOptionsFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('generalOptionsView', () => {
  it('gives calendar models an empty fiscal and no incomeTax', () => {
    const view = generalOptionsView(GeneralOptionsFunctions.parse(go({ incomeTax: null })));
    expect(view.mainOptions.fiscal).toBe('');
    expect('incomeTax' in view).toBe(false);
    expect(view).toEqual({ ...body, mainOptions: { ...mainOptions, fiscal: '' } });
    expect(GeneralOptionsFunctionsView.safeParse(view).success).toBe(true);
  });

  it('keeps fiscal months and incomeTax with its carryForward default', () => {
    const stored = GeneralOptionsFunctions.parse(
      go({
        mainOptions: { ...mainOptions, reportingPeriod: 'fiscal', fiscal: '6-5', incomeTax: true },
        incomeTax: { ...incomeTax, carryForward: undefined },
      }),
    );
    const view = generalOptionsView(stored);
    expect(view.mainOptions.fiscal).toBe('6-5');
    expect(view.incomeTax).toEqual({ ...incomeTax, carryForward: false });
    expect(GeneralOptionsFunctionsView.safeParse(view).success).toBe(true);
  });

  it('is refused by the view schema without fiscal', () => {
    const view = generalOptionsView(GeneralOptionsFunctions.parse(go({})));
    const { fiscal: _, ...withoutFiscal } = view.mainOptions;
    expect(GeneralOptionsFunctionsView.safeParse({ ...view, mainOptions: withoutFiscal }).success).toBe(false);
  });
});

describe('annualizeIrr', () => {
  const cases: [number, DiscountMethod, number][] = [
    [0.1, 'yearly', 0.1],
    [0.02, 'quarterly', 1.02 ** 4 - 1],
    [0.01, 'monthly', 0.12682503013196977],
    [0.0001, 'daily', 1.0001 ** 365 - 1],
    [0, 'monthly', 0],
    [-1, 'quarterly', -1],
    [-0.01, 'monthly', 0.99 ** 12 - 1],
  ];

  it.each(cases)('annualizes %d per period (%s) to %d', (r, method, expected) => {
    expect(annualizeIrr(r, method)).toBeCloseTo(expected, 12);
  });

  it('uses N = 1, 4, 12, 365', () => {
    expect(DISCOUNT_PERIODS_PER_YEAR).toEqual({ yearly: 1, quarterly: 4, monthly: 12, daily: 365 });
    expect(annualizeIrr(1, 'daily')).toBe(2 ** 365 - 1);
  });

  it.each([-1.5, Number.NaN, Number.POSITIVE_INFINITY])('throws for a period IRR of %d', (r) => {
    expect(() => annualizeIrr(r, 'yearly')).toThrow(RangeError);
  });
});
