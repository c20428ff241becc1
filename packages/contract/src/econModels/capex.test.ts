import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CAPEX_CATEGORIES,
  CAPEX_COST_ROWS_MAX,
  CAPEX_COST_TIMING,
  CAPEX_DESCRIPTION_MAX,
  CapexFunctions,
  CapexFunctionsView,
  COMPLETION_UNIT_COSTS_MAX,
  capexView,
  DISTRIBUTION_TYPES,
  EMPTY_PROBABILISTIC_VALUES,
  FROM_HEADERS_COMPANIONS,
  FROM_SCHEDULE_COMPANIONS,
  isProbabilisticCapex,
  OTHER_CAPEX_ROWS_MAX,
  OTHER_CAPEX_TIMING,
  PROBABILISTIC_FIELDS,
} from './capex';
import { ProbabilisticCapexRow, probabilisticCapexExample } from './capexProbabilistic';
import { econModelExample } from './examples';
import { issuesOf } from './testing';

const ID = '6523f1a2b4c5d6e7f8091a2b';

/** A standard otherCapex row timed by offsetToFpd. */
const baseRow = {
  category: 'drilling',
  description: 'Drill and case',
  tangible: 1200,
  intangible: 3400,
  capexExpense: 'capex',
  afterEconLimit: false,
  calculation: 'gross',
  escalationModel: 'none',
  escalationStart: { applyToCriteria: 0 },
  depreciationModel: 'none',
  dealTerms: 1,
  offsetToFpd: -120,
};

const baseCost = {
  dollarPerFtOfVertical: 150,
  fixedCost: 500,
  tangiblePct: 30,
  calculation: 'net',
  escalationModel: 'none',
  depreciationModel: ID,
  dealTerms: 1,
  rows: [{ pctOfTotalCost: 100, offsetToFpd: -90 }],
};
const baseDrilling = { ...baseCost, dollarPerFtOfHorizontal: 250 };
const baseCompletion = { ...baseCost, dollarPerFtOfHorizontal: [{ propLl: 1500, unitCost: 2.5 }] };

type Patch = Record<string, unknown>;
/** A body whose second row is baseRow with `patch` applied (undefined drops a key); the first row stays valid. */
const row = (patch: Patch) => ({ otherCapex: { rows: [baseRow, { ...baseRow, ...patch }] } });
/** A row re-timed: offsetToFpd dropped, `timing` put in its place. */
const timed = (timing: Patch) => row({ offsetToFpd: undefined, ...timing });
const drilling = (patch: Patch) => ({ otherCapex: { rows: [baseRow] }, drillingCost: { ...baseDrilling, ...patch } });
const completion = (patch: Patch) => ({
  otherCapex: { rows: [baseRow] },
  completionCost: { ...baseCompletion, ...patch },
});
const drillingRow = (patch: Patch) => drilling({ rows: [{ pctOfTotalCost: 50, offsetToFpd: -90 }, patch] });
const rows = (n: number) => ({ otherCapex: { rows: Array.from({ length: n }, () => baseRow) } });

