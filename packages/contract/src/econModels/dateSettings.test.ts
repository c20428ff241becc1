import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CASH_FLOW_TRIGGERS,
  CUT_OFF_TRIGGERS,
  type CutOffTrigger,
  DateSettingsFunctions,
  DateSettingsFunctionsView,
  dateSettingsView,
} from './dateSettings';
import { issuesOf } from './testing';

const ID = '6523f1a2b4c5d6e7f8091a2b';

const dateSetting = {
  maxWellLife: 50,
  asOfDate: { dynamic: 'first_of_next_month' },
  discountDate: { date: '2025-01-01' },
  cashFlowPriorAsOfDate: false,
  productionDataResolution: 'same_as_forecast',
  fpdSourceHierarchy: {
    firstFpdSource: { wellHeader: true },
    secondFpdSource: { productionData: true },
    thirdFpdSource: { forecast: true },
    fourthFpdSource: { notUsed: true },
    useForecastSchedule: true,
  },
};

/** A valid value of each trigger. */
const TRIGGER_VALUES: Record<CutOffTrigger, unknown> = {
  maxCumCashFlow: true,
  firstNegativeCashFlow: true,
  lastPositiveCashFlow: true,
  noCutOff: true,
  oilRate: 1.5,
  gasRate: 10,
  waterRate: 0,
  date: '2040-12-31',
  yearsFromAsOf: 30,
  linkToWells: ID,
};

/** A valid value of each companion field, and the triggers that require it. */
const COMPANIONS = {
  triggerEclCapex: { value: false, triggers: CASH_FLOW_TRIGGERS as readonly CutOffTrigger[] },
  includeCapex: { value: true, triggers: CASH_FLOW_TRIGGERS as readonly CutOffTrigger[] },
  econLimitDelay: { value: 0, triggers: CASH_FLOW_TRIGGERS as readonly CutOffTrigger[] },
  discount: { value: 10, triggers: ['maxCumCashFlow'] as readonly CutOffTrigger[] },
  tolerateNegativeCF: { value: 3, triggers: ['firstNegativeCashFlow'] as readonly CutOffTrigger[] },
};
type Companion = keyof typeof COMPANIONS;
const COMPANION_NAMES = Object.keys(COMPANIONS) as Companion[];

/** A valid cutOff with `trigger` and exactly the companions it requires. */
const cutOffFor = (trigger: CutOffTrigger): Record<string, unknown> => ({
  [trigger]: TRIGGER_VALUES[trigger],
  minLife: { none: true },
  alignDependentPhases: true,
  ...Object.fromEntries(
    COMPANION_NAMES.filter((c) => COMPANIONS[c].triggers.includes(trigger)).map((c) => [c, COMPANIONS[c].value]),
  ),
});

const body = (patch: { dateSetting?: Record<string, unknown>; cutOff?: Record<string, unknown> } = {}) => ({
  dateSetting: { ...dateSetting, ...patch.dateSetting },
  cutOff: { ...cutOffFor('oilRate'), ...patch.cutOff },
});
const ds = (patch: Record<string, unknown>) => body({ dateSetting: patch });
const fpd = (patch: Record<string, unknown>) =>
  ds({ fpdSourceHierarchy: { ...dateSetting.fpdSourceHierarchy, ...patch } });
/** The body with `trigger` (and its companions) plus `patch` on cutOff. */
const co = (trigger: CutOffTrigger, patch: Record<string, unknown> = {}) => ({
  dateSetting,
  cutOff: { ...cutOffFor(trigger), ...patch },
});

const FPD_SOURCES = ['firstFpdSource', 'secondFpdSource', 'thirdFpdSource', 'fourthFpdSource'] as const;

const accepted: [string, unknown][] = [
  ['the base body', body()],
  ['maxWellLife at 0', ds({ maxWellLife: 0 })],
  ['maxWellLife at 100', ds({ maxWellLife: 100 })],
  ['maxWellLife with 6 decimals', ds({ maxWellLife: 12.000001 })],
  ...(['asOfDate', 'discountDate'] as const).flatMap((f): [string, unknown][] => [
    [`${f}.date at 1900-01-01`, ds({ [f]: { date: '1900-01-01' } })],
    [`${f}.date at 2262-04-01`, ds({ [f]: { date: '2262-04-01' } })],
    [`${f}.dynamic first_of_next_year`, ds({ [f]: { dynamic: 'first_of_next_year' } })],
    [`${f}.dynamic first_of_next_month`, ds({ [f]: { dynamic: 'first_of_next_month' } })],
    [`${f}.fpd true`, ds({ [f]: { fpd: true } })],
    [`${f}.majorSegment true`, ds({ [f]: { majorSegment: true } })],
  ]),
  ['cashFlowPriorAsOfDate true', ds({ cashFlowPriorAsOfDate: true })],
  ...['same_as_forecast', 'monthly', 'daily'].map((r): [string, unknown] => [
    `productionDataResolution ${r}`,
    ds({ productionDataResolution: r }),
  ]),
  ...FPD_SOURCES.flatMap((s): [string, unknown][] => [
    [`${s}.date`, fpd({ [s]: { date: '2020-02-29' } })],
    [`${s}.wellHeader`, fpd({ [s]: { wellHeader: true } })],
    [`${s}.forecast`, fpd({ [s]: { forecast: true } })],
    [`${s}.linkToWells`, fpd({ [s]: { linkToWells: ID } })],
    [`${s}.notUsed`, fpd({ [s]: { notUsed: true } })],
    [`${s}.productionData`, fpd({ [s]: { productionData: true } })],
  ]),
  ['useForecastSchedule false', fpd({ useForecastSchedule: false })],
  ...CUT_OFF_TRIGGERS.map((t): [string, unknown] => [`trigger ${t} with its companions`, co(t)]),
  ['oilRate at 0', co('oilRate', { oilRate: 0 })],
  ['oilRate at 10000000', co('oilRate', { oilRate: 10_000_000 })],
  ['gasRate at 10000000', co('gasRate', { gasRate: 10_000_000 })],
  ['waterRate at 10000000', co('waterRate', { waterRate: 10_000_000 })],
  ['yearsFromAsOf at 0', co('yearsFromAsOf', { yearsFromAsOf: 0 })],
  ['yearsFromAsOf at 1000', co('yearsFromAsOf', { yearsFromAsOf: 1000 })],
  ['cut-off date at 2262-04-01', co('date', { date: '2262-04-01' })],
  ['minLife.date', co('noCutOff', { minLife: { date: '2030-06-30' } })],
  ['minLife.asOf at 0', co('noCutOff', { minLife: { asOf: 0 } })],
  ['minLife.asOf at 10000000', co('noCutOff', { minLife: { asOf: 10_000_000 } })],
  ['minLife.endHist', co('noCutOff', { minLife: { endHist: true } })],
  ['minLife.none', co('noCutOff', { minLife: { none: true } })],
  ['discount at 0', co('maxCumCashFlow', { discount: 0 })],
  ['discount at 100', co('maxCumCashFlow', { discount: 100 })],
  ['econLimitDelay at 100', co('lastPositiveCashFlow', { econLimitDelay: 100 })],
  ['tolerateNegativeCF at 0', co('firstNegativeCashFlow', { tolerateNegativeCF: 0 })],
  ['tolerateNegativeCF at 10000000', co('firstNegativeCashFlow', { tolerateNegativeCF: 10_000_000 })],
  ['alignDependentPhases false', co('noCutOff', { alignDependentPhases: false })],
];

type Case = [what: string, body: unknown, path: string, message: string, rule: string];

const TRIGGER_LIST =
  'maxCumCashFlow, firstNegativeCashFlow, lastPositiveCashFlow, noCutOff, oilRate, gasRate, waterRate, date, yearsFromAsOf or linkToWells';

/** Every companion with every trigger that requires it: required there. */
const companionCases: Case[] = CUT_OFF_TRIGGERS.flatMap((trigger) =>
  COMPANION_NAMES.flatMap((c): Case[] =>
    COMPANIONS[c].triggers.includes(trigger)
      ? [
          [
            `${trigger} without ${c}`,
            co(trigger, { [c]: undefined }),
            `cutOff.${c}`,
            `${c} is required with ${trigger}`,
            `required with ${trigger}`,
          ],
        ]
      : [],
  ),
);

/** Every companion with every trigger that does not take it: accepted and dropped, as clients send them. */
const foreignCompanions = CUT_OFF_TRIGGERS.flatMap((trigger) =>
  COMPANION_NAMES.filter((c) => !COMPANIONS[c].triggers.includes(trigger)).map((c) => [trigger, c] as const),
);