const accepted: [string, unknown][] = [
  ['otherCapex alone', { otherCapex: { rows: [baseRow] } }],
  ['all three functions', { ...drilling({}), completionCost: baseCompletion }],
  ['the console example', econModelExample('capex')],
  [`${OTHER_CAPEX_ROWS_MAX} rows`, rows(OTHER_CAPEX_ROWS_MAX)],
  ...CAPEX_CATEGORIES.map((category): [string, unknown] => [`category ${category}`, row({ category })]),
  ['no description', row({ description: undefined })],
  [`a description of ${CAPEX_DESCRIPTION_MAX} characters`, row({ description: 'x'.repeat(CAPEX_DESCRIPTION_MAX) })],
  ['tangible and intangible at -1e10', row({ tangible: -1e10, intangible: -1e10 })],
  ['tangible and intangible at 1e10', row({ tangible: 1e10, intangible: 1e10 })],
  ['tangible with 6 decimals', row({ tangible: 0.000001 })],
  ['no capexExpense', row({ capexExpense: undefined })],
  ['afterEconLimit true', row({ afterEconLimit: true })],
  ['calculation net', row({ calculation: 'net' })],
  ['escalationModel and depreciationModel as ids', row({ escalationModel: ID, depreciationModel: ID })],
  ...['applyToCriteria', 'asOfDate', 'fpd', 'econLimit'].flatMap((k): [string, unknown][] => [
    [`escalationStart.${k} at -20000`, row({ escalationStart: { [k]: -20000 } })],
    [`escalationStart.${k} at 20000`, row({ escalationStart: { [k]: 20000 } })],
  ]),
  ['escalationStart.date', row({ escalationStart: { date: '2026-01-01' } })],
  [
    'dealTerms at 0 and 1000',
    {
      otherCapex: {
        rows: [
          { ...baseRow, dealTerms: 0 },
          { ...baseRow, dealTerms: 1000 },
        ],
      },
    },
  ],
  ...['offsetToFpd', 'offsetToAsOf', 'offsetToDiscountDate', 'offsetToMajorSegment', 'offsetToEconLimit'].flatMap(
    (k): [string, unknown][] => [
      [`${k} at -20000`, timed({ [k]: -20000 })],
      [`${k} at 20000`, timed({ [k]: 20000 })],
    ],
  ),
  ['a fractional offset', timed({ offsetToAsOf: 15.5 })],
  ...['oilRate', 'gasRate', 'waterRate', 'totalFluidRate'].flatMap((k): [string, unknown][] => [
    [`${k} at 0`, timed({ [k]: 0 })],
    [`${k} at 1e10`, timed({ [k]: 1e10 })],
  ]),
  ['date at 1900-01-01', timed({ date: '1900-01-01' })],
  ['date at 2262-04-01', timed({ date: '2262-04-01' })],
  ...Object.entries(FROM_HEADERS_COMPANIONS).map(([value, companion]): [string, unknown] => [
    `fromHeaders ${value} with ${companion}`,
    timed({ fromHeaders: value, [companion]: -30 }),
  ]),
  ...Object.entries(FROM_SCHEDULE_COMPANIONS).map(([value, companion]): [string, unknown] => [
    `fromSchedule ${value} with ${companion}`,
    timed({ fromSchedule: value, [companion]: 10 }),
  ]),
  ['a fromHeaders companion at -20000 and 20000', timed({ fromHeaders: 'offset_to_til', til: 20000 })],
  ['a fromSchedule companion at -20000', timed({ fromSchedule: 'offset_to_spud_end', spudEnd: -20000 })],
  ['a read-only field sent as undefined (not sent)', row({ mean: undefined, seed: undefined })],
  // drillingCost / completionCost
  ['drillingCost at its minima', drilling({ dollarPerFtOfVertical: 0, dollarPerFtOfHorizontal: 0, fixedCost: 0 })],
  [
    'drillingCost at its maxima',
    drilling({ dollarPerFtOfVertical: 10000, dollarPerFtOfHorizontal: 10000, fixedCost: 1e8, tangiblePct: 100 }),
  ],
  [
    'drillingCost dealTerms at 0 and 1000',
    { ...drilling({ dealTerms: 0 }), completionCost: { ...baseCompletion, dealTerms: 1000 } },
  ],
  ['drillingCost with ids', drilling({ escalationModel: ID, depreciationModel: 'none', calculation: 'gross' })],
  ...CAPEX_COST_TIMING.map((k): [string, unknown] => [
    `a cost row timed by ${k}`,
    drillingRow({ pctOfTotalCost: 50, [k]: k === 'date' ? '2026-06-01' : -20000 }),
  ]),
  ['a cost row at pctOfTotalCost 0 and 100', drillingRow({ pctOfTotalCost: 0, scheduleEnd: 20000 })],
  [
    'cost rows whose pctOfTotalCost do not sum to 100 (not a rule)',
    drilling({
      rows: [
        { pctOfTotalCost: 30, offsetToFpd: 0 },
        { pctOfTotalCost: 30, scheduleStart: 0 },
      ],
    }),
  ],
  [
    `${CAPEX_COST_ROWS_MAX} cost rows`,
    drilling({ rows: Array.from({ length: CAPEX_COST_ROWS_MAX }, () => ({ pctOfTotalCost: 1, offsetToFpd: 0 })) }),
  ],
  [
    'completion unit costs at their bounds',
    completion({
      dollarPerFtOfHorizontal: [
        { propLl: 0, unitCost: 0 },
        { propLl: 20000, unitCost: 100000 },
      ],
    }),
  ],
  [
    `${COMPLETION_UNIT_COSTS_MAX} completion unit costs`,
    completion({
      dollarPerFtOfHorizontal: Array.from({ length: COMPLETION_UNIT_COSTS_MAX }, () => ({ propLl: 1, unitCost: 1 })),
    }),
  ],
];