const rejected: Case[] = [
  // the econ functions
  ['no dateSetting', { cutOff: body().cutOff }, 'dateSetting', 'expected object', 'invalid_type'],
  ['no cutOff', { dateSetting }, 'cutOff', 'expected object', 'invalid_type'],
  ['an unknown econ function', { ...body(), extra: {} }, '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  [
    'an unknown dateSetting field',
    ds({ endDate: '2030-01-01' }),
    'dateSetting',
    'Unrecognized key: "endDate"',
    'unrecognized_keys',
  ],
  // maxWellLife
  [
    'no maxWellLife',
    ds({ maxWellLife: undefined }),
    'dateSetting.maxWellLife',
    'maxWellLife must be a number',
    'invalid_type',
  ],
  [
    'maxWellLife below 0',
    ds({ maxWellLife: -0.000001 }),
    'dateSetting.maxWellLife',
    'maxWellLife must be at least 0',
    'too_small',
  ],
  [
    'maxWellLife above 100',
    ds({ maxWellLife: 100.000001 }),
    'dateSetting.maxWellLife',
    'maxWellLife must be at most 100',
    'too_big',
  ],
  [
    'maxWellLife with 7 decimals',
    ds({ maxWellLife: 1.0000001 }),
    'dateSetting.maxWellLife',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  // asOfDate and discountDate
  ...(['asOfDate', 'discountDate'] as const).flatMap((f): Case[] => [
    [
      `no ${f}`,
      ds({ [f]: undefined }),
      `dateSetting.${f}`,
      `${f} is required: send an object with exactly one of`,
      'invalid_type',
    ],
    [
      `${f} with no choice`,
      ds({ [f]: {} }),
      `dateSetting.${f}`,
      `${f} needs exactly one of date, dynamic, fpd, majorSegment`,
      'exactly one of',
    ],
    [
      `${f} with two choices`,
      ds({ [f]: { fpd: true, majorSegment: true } }),
      `dateSetting.${f}`,
      `${f} takes exactly one of date, dynamic, fpd, majorSegment (got fpd and majorSegment)`,
      'exactly one of',
    ],
    [
      `${f}.fpd false`,
      ds({ [f]: { fpd: false } }),
      `dateSetting.${f}.fpd`,
      'fpd must be true: sending fpd chooses it',
      'invalid_value',
    ],
    [
      `${f}.majorSegment false`,
      ds({ [f]: { majorSegment: false } }),
      `dateSetting.${f}.majorSegment`,
      'majorSegment must be true',
      'invalid_value',
    ],
    [
      `${f}.dynamic unknown`,
      ds({ [f]: { dynamic: 'first_of_next_week' } }),
      `dateSetting.${f}.dynamic`,
      'dynamic must be one of first_of_next_year, first_of_next_month',
      'invalid_value',
    ],
    [
      `${f}.date before 1900-01-01`,
      ds({ [f]: { date: '1899-12-31' } }),
      `dateSetting.${f}.date`,
      'must lie between 1900-01-01 and 2262-04-01',
      'range 1900-01-01..2262-04-01',
    ],
    [
      `${f}.date after 2262-04-01`,
      ds({ [f]: { date: '2262-04-02' } }),
      `dateSetting.${f}.date`,
      'must lie between 1900-01-01 and 2262-04-01',
      'range 1900-01-01..2262-04-01',
    ],
    [
      `${f}.date not a date`,
      ds({ [f]: { date: '2023-02-30' } }),
      `dateSetting.${f}.date`,
      'must be a real calendar date',
      'calendar date',
    ],
    [
      `${f} unknown choice`,
      ds({ [f]: { date: '2020-01-01', today: true } }),
      `dateSetting.${f}`,
      'Unrecognized key: "today"',
      'unrecognized_keys',
    ],
  ]),
  // cashFlowPriorAsOfDate, productionDataResolution
  [
    'no cashFlowPriorAsOfDate',
    ds({ cashFlowPriorAsOfDate: undefined }),
    'dateSetting.cashFlowPriorAsOfDate',
    'cashFlowPriorAsOfDate must be true or false',
    'invalid_type',
  ],
  [
    'cashFlowPriorAsOfDate a string',
    ds({ cashFlowPriorAsOfDate: 'true' }),
    'dateSetting.cashFlowPriorAsOfDate',
    'cashFlowPriorAsOfDate must be true or false',
    'invalid_type',
  ],
  [
    'no productionDataResolution',
    ds({ productionDataResolution: undefined }),
    'dateSetting.productionDataResolution',
    'productionDataResolution must be one of same_as_forecast, monthly, daily',
    'invalid_value',
  ],
  [
    'productionDataResolution unknown',
    ds({ productionDataResolution: 'weekly' }),
    'dateSetting.productionDataResolution',
    'productionDataResolution must be one of',
    'invalid_value',
  ],
  // fpdSourceHierarchy
  [
    'no fpdSourceHierarchy',
    ds({ fpdSourceHierarchy: undefined }),
    'dateSetting.fpdSourceHierarchy',
    'expected object',
    'invalid_type',
  ],
  [
    'no useForecastSchedule',
    fpd({ useForecastSchedule: undefined }),
    'dateSetting.fpdSourceHierarchy.useForecastSchedule',
    'useForecastSchedule must be true or false',
    'invalid_type',
  ],
  [
    'useForecastSchedule beside fpdSourceHierarchy',
    ds({ useForecastSchedule: true }),
    'dateSetting',
    'Unrecognized key: "useForecastSchedule"',
    'unrecognized_keys',
  ],
  [
    'a fifth FPD source',
    fpd({ fifthFpdSource: { notUsed: true } }),
    'dateSetting.fpdSourceHierarchy',
    'Unrecognized key: "fifthFpdSource"',
    'unrecognized_keys',
  ],
  ...FPD_SOURCES.flatMap((s): Case[] => [
    [
      `no ${s}`,
      fpd({ [s]: undefined }),
      `dateSetting.fpdSourceHierarchy.${s}`,
      `${s} is required: send an object with exactly one of`,
      'invalid_type',
    ],
    [
      `${s} with no choice`,
      fpd({ [s]: {} }),
      `dateSetting.fpdSourceHierarchy.${s}`,
      `${s} needs exactly one of date, wellHeader, forecast, linkToWells, notUsed, productionData`,
      'exactly one of',
    ],
    [
      `${s} with two choices`,
      fpd({ [s]: { date: '2020-01-01', forecast: true } }),
      `dateSetting.fpdSourceHierarchy.${s}`,
      `${s} takes exactly one of date, wellHeader, forecast, linkToWells, notUsed, productionData (got date and forecast)`,
      'exactly one of',
    ],
  ]),
  [
    'FPD source wellHeader false',
    fpd({ firstFpdSource: { wellHeader: false } }),
    'dateSetting.fpdSourceHierarchy.firstFpdSource.wellHeader',
    'wellHeader must be true',
    'invalid_value',
  ],
  [
    'FPD source forecast false',
    fpd({ secondFpdSource: { forecast: false } }),
    'dateSetting.fpdSourceHierarchy.secondFpdSource.forecast',
    'forecast must be true',
    'invalid_value',
  ],
  [
    'FPD source notUsed false',
    fpd({ thirdFpdSource: { notUsed: false } }),
    'dateSetting.fpdSourceHierarchy.thirdFpdSource.notUsed',
    'notUsed must be true',
    'invalid_value',
  ],
  [
    'FPD source productionData false',
    fpd({ fourthFpdSource: { productionData: false } }),
    'dateSetting.fpdSourceHierarchy.fourthFpdSource.productionData',
    'productionData must be true',
    'invalid_value',
  ],
  [
    'FPD source linkToWells not an id',
    fpd({ firstFpdSource: { linkToWells: 'well-1' } }),
    'dateSetting.fpdSourceHierarchy.firstFpdSource.linkToWells',
    'must be a 24-character hexadecimal id',
    'invalid_format',
  ],
  [
    'FPD source date out of range',
    fpd({ firstFpdSource: { date: '1899-12-31' } }),
    'dateSetting.fpdSourceHierarchy.firstFpdSource.date',
    'must lie between',
    'range 1900-01-01..2262-04-01',
  ],
  // cutOff: exactly one trigger
  [
    'cutOff with no trigger',
    { dateSetting, cutOff: { minLife: { none: true }, alignDependentPhases: true } },
    'cutOff',
    `cutOff needs exactly one end-of-life trigger: ${TRIGGER_LIST}`,
    'exactly one of',
  ],
  [
    'cutOff with two triggers',
    co('oilRate', { gasRate: 5 }),
    'cutOff',
    `cutOff takes exactly one end-of-life trigger of ${TRIGGER_LIST} (got oilRate and gasRate)`,
    'exactly one of',
  ],
  [
    'cutOff with two cash-flow triggers',
    co('maxCumCashFlow', { lastPositiveCashFlow: true }),
    'cutOff',
    '(got maxCumCashFlow and lastPositiveCashFlow)',
    'exactly one of',
  ],
  [
    'an unknown cutOff field',
    co('oilRate', { oilRatio: 1 }),
    'cutOff',
    'Unrecognized key: "oilRatio"',
    'unrecognized_keys',
  ],
  // cutOff: trigger values
  ...(['maxCumCashFlow', 'firstNegativeCashFlow', 'lastPositiveCashFlow', 'noCutOff'] as const).map(
    (t): Case => [
      `${t} false`,
      co(t, { [t]: false }),
      `cutOff.${t}`,
      `${t} must be true: sending ${t} chooses it (false chooses nothing`,
      'invalid_value',
    ],
  ),
  ...(['oilRate', 'gasRate', 'waterRate'] as const).flatMap((t): Case[] => [
    [`${t} below 0`, co(t, { [t]: -0.000001 }), `cutOff.${t}`, `${t} must be at least 0`, 'too_small'],
    [
      `${t} above 10000000`,
      co(t, { [t]: 10_000_000.000001 }),
      `cutOff.${t}`,
      `${t} must be at most 10000000`,
      'too_big',
    ],
  ]),
  [
    'oilRate with 7 decimals',
    co('oilRate', { oilRate: 0.0000001 }),
    'cutOff.oilRate',
    'precision 0.000001',
    'precision 0.000001',
  ],
  [
    'yearsFromAsOf below 0',
    co('yearsFromAsOf', { yearsFromAsOf: -1 }),
    'cutOff.yearsFromAsOf',
    'yearsFromAsOf must be at least 0',
    'too_small',
  ],
  [
    'yearsFromAsOf above 1000',
    co('yearsFromAsOf', { yearsFromAsOf: 1000.000001 }),
    'cutOff.yearsFromAsOf',
    'yearsFromAsOf must be at most 1000',
    'too_big',
  ],
  [
    'cut-off date after 2262-04-01',
    co('date', { date: '2262-04-02' }),
    'cutOff.date',
    'must lie between',
    'range 1900-01-01..2262-04-01',
  ],
  [
    'linkToWells not an id',
    co('linkToWells', { linkToWells: 'INPT123' }),
    'cutOff.linkToWells',
    'must be a 24-character hexadecimal id',
    'invalid_format',
  ],
  // cutOff: minLife
  ['no minLife', co('noCutOff', { minLife: undefined }), 'cutOff.minLife', 'minLife is required', 'invalid_type'],
  [
    'minLife with no choice',
    co('noCutOff', { minLife: {} }),
    'cutOff.minLife',
    'minLife needs exactly one of date, asOf, endHist, none',
    'exactly one of',
  ],
  [
    'minLife with two choices',
    co('noCutOff', { minLife: { asOf: 12, endHist: true } }),
    'cutOff.minLife',
    'minLife takes exactly one of date, asOf, endHist, none (got asOf and endHist)',
    'exactly one of',
  ],
  [
    'minLife.asOf below 0',
    co('noCutOff', { minLife: { asOf: -1 } }),
    'cutOff.minLife.asOf',
    'asOf must be at least 0',
    'too_small',
  ],
  [
    'minLife.asOf above 10000000',
    co('noCutOff', { minLife: { asOf: 10_000_001 } }),
    'cutOff.minLife.asOf',
    'asOf must be at most 10000000',
    'too_big',
  ],
  [
    'minLife.endHist false',
    co('noCutOff', { minLife: { endHist: false } }),
    'cutOff.minLife.endHist',
    'endHist must be true',
    'invalid_value',
  ],
  [
    'minLife.none false',
    co('noCutOff', { minLife: { none: false } }),
    'cutOff.minLife.none',
    'none must be true',
    'invalid_value',
  ],
  [
    'minLife.date out of range',
    co('noCutOff', { minLife: { date: '1800-01-01' } }),
    'cutOff.minLife.date',
    'must lie between',
    'range 1900-01-01..2262-04-01',
  ],
  // cutOff: companion values
  [
    'triggerEclCapex not a boolean',
    co('maxCumCashFlow', { triggerEclCapex: 1 }),
    'cutOff.triggerEclCapex',
    'triggerEclCapex must be true or false',
    'invalid_type',
  ],
  [
    'includeCapex not a boolean',
    co('firstNegativeCashFlow', { includeCapex: 'no' }),
    'cutOff.includeCapex',
    'includeCapex must be true or false',
    'invalid_type',
  ],
  [
    'discount below 0',
    co('maxCumCashFlow', { discount: -0.000001 }),
    'cutOff.discount',
    'discount must be at least 0',
    'too_small',
  ],
  [
    'discount above 100',
    co('maxCumCashFlow', { discount: 100.000001 }),
    'cutOff.discount',
    'discount must be at most 100',
    'too_big',
  ],
  [
    'econLimitDelay below 0',
    co('lastPositiveCashFlow', { econLimitDelay: -1 }),
    'cutOff.econLimitDelay',
    'econLimitDelay must be at least 0',
    'too_small',
  ],
  [
    'econLimitDelay above 100',
    co('lastPositiveCashFlow', { econLimitDelay: 101 }),
    'cutOff.econLimitDelay',
    'econLimitDelay must be at most 100',
    'too_big',
  ],
  [
    'tolerateNegativeCF below 0',
    co('firstNegativeCashFlow', { tolerateNegativeCF: -1 }),
    'cutOff.tolerateNegativeCF',
    'tolerateNegativeCF must be at least 0',
    'too_small',
  ],
  [
    'tolerateNegativeCF above 10000000',
    co('firstNegativeCashFlow', { tolerateNegativeCF: 10_000_001 }),
    'cutOff.tolerateNegativeCF',
    'tolerateNegativeCF must be at most 10000000',
    'too_big',
  ],
  // cutOff: alignDependentPhases always required
  ...CUT_OFF_TRIGGERS.map(
    (t): Case => [
      `${t} without alignDependentPhases`,
      co(t, { alignDependentPhases: undefined }),
      'cutOff.alignDependentPhases',
      'alignDependentPhases must be true or false',
      'invalid_type',
    ],
  ),
  // cutOff: companions required with, and only with, their triggers
  ...companionCases,
];

describe('DateSettingsFunctions', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(DateSettingsFunctions, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(DateSettingsFunctions, value)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it.each(foreignCompanions)(
    'with %s, accepts %s and drops it (service clients send every companion)',
    (trigger, c) => {
      const parsed = DateSettingsFunctions.parse(co(trigger, { [c]: COMPANIONS[c].value }));
      expect(parsed.cutOff).not.toHaveProperty(c);
      expect(parsed.cutOff).toEqual(DateSettingsFunctions.parse(co(trigger, {})).cutOff);
    },
  );

  it('accepts every companion with a cash-flow trigger and keeps only its own', () => {
    const all = { triggerEclCapex: true, includeCapex: true, econLimitDelay: 2, discount: 10, tolerateNegativeCF: 3 };
    const parsed = DateSettingsFunctions.parse(co('lastPositiveCashFlow', all)).cutOff;
    expect(parsed).toMatchObject({ triggerEclCapex: true, includeCapex: true, econLimitDelay: 2 });
    expect(parsed).not.toHaveProperty('discount');
    expect(parsed).not.toHaveProperty('tolerateNegativeCF');
  });

  it('reports a bad trigger value; a companion of another trigger is dropped, not reported', () => {
    expect(issuesOf(DateSettingsFunctions, co('oilRate', { oilRate: -1, discount: 5 }))).toEqual([
      { path: 'cutOff.oilRate', message: 'oilRate must be at least 0', rule: 'too_small' },
    ]);
  });

  it('with two triggers, reports the triggers and leaves the companions as sent', () => {
    const issues = issuesOf(DateSettingsFunctions, co('oilRate', { gasRate: 5, discount: 5 }));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain('exactly one end-of-life trigger');
  });

  it('names the date form of a cut-off date in the other form', () => {
    // DateString (common.ts) also reports its calendar and range checks for such a string.
    expect(issuesOf(DateSettingsFunctions, co('date', { date: '12/31/2040' }))[0]).toEqual({
      path: 'cutOff.date',
      message: 'must be a date in the form YYYY-MM-DD',
      rule: 'invalid_format',
    });
  });

  it('leaves the companions alone until the trigger is settled', () => {
    const noTrigger = { dateSetting, cutOff: { minLife: { none: true }, alignDependentPhases: true, discount: 5 } };
    expect(issuesOf(DateSettingsFunctions, noTrigger).map((i) => i.rule)).toEqual(['exactly one of']);
  });

  it('renders to JSON Schema for requests and responses', () => {
    expect(() => z.toJSONSchema(DateSettingsFunctions, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(DateSettingsFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('dateSettingsView', () => {
  it('returns the stored functions unchanged, as a copy', () => {
    const stored = DateSettingsFunctions.parse(co('maxCumCashFlow'));
    const view = dateSettingsView(stored);
    expect(view).toEqual(co('maxCumCashFlow'));
    expect(view).not.toBe(stored);
    expect(DateSettingsFunctionsView.safeParse(view).success).toBe(true);
  });
});