/** [what, body, path, part of the message, rule]: each body breaks exactly one rule and gets exactly one issue. */
const rejected: [string, unknown, string, string, string][] = [
  ['no otherCapex', {}, 'otherCapex', 'otherCapex is required', 'invalid_type'],
  ['an unknown function', { ...rows(1), capex: {} }, '', 'Unrecognized key', 'unrecognized_keys'],
  ['otherCapex without rows', { otherCapex: {} }, 'otherCapex.rows', 'otherCapex.rows is required', 'invalid_type'],
  ['no rows', rows(0), 'otherCapex.rows', 'needs at least one row', 'too_small'],
  [
    `${OTHER_CAPEX_ROWS_MAX + 1} rows`,
    rows(OTHER_CAPEX_ROWS_MAX + 1),
    'otherCapex.rows',
    'at most 500 rows',
    'too_big',
  ],
  [
    'an unknown key in otherCapex',
    { otherCapex: { rows: [baseRow], x: 1 } },
    'otherCapex',
    'otherCapex does not take x',
    'unrecognized_keys',
  ],
  [
    'an unknown row key',
    row({ offsetToFirstProd: 1 }),
    'otherCapex.rows[1]',
    'an otherCapex row does not take offsetToFirstProd',
    'unrecognized_keys',
  ],
  [
    'a row that is not an object',
    { otherCapex: { rows: [baseRow, 5] } },
    'otherCapex.rows[1]',
    'an otherCapex row must be an object',
    'invalid_type',
  ],
  [
    'no category',
    row({ category: undefined }),
    'otherCapex.rows[1].category',
    'category is required (one of drilling, completion',
    'invalid_value',
  ],
  [
    'an unknown category',
    row({ category: 'rig' }),
    'otherCapex.rows[1].category',
    'category must be one of drilling',
    'invalid_value',
  ],
  [
    'a description too long',
    row({ description: 'x'.repeat(CAPEX_DESCRIPTION_MAX + 1) }),
    'otherCapex.rows[1].description',
    'at most 1000 characters',
    'too_big',
  ],
  [
    'a description with U+0000',
    row({ description: 'a\u0000b' }),
    'otherCapex.rows[1].description',
    'U+0000',
    'no U+0000',
  ],
  [
    'a description not a string',
    row({ description: 5 }),
    'otherCapex.rows[1].description',
    'description must be a string',
    'invalid_type',
  ],
  [
    'no tangible',
    row({ tangible: undefined }),
    'otherCapex.rows[1].tangible',
    'tangible must be a number',
    'invalid_type',
  ],
  [
    'tangible below -1e10',
    row({ tangible: -1e10 - 1 }),
    'otherCapex.rows[1].tangible',
    'tangible must be at least -10000000000',
    'too_small',
  ],
  [
    'intangible above 1e10',
    row({ intangible: 1e10 + 1 }),
    'otherCapex.rows[1].intangible',
    'intangible must be at most 10000000000',
    'too_big',
  ],
  [
    'intangible with 7 decimals',
    row({ intangible: 1.0000001 }),
    'otherCapex.rows[1].intangible',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  [
    'capexExpense other than capex',
    row({ capexExpense: 'expense' }),
    'otherCapex.rows[1].capexExpense',
    'capexExpense can only be capex',
    'invalid_value',
  ],
  [
    'no afterEconLimit',
    row({ afterEconLimit: undefined }),
    'otherCapex.rows[1].afterEconLimit',
    'afterEconLimit is required (true or false)',
    'invalid_type',
  ],
  [
    'afterEconLimit as a string',
    row({ afterEconLimit: 'yes' }),
    'otherCapex.rows[1].afterEconLimit',
    'afterEconLimit must be true or false',
    'invalid_type',
  ],
  [
    'an unknown calculation',
    row({ calculation: 'both' }),
    'otherCapex.rows[1].calculation',
    'calculation must be one of net, gross',
    'invalid_value',
  ],
  [
    'no escalationModel',
    row({ escalationModel: undefined }),
    'otherCapex.rows[1].escalationModel',
    'escalationModel is required',
    'invalid_type',
  ],
  [
    'an escalationModel neither id nor none',
    row({ escalationModel: 'flat' }),
    'otherCapex.rows[1].escalationModel',
    '24-character hexadecimal id of an escalation model, or none',
    'id or none',
  ],
  [
    'an upper-case escalationModel id',
    row({ escalationModel: ID.toUpperCase() }),
    'otherCapex.rows[1].escalationModel',
    'or none',
    'id or none',
  ],
  [
    'a depreciationModel neither id nor none',
    row({ depreciationModel: 'None' }),
    'otherCapex.rows[1].depreciationModel',
    'id of a DD&A model, or none',
    'id or none',
  ],
  [
    'no escalationStart',
    row({ escalationStart: undefined }),
    'otherCapex.rows[1].escalationStart',
    'escalationStart is required: send an object with exactly one of applyToCriteria',
    'invalid_type',
  ],
  [
    'escalationStart as a number',
    row({ escalationStart: 0 }),
    'otherCapex.rows[1].escalationStart',
    'escalationStart must be an object with exactly one of',
    'invalid_type',
  ],
  [
    'a date not YYYY-MM-DD',
    timed({ date: '01/02/2026' }),
    'otherCapex.rows[1].date',
    'must be a date in the form YYYY-MM-DD',
    'invalid_format',
  ],
  [
    'an empty escalationStart',
    row({ escalationStart: {} }),
    'otherCapex.rows[1].escalationStart',
    'escalationStart needs exactly one of applyToCriteria, asOfDate, fpd, econLimit, date',
    'exactly one of',
  ],
  [
    'two escalationStart keys',
    row({ escalationStart: { fpd: 0, date: '2026-01-01' } }),
    'otherCapex.rows[1].escalationStart',
    'takes exactly one of applyToCriteria, asOfDate, fpd, econLimit, date (got fpd and date)',
    'exactly one of',
  ],
  [
    'an unknown escalationStart key',
    row({ escalationStart: { fpd: 0, start: 1 } }),
    'otherCapex.rows[1].escalationStart',
    'Unrecognized key',
    'unrecognized_keys',
  ],
  [
    'escalationStart.fpd below -20000',
    row({ escalationStart: { fpd: -20001 } }),
    'otherCapex.rows[1].escalationStart.fpd',
    'escalationStart.fpd must be at least -20000',
    'too_small',
  ],
  [
    'escalationStart.econLimit above 20000',
    row({ escalationStart: { econLimit: 20001 } }),
    'otherCapex.rows[1].escalationStart.econLimit',
    'must be at most 20000',
    'too_big',
  ],
  [
    'escalationStart.date not a date',
    row({ escalationStart: { date: '2026-02-30' } }),
    'otherCapex.rows[1].escalationStart.date',
    'real calendar date',
    'calendar date',
  ],
  [
    'no dealTerms',
    row({ dealTerms: undefined }),
    'otherCapex.rows[1].dealTerms',
    'dealTerms must be a number',
    'invalid_type',
  ],
  [
    'dealTerms below 0',
    row({ dealTerms: -0.5 }),
    'otherCapex.rows[1].dealTerms',
    'dealTerms must be at least 0',
    'too_small',
  ],
  [
    'dealTerms above 1000',
    row({ dealTerms: 1000.5 }),
    'otherCapex.rows[1].dealTerms',
    'dealTerms must be at most 1000',
    'too_big',
  ],
  // the timing criterion
  [
    'no timing criterion',
    timed({}),
    'otherCapex.rows[1]',
    `needs exactly one timing criterion: ${OTHER_CAPEX_TIMING.join(', ')}`,
    'exactly one of',
  ],
  [
    'two timing criteria',
    row({ date: '2026-01-01' }),
    'otherCapex.rows[1]',
    'takes exactly one timing criterion of offsetToFpd, offsetToAsOf',
    'exactly one of',
  ],
  [
    'two timing criteria (named)',
    row({ oilRate: 10 }),
    'otherCapex.rows[1]',
    '(got offsetToFpd and oilRate)',
    'exactly one of',
  ],
  [
    'offsetToFpd below -20000',
    row({ offsetToFpd: -20001 }),
    'otherCapex.rows[1].offsetToFpd',
    'offsetToFpd must be at least -20000',
    'too_small',
  ],
  [
    'offsetToEconLimit above 20000',
    timed({ offsetToEconLimit: 20001 }),
    'otherCapex.rows[1].offsetToEconLimit',
    'at most 20000',
    'too_big',
  ],
  [
    'offsetToMajorSegment as a string',
    timed({ offsetToMajorSegment: '10' }),
    'otherCapex.rows[1].offsetToMajorSegment',
    'must be a number',
    'invalid_type',
  ],
  ['oilRate below 0', timed({ oilRate: -1 }), 'otherCapex.rows[1].oilRate', 'oilRate must be at least 0', 'too_small'],
  [
    'totalFluidRate above 1e10',
    timed({ totalFluidRate: 1e10 + 1 }),
    'otherCapex.rows[1].totalFluidRate',
    'at most 10000000000',
    'too_big',
  ],
  [
    'a date before 1900-01-01',
    timed({ date: '1899-12-31' }),
    'otherCapex.rows[1].date',
    'between 1900-01-01 and 2262-04-01',
    'range 1900-01-01..2262-04-01',
  ],
  // fromHeaders and its companions
  [
    'an unknown fromHeaders value',
    timed({ fromHeaders: 'offset_to_birthday', firstProdDate: 1 }),
    'otherCapex.rows[1].fromHeaders',
    'fromHeaders must be one of offset_to_refrac_date',
    'invalid_value',
  ],
  [
    'fromHeaders without its companion',
    timed({ fromHeaders: 'offset_to_first_prod_date' }),
    'otherCapex.rows[1].firstProdDate',
    'fromHeaders offset_to_first_prod_date needs its companion firstProdDate',
    'companion of fromHeaders',
  ],
  [
    'a custom header without its companion',
    timed({ fromHeaders: 'customDateHeader3' }),
    'otherCapex.rows[1].customDateHeader3',
    'needs its companion customDateHeader3',
    'companion of fromHeaders',
  ],
  [
    'a header companion without fromHeaders',
    row({ firstProdDate: 5 }),
    'otherCapex.rows[1].firstProdDate',
    "firstProdDate is the companion of fromHeaders offset_to_first_prod_date and is sent only with it; send fromHeaders: 'offset_to_first_prod_date'",
    'companion of fromHeaders',
  ],
  [
    'a header companion out of range',
    timed({ fromHeaders: 'offset_to_spud_date', spudDate: 20001 }),
    'otherCapex.rows[1].spudDate',
    'spudDate must be at most 20000',
    'too_big',
  ],
  [
    'a header companion with 7 decimals',
    timed({ fromHeaders: 'offset_to_til', til: 0.0000001 }),
    'otherCapex.rows[1].til',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  // fromSchedule and its companions
  [
    'an unknown fromSchedule value',
    timed({ fromSchedule: 'offset_to_rig_start' }),
    'otherCapex.rows[1].fromSchedule',
    'fromSchedule must be one of offset_to_pad_preparation_mob_start',
    'invalid_value',
  ],
  [
    'fromSchedule without its companion',
    timed({ fromSchedule: 'offset_to_drill_demob_end' }),
    'otherCapex.rows[1].drillDemobEnd',
    'fromSchedule offset_to_drill_demob_end needs its companion drillDemobEnd',
    'companion of fromSchedule',
  ],
  [
    'a schedule companion without fromSchedule',
    row({ completionStart: 1 }),
    'otherCapex.rows[1].completionStart',
    'completionStart is the companion of fromSchedule offset_to_completion_start',
    'companion of fromSchedule',
  ],
  [
    'a schedule companion below -20000',
    timed({ fromSchedule: 'offset_to_spud_end', spudEnd: -20001 }),
    'otherCapex.rows[1].spudEnd',
    'spudEnd must be at least -20000',
    'too_small',
  ],
  // read-only probabilistic fields
  ...PROBABILISTIC_FIELDS.map((f): [string, unknown, string, string, string] => [
    `read-only ${f}`,
    row({ [f]: f === 'distributionType' ? 'normal' : 7 }),
    `otherCapex.rows[1].${f}`,
    `${f} (probabilistic CAPEX only) is read-only`,
    'read-only',
  ]),
  [
    'read-only distributionType na with a real mean',
    row({ distributionType: 'na', mean: 5 }),
    'otherCapex.rows[1].mean',
    'is read-only',
    'read-only',
  ],
  // drillingCost
  [
    'drillingCost not an object',
    { ...rows(1), drillingCost: 5 },
    'drillingCost',
    'drillingCost must be an object',
    'invalid_type',
  ],
  [
    'an unknown drillingCost key',
    drilling({ pctTangible: 1 }),
    'drillingCost',
    'drillingCost does not take pctTangible',
    'unrecognized_keys',
  ],
  ...['dollarPerFtOfVertical', 'dollarPerFtOfHorizontal', 'fixedCost', 'tangiblePct', 'dealTerms'].map(
    (f): [string, unknown, string, string, string] => [
      `drillingCost without ${f}`,
      drilling({ [f]: undefined }),
      `drillingCost.${f}`,
      `${f} must be a number`,
      'invalid_type',
    ],
  ),
  [
    'drillingCost without calculation',
    drilling({ calculation: undefined }),
    'drillingCost.calculation',
    'calculation is required',
    'invalid_value',
  ],
  [
    'drillingCost without escalationModel',
    drilling({ escalationModel: undefined }),
    'drillingCost.escalationModel',
    'escalationModel is required',
    'invalid_type',
  ],
  [
    'drillingCost without depreciationModel',
    drilling({ depreciationModel: undefined }),
    'drillingCost.depreciationModel',
    'depreciationModel is required',
    'invalid_type',
  ],
  [
    'drillingCost without rows',
    drilling({ rows: undefined }),
    'drillingCost.rows',
    'drillingCost.rows is required',
    'invalid_type',
  ],
  [
    'drillingCost with no rows',
    drilling({ rows: [] }),
    'drillingCost.rows',
    'drillingCost.rows needs at least one row',
    'too_small',
  ],
  [
    `drillingCost with ${CAPEX_COST_ROWS_MAX + 1} rows`,
    drilling({ rows: Array.from({ length: CAPEX_COST_ROWS_MAX + 1 }, () => ({ pctOfTotalCost: 1, offsetToFpd: 0 })) }),
    'drillingCost.rows',
    `at most ${CAPEX_COST_ROWS_MAX} rows`,
    'too_big',
  ],
  [
    'dollarPerFtOfVertical above 10000',
    drilling({ dollarPerFtOfVertical: 10001 }),
    'drillingCost.dollarPerFtOfVertical',
    'at most 10000',
    'too_big',
  ],
  [
    'drilling dollarPerFtOfHorizontal below 0',
    drilling({ dollarPerFtOfHorizontal: -1 }),
    'drillingCost.dollarPerFtOfHorizontal',
    'at least 0',
    'too_small',
  ],
  [
    'drilling dollarPerFtOfHorizontal as an array',
    drilling({ dollarPerFtOfHorizontal: [{ propLl: 1, unitCost: 1 }] }),
    'drillingCost.dollarPerFtOfHorizontal',
    'dollarPerFtOfHorizontal must be a number',
    'invalid_type',
  ],
  [
    'fixedCost above 1e8',
    drilling({ fixedCost: 1e8 + 1 }),
    'drillingCost.fixedCost',
    'fixedCost must be at most 100000000',
    'too_big',
  ],
  [
    'tangiblePct above 100',
    drilling({ tangiblePct: 100.5 }),
    'drillingCost.tangiblePct',
    'tangiblePct must be at most 100',
    'too_big',
  ],
  [
    'drillingCost dealTerms above 1000',
    drilling({ dealTerms: 1001 }),
    'drillingCost.dealTerms',
    'at most 1000',
    'too_big',
  ],
  [
    'drillingCost calculation unknown',
    drilling({ calculation: 'NET' }),
    'drillingCost.calculation',
    'calculation must be one of net, gross',
    'invalid_value',
  ],
  [
    'drillingCost escalationModel unknown',
    drilling({ escalationModel: '123' }),
    'drillingCost.escalationModel',
    'id of an escalation model, or none',
    'id or none',
  ],
  [
    'drillingCost depreciationModel unknown',
    drilling({ depreciationModel: '' }),
    'drillingCost.depreciationModel',
    'id of a DD&A model, or none',
    'id or none',
  ],
  // cost rows
  [
    'a cost row without timing',
    drillingRow({ pctOfTotalCost: 50 }),
    'drillingCost.rows[1]',
    `a cost row needs exactly one timing criterion: ${CAPEX_COST_TIMING.join(', ')}`,
    'exactly one of',
  ],
  [
    'a cost row with two timings',
    drillingRow({ pctOfTotalCost: 50, scheduleStart: 0, date: '2026-01-01' }),
    'drillingCost.rows[1]',
    '(got scheduleStart and date)',
    'exactly one of',
  ],
  [
    'a cost row timed like an otherCapex row',
    drillingRow({ pctOfTotalCost: 50, offsetToFpd: 0, offsetToEconLimit: 0 }),
    'drillingCost.rows[1]',
    'a cost row does not take offsetToEconLimit',
    'unrecognized_keys',
  ],
  [
    'a cost row without pctOfTotalCost',
    drillingRow({ offsetToFpd: 0 }),
    'drillingCost.rows[1].pctOfTotalCost',
    'pctOfTotalCost must be a number',
    'invalid_type',
  ],
  [
    'a cost row pctOfTotalCost above 100',
    drillingRow({ pctOfTotalCost: 101, offsetToFpd: 0 }),
    'drillingCost.rows[1].pctOfTotalCost',
    'pctOfTotalCost must be at most 100',
    'too_big',
  ],
  [
    'a cost row pctOfTotalCost below 0',
    drillingRow({ pctOfTotalCost: -1, offsetToFpd: 0 }),
    'drillingCost.rows[1].pctOfTotalCost',
    'at least 0',
    'too_small',
  ],
  [
    'a cost row offsetToFirstSegment above 20000',
    drillingRow({ pctOfTotalCost: 1, offsetToFirstSegment: 20001 }),
    'drillingCost.rows[1].offsetToFirstSegment',
    'at most 20000',
    'too_big',
  ],
  [
    'a cost row scheduleEnd below -20000',
    drillingRow({ pctOfTotalCost: 1, scheduleEnd: -20001 }),
    'drillingCost.rows[1].scheduleEnd',
    'at least -20000',
    'too_small',
  ],
  [
    'a cost row date after 2262-04-01',
    drillingRow({ pctOfTotalCost: 1, date: '2262-04-02' }),
    'drillingCost.rows[1].date',
    'between 1900-01-01 and 2262-04-01',
    'range 1900-01-01..2262-04-01',
  ],
  // completionCost
  [
    'completion dollarPerFtOfHorizontal as a number',
    completion({ dollarPerFtOfHorizontal: 250 }),
    'completionCost.dollarPerFtOfHorizontal',
    'dollarPerFtOfHorizontal must be an array of { propLl, unitCost }',
    'invalid_type',
  ],
  [
    'completion dollarPerFtOfHorizontal missing',
    completion({ dollarPerFtOfHorizontal: undefined }),
    'completionCost.dollarPerFtOfHorizontal',
    'dollarPerFtOfHorizontal is required',
    'invalid_type',
  ],
  [
    'completion dollarPerFtOfHorizontal empty',
    completion({ dollarPerFtOfHorizontal: [] }),
    'completionCost.dollarPerFtOfHorizontal',
    'needs at least one { propLl, unitCost } entry',
    'too_small',
  ],
  [
    `${COMPLETION_UNIT_COSTS_MAX + 1} completion unit costs`,
    completion({
      dollarPerFtOfHorizontal: Array.from({ length: COMPLETION_UNIT_COSTS_MAX + 1 }, () => ({
        propLl: 1,
        unitCost: 1,
      })),
    }),
    'completionCost.dollarPerFtOfHorizontal',
    `at most ${COMPLETION_UNIT_COSTS_MAX} entries`,
    'too_big',
  ],
  [
    'a unit cost without propLl',
    completion({ dollarPerFtOfHorizontal: [{ unitCost: 1 }] }),
    'completionCost.dollarPerFtOfHorizontal[0].propLl',
    'propLl must be a number',
    'invalid_type',
  ],
  [
    'a unit cost without unitCost',
    completion({ dollarPerFtOfHorizontal: [{ propLl: 1 }] }),
    'completionCost.dollarPerFtOfHorizontal[0].unitCost',
    'unitCost must be a number',
    'invalid_type',
  ],
  [
    'propLl above 20000',
    completion({ dollarPerFtOfHorizontal: [{ propLl: 20001, unitCost: 1 }] }),
    'completionCost.dollarPerFtOfHorizontal[0].propLl',
    'propLl must be at most 20000',
    'too_big',
  ],
  [
    'unitCost above 100000',
    completion({ dollarPerFtOfHorizontal: [{ propLl: 1, unitCost: 100001 }] }),
    'completionCost.dollarPerFtOfHorizontal[0].unitCost',
    'unitCost must be at most 100000',
    'too_big',
  ],
  [
    'unitCost below 0',
    completion({ dollarPerFtOfHorizontal: [{ propLl: 1, unitCost: -1 }] }),
    'completionCost.dollarPerFtOfHorizontal[0].unitCost',
    'at least 0',
    'too_small',
  ],
  [
    'an unknown unit cost key',
    completion({ dollarPerFtOfHorizontal: [{ propLl: 1, unitCost: 1, cost: 1 }] }),
    'completionCost.dollarPerFtOfHorizontal[0]',
    'a dollarPerFtOfHorizontal entry does not take cost',
    'unrecognized_keys',
  ],
  [
    'completionCost without fixedCost',
    completion({ fixedCost: undefined }),
    'completionCost.fixedCost',
    'fixedCost must be a number',
    'invalid_type',
  ],
  [
    'a completion cost row without timing',
    completion({ rows: [{ pctOfTotalCost: 100 }] }),
    'completionCost.rows[0]',
    'a cost row needs exactly one timing criterion',
    'exactly one of',
  ],
];

describe('CapexFunctions (spec 2.7, request form)', () => {
  it.each(accepted)('accepts %s', (_, body) => {
    expect(issuesOf(CapexFunctions, body)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, body, path, message, rule) => {
    expect(issuesOf(CapexFunctions, body)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it('names the expected companion when a companion is sent for another criterion value', () => {
    expect(issuesOf(CapexFunctions, timed({ fromHeaders: 'offset_to_spud_date', firstProdDate: 1 }))).toEqual([
      {
        path: 'otherCapex.rows[1].spudDate',
        message: expect.stringContaining('needs its companion spudDate'),
        rule: 'companion of fromHeaders',
      },
      {
        path: 'otherCapex.rows[1].firstProdDate',
        message: 'firstProdDate does not go with fromHeaders offset_to_spud_date: its companion is spudDate',
        rule: 'companion of fromHeaders',
      },
    ]);
    expect(issuesOf(CapexFunctions, timed({ fromSchedule: 'offset_to_spud_end', spudEnd: 1, spudStart: 2 }))).toEqual([
      {
        path: 'otherCapex.rows[1].spudStart',
        message: 'spudStart does not go with fromSchedule offset_to_spud_end: its companion is spudEnd',
        rule: 'companion of fromSchedule',
      },
    ]);
  });

  it('refuses a header companion on a row timed by fromSchedule, naming where it belongs', () => {
    const issues = issuesOf(
      CapexFunctions,
      timed({ fromSchedule: 'offset_to_drill_start', drillStart: 0, drillStartDate: 0 }),
    );
    expect(issues).toEqual([
      {
        path: 'otherCapex.rows[1].drillStartDate',
        message: expect.stringContaining('drillStartDate is the companion of fromHeaders offset_to_drill_start_date'),
        rule: 'companion of fromHeaders',
      },
    ]);
  });

  it('accepts and drops the probabilistic fields at the empty values clients of the service send', () => {
    const empties = { ...EMPTY_PROBABILISTIC_VALUES };
    const parsed = CapexFunctions.parse(row(empties));
    for (const f of PROBABILISTIC_FIELDS) expect(parsed.otherCapex.rows[1]).not.toHaveProperty(f);
    expect(parsed).toEqual(CapexFunctions.parse(row({})));
    // null is empty too.
    expect(issuesOf(CapexFunctions, row({ mean: null, seed: null }))).toEqual([]);
  });

  it('reports every read-only field of a probabilistic row sent back as a request', () => {
    const issues = issuesOf(CapexFunctions, probabilisticCapexExample());
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.rule === 'read-only')).toBe(true);
    expect(issues.map((i) => i.path)).toContain('otherCapex.rows[0].distributionType');
  });

  it('renders as JSON Schema with its ids', () => {
    const schema = z.toJSONSchema(CapexFunctions, { io: 'input' }) as { $defs?: Record<string, unknown> };
    expect(Object.keys(schema.$defs ?? {})).toEqual(
      expect.arrayContaining([
        'OtherCapex',
        'OtherCapexRow',
        'CapexEscalationStart',
        'CapexDrillingCost',
        'CapexCompletionCost',
        'CapexCostRow',
      ]),
    );
    expect(() => z.toJSONSchema(CapexFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('the fromHeaders and fromSchedule companions', () => {
  it('maps every fromHeaders value of the spec to its companion', () => {
    expect(FROM_HEADERS_COMPANIONS).toEqual({
      offset_to_refrac_date: 'refracDate',
      offset_to_completion_end_date: 'completionEndDate',
      offset_to_completion_start_date: 'completionStartDate',
      offset_to_date_rig_release: 'dateRigRelease',
      offset_to_drill_end_date: 'drillEndDate',
      offset_to_drill_start_date: 'drillStartDate',
      offset_to_first_prod_date: 'firstProdDate',
      offset_to_permit_date: 'permitDate',
      offset_to_spud_date: 'spudDate',
      offset_to_til: 'til',
      offset_to_first_prod_date_daily_calc: 'firstProdDateDaily',
      offset_to_first_prod_date_monthly_calc: 'firstProdDateMonthly',
      offset_to_last_prod_date_monthly: 'lastProdDateMonthly',
      offset_to_last_prod_date_daily: 'lastProdDateDaily',
      ...Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`customDateHeader${i + 1}`, `customDateHeader${i + 1}`]),
      ),
    });
  });

  it('has the 24 schedule pairs, companions camel-cased', () => {
    const pairs = Object.entries(FROM_SCHEDULE_COMPANIONS);
    expect(pairs).toHaveLength(24);
    expect(new Set(Object.values(FROM_SCHEDULE_COMPANIONS)).size).toBe(24);
    expect(FROM_SCHEDULE_COMPANIONS).toMatchObject({
      offset_to_pad_preparation_mob_start: 'padPreparationMobStart',
      offset_to_spud_end: 'spudEnd',
      offset_to_drill_demob_end: 'drillDemobEnd',
      offset_to_completion_start: 'completionStart',
      offset_to_completion_mob_end: 'completionMobEnd',
      offset_to_pad_preparation_demob_start: 'padPreparationDemobStart',
    });
    for (const [value, companion] of pairs) {
      const camel = value.replace(/^offset_to_/, '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(companion).toBe(camel);
    }
  });

  it('shares no companion name between the two criteria', () => {
    const headers = new Set(Object.values(FROM_HEADERS_COMPANIONS));
    expect(Object.values(FROM_SCHEDULE_COMPANIONS).filter((c) => headers.has(c as never))).toEqual([]);
  });
});

describe('CapexFunctionsView (response form)', () => {
  const probabilisticRow = (patch: Patch) => ({
    otherCapex: {
      rows: [{ ...baseRow, distributionType: 'normal', mean: 4600, standardDeviation: 10, seed: 7, ...patch }],
    },
  });
  const viewAccepted: [string, unknown][] = [
    ['a standard model', { ...drilling({}), completionCost: baseCompletion }],
    ...DISTRIBUTION_TYPES.map((d): [string, unknown] => [
      `distributionType ${d}`,
      probabilisticRow({ distributionType: d }),
    ]),
    [
      'probabilistic numbers at their bounds',
      probabilisticRow({ mean: 0, standardDeviation: 1e10, lowerBound: 0, upperBound: 1e10, mode: 0 }),
    ],
    [
      'seed at 1 and 1000000',
      {
        otherCapex: {
          rows: [
            { ...baseRow, seed: 1 },
            { ...baseRow, seed: 1_000_000 },
          ],
        },
      },
    ],
    ['a whole response document (envelope fields beside the functions)', { id: ID, name: 'x', ...rows(1) }],
  ];
  const viewRejected: [string, unknown, string, string, string][] = [
    [
      'an unknown distributionType',
      probabilisticRow({ distributionType: 'beta' }),
      'otherCapex.rows[0].distributionType',
      'distributionType must be one of na, normal, lognormal, triangular, uniform',
      'invalid_value',
    ],
    [
      'mean above 1e10',
      probabilisticRow({ mean: 1e10 + 1 }),
      'otherCapex.rows[0].mean',
      'mean must be at most 10000000000',
      'too_big',
    ],
    [
      'standardDeviation below 0',
      probabilisticRow({ standardDeviation: -1 }),
      'otherCapex.rows[0].standardDeviation',
      'at least 0',
      'too_small',
    ],
    [
      'lowerBound below 0',
      probabilisticRow({ lowerBound: -1 }),
      'otherCapex.rows[0].lowerBound',
      'at least 0',
      'too_small',
    ],
    [
      'upperBound above 1e10',
      probabilisticRow({ upperBound: 2e10 }),
      'otherCapex.rows[0].upperBound',
      'at most',
      'too_big',
    ],
    ['mode below 0', probabilisticRow({ mode: -0.1 }), 'otherCapex.rows[0].mode', 'at least 0', 'too_small'],
    [
      'a fractional seed',
      probabilisticRow({ seed: 1.5 }),
      'otherCapex.rows[0].seed',
      'seed must be an integer',
      'invalid_type',
    ],
    ['seed 0', probabilisticRow({ seed: 0 }), 'otherCapex.rows[0].seed', 'seed must be at least 1', 'too_small'],
    [
      'seed above 1000000',
      probabilisticRow({ seed: 1_000_001 }),
      'otherCapex.rows[0].seed',
      'at most 1000000',
      'too_big',
    ],
    [
      'rows still strict',
      probabilisticRow({ variance: 1 }),
      'otherCapex.rows[0]',
      'does not take variance',
      'unrecognized_keys',
    ],
    [
      'rows still need one timing criterion',
      probabilisticRow({ offsetToFpd: undefined }),
      'otherCapex.rows[0]',
      'needs exactly one timing criterion',
      'exactly one of',
    ],
  ];

  it.each(viewAccepted)('accepts %s', (_, body) => {
    expect(issuesOf(CapexFunctionsView, body)).toEqual([]);
  });

  it.each(viewRejected)('rejects %s', (_, body, path, message, rule) => {
    expect(issuesOf(CapexFunctionsView, body)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });
});

describe('capexView', () => {
  it('returns a standard model unchanged, without probabilistic fields, and leaves its input alone', () => {
    const stored = CapexFunctions.parse({ ...drilling({}), completionCost: baseCompletion });
    const before = structuredClone(stored);
    const view = capexView(stored);
    expect(view).toEqual(before);
    expect(stored).toEqual(before);
    expect(view.otherCapex.rows[0]).not.toHaveProperty('distributionType');
    expect(view.otherCapex.rows[0]).not.toHaveProperty('mean');
    expect(CapexFunctionsView.safeParse(view).success).toBe(true);
  });

  it('computes mean as tangible + intangible on probabilistic rows and keeps their other fields', () => {
    const stored = probabilisticCapexExample();
    stored.otherCapex.rows[0] = { ...stored.otherCapex.rows[0]!, tangible: 0.1, intangible: 0.2, mean: 99 };
    const view = capexView(stored);
    expect(view.otherCapex.rows[0]).toMatchObject({
      distributionType: 'normal',
      mean: 0.3,
      standardDeviation: 500,
      seed: 101,
    });
    expect(view.otherCapex.rows[1]).toMatchObject({
      distributionType: 'triangular',
      lowerBound: 3500,
      mode: 4200,
      upperBound: 5500,
    });
    expect(stored.otherCapex.rows[0]!.mean).toBe(99);
    expect(CapexFunctionsView.safeParse(view).success).toBe(true);
  });

  it('leaves drillingCost and completionCost out when they were not stored', () => {
    expect(Object.keys(capexView(CapexFunctions.parse(rows(1))))).toEqual(['otherCapex']);
  });
});

describe('probabilistic CAPEX', () => {
  it('builds a valid probabilistic functions object, one row per distribution type', () => {
    const example = probabilisticCapexExample();
    expect(issuesOf(CapexFunctionsView, example)).toEqual([]);
    expect(example.otherCapex.rows.map((r) => r.distributionType).sort()).toEqual([...DISTRIBUTION_TYPES].sort());
    for (const r of example.otherCapex.rows) {
      expect(issuesOf(ProbabilisticCapexRow, r)).toEqual([]);
      expect(r.mean).toBeCloseTo(r.tangible + r.intangible, 6);
    }
    expect(capexView(example)).toEqual(example);
    expect(isProbabilisticCapex(example)).toBe(true);
    expect(isProbabilisticCapex(CapexFunctions.parse(econModelExample('capex')))).toBe(false);
  });

  const base = probabilisticCapexExample().otherCapex.rows[1]!; // triangular
  const probabilisticRejected: [string, unknown, string, string, string][] = [
    [
      'no distributionType',
      { ...base, distributionType: undefined },
      'distributionType',
      'distributionType is required',
      'invalid_value',
    ],
    ['no mean', { ...base, mean: undefined }, 'mean', 'mean must be a number', 'invalid_type'],
    ['no seed', { ...base, seed: undefined }, 'seed', 'seed must be a number', 'invalid_type'],
    [
      'a triangular without mode',
      { ...base, mode: undefined },
      'mode',
      'a triangular distribution needs mode',
      'parameter of triangular',
    ],
    [
      'a normal without standardDeviation',
      { ...base, distributionType: 'normal', standardDeviation: undefined },
      'standardDeviation',
      'a normal distribution needs standardDeviation',
      'parameter of normal',
    ],
    [
      'mode above upperBound',
      { ...base, mode: 6 },
      'upperBound',
      'lowerBound ≤ mode ≤ upperBound',
      'lowerBound ≤ mode ≤ upperBound',
    ],
    ['two timing criteria', { ...base, offsetToFpd: 0 }, '', 'takes exactly one timing criterion', 'exactly one of'],
  ];

  it.each(probabilisticRejected)('ProbabilisticCapexRow rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(ProbabilisticCapexRow, value)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });
});
