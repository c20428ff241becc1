import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEPLETION_MODELS,
  DEPRECIATION_ENTRIES_MAX,
  DepreciationFunctions,
  DepreciationFunctionsView,
  depreciationView,
  statutoryBonusPercent,
} from './depreciation';
import { issuesOf } from './testing';

const entry = (tanFactor = 10, intanFactor = 20) => ({ tanFactor, intanFactor });

const depreciationBody = {
  modelType: 'depreciation',
  taxCredit: 0,
  tcjaBonus: false,
  bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
  depreciation: [entry(), entry()],
};

const depletionBody = {
  modelType: 'depletion',
  tangibleImmediateDepletion: 0,
  intangibleImmediateDepletion: 0,
  tangibleDepletionModel: 'unit_of_production_major',
  intangibleDepletionModel: 'never',
};

/** A depreciation-type body with `patch` applied (a value of undefined drops the key). */
const dep = (patch: Record<string, unknown>) => ({ depreciation: { ...depreciationBody, ...patch } });
const depl = (patch: Record<string, unknown>) => ({ depreciation: { ...depletionBody, ...patch } });
const withEntry = (patch: Record<string, unknown>) => dep({ depreciation: [entry(), { ...entry(), ...patch }] });
const bonus = (patch: Record<string, unknown>) =>
  dep({ bonusDepreciation: [{ ...depreciationBody.bonusDepreciation[0], ...patch }] });

const accepted: [string, unknown][] = [
  ['a depreciation body', dep({})],
  ['a depletion body', depl({})],
  ['tcjaBonus omitted (defaults to false)', dep({ tcjaBonus: undefined })],
  ['tcjaBonus true', dep({ tcjaBonus: true })],
  ['taxCredit at -1e19', dep({ taxCredit: -1e19 })],
  ['taxCredit at 1e19', dep({ taxCredit: 1e19 })],
  ['taxCredit with 6 decimals', dep({ taxCredit: 12.345678 })],
  ['bonus at 0 and 100', bonus({ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 100 })],
  ['1 depreciation entry', dep({ depreciation: [entry()] })],
  [
    `${DEPRECIATION_ENTRIES_MAX} depreciation entries`,
    dep({ depreciation: Array.from({ length: 100 }, () => entry(1, 1)) }),
  ],
  ['tanFactor and intanFactor at 0', withEntry({ tanFactor: 0, intanFactor: 0 })],
  ['tanFactor and intanFactor at 100', withEntry({ tanFactor: 100, intanFactor: 100 })],
  ['tanFactor with 6 decimals', withEntry({ tanFactor: 0.000001 })],
  [
    'immediate depletion at -1e19 and 1e19',
    depl({ tangibleImmediateDepletion: -1e19, intangibleImmediateDepletion: 1e19 }),
  ],
  ...DEPLETION_MODELS.map((m): [string, unknown] => [
    `depletion model ${m}`,
    depl({ tangibleDepletionModel: m, intangibleDepletionModel: m }),
  ]),
];

/** [what, body, path, part of the message, rule]: each body breaks exactly one rule. */
const rejected: [string, unknown, string, string, string][] = [
  // the econ function and its modelType
  ['no depreciation function', {}, 'depreciation', 'depreciation is required', 'invalid_type'],
  ['depreciation not an object', { depreciation: 'x' }, 'depreciation', 'must be an object', 'invalid_type'],
  ['an unknown econ function', { ...dep({}), extra: 1 }, '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  [
    'no modelType',
    dep({ modelType: undefined }),
    'depreciation.modelType',
    'modelType is required: depreciation or depletion',
    'invalid_union',
  ],
  [
    'an unknown modelType',
    dep({ modelType: 'straight_line' }),
    'depreciation.modelType',
    'modelType must be depreciation or depletion (got "straight_line")',
    'invalid_union',
  ],
  ['an unknown field', dep({ salvage: 1 }), 'depreciation', 'Unrecognized key: "salvage"', 'unrecognized_keys'],
  // taxCredit
  [
    'no taxCredit',
    dep({ taxCredit: undefined }),
    'depreciation.taxCredit',
    'taxCredit must be a number',
    'invalid_type',
  ],
  [
    'taxCredit below -1e19',
    dep({ taxCredit: -1.1e19 }),
    'depreciation.taxCredit',
    'taxCredit must be at least -10000000000000000000',
    'too_small',
  ],
  [
    'taxCredit above 1e19',
    dep({ taxCredit: 1.1e19 }),
    'depreciation.taxCredit',
    'taxCredit must be at most 10000000000000000000',
    'too_big',
  ],
  [
    'taxCredit with 7 decimals',
    dep({ taxCredit: 0.1234567 }),
    'depreciation.taxCredit',
    'at most 6 decimals',
    'precision 0.000001',
  ],
  // tcjaBonus
  [
    'tcjaBonus not a boolean',
    dep({ tcjaBonus: 'yes' }),
    'depreciation.tcjaBonus',
    'tcjaBonus must be true or false',
    'invalid_type',
  ],
  // bonusDepreciation: exactly 1 object
  [
    'no bonusDepreciation',
    dep({ bonusDepreciation: undefined }),
    'depreciation.bonusDepreciation',
    'must be an array holding 1 object',
    'invalid_type',
  ],
  [
    '0 bonus entries',
    dep({ bonusDepreciation: [] }),
    'depreciation.bonusDepreciation',
    'exactly 1 object',
    'too_small',
  ],
  [
    '2 bonus entries',
    dep({ bonusDepreciation: [depreciationBody.bonusDepreciation[0], depreciationBody.bonusDepreciation[0]] }),
    'depreciation.bonusDepreciation',
    'exactly 1 object',
    'too_big',
  ],
  [
    'no tangibleBonusDepreciation',
    bonus({ tangibleBonusDepreciation: undefined }),
    'depreciation.bonusDepreciation[0].tangibleBonusDepreciation',
    'must be a number',
    'invalid_type',
  ],
  [
    'tangibleBonusDepreciation below 0',
    bonus({ tangibleBonusDepreciation: -0.000001 }),
    'depreciation.bonusDepreciation[0].tangibleBonusDepreciation',
    'must be at least 0',
    'too_small',
  ],
  [
    'tangibleBonusDepreciation above 100',
    bonus({ tangibleBonusDepreciation: 100.000001 }),
    'depreciation.bonusDepreciation[0].tangibleBonusDepreciation',
    'must be at most 100',
    'too_big',
  ],
  [
    'intangibleBonusDepreciation below 0',
    bonus({ intangibleBonusDepreciation: -1 }),
    'depreciation.bonusDepreciation[0].intangibleBonusDepreciation',
    'must be at least 0',
    'too_small',
  ],
  [
    'intangibleBonusDepreciation above 100',
    bonus({ intangibleBonusDepreciation: 101 }),
    'depreciation.bonusDepreciation[0].intangibleBonusDepreciation',
    'must be at most 100',
    'too_big',
  ],
  [
    'intangibleBonusDepreciation with 7 decimals',
    bonus({ intangibleBonusDepreciation: 1.0000001 }),
    'depreciation.bonusDepreciation[0].intangibleBonusDepreciation',
    'precision 0.000001',
    'precision 0.000001',
  ],
  [
    'an unknown bonus field',
    bonus({ year: 2024 }),
    'depreciation.bonusDepreciation[0]',
    'Unrecognized key: "year"',
    'unrecognized_keys',
  ],
  // depreciation entries
  [
    'no depreciation entries array',
    dep({ depreciation: undefined }),
    'depreciation.depreciation',
    'must be an array of yearly entries',
    'invalid_type',
  ],
  ['0 depreciation entries', dep({ depreciation: [] }), 'depreciation.depreciation', 'at least 1 entry', 'too_small'],
  [
    `${DEPRECIATION_ENTRIES_MAX + 1} depreciation entries`,
    dep({ depreciation: Array.from({ length: 101 }, () => entry(0, 0)) }),
    'depreciation.depreciation',
    `at most ${DEPRECIATION_ENTRIES_MAX} entries`,
    'too_big',
  ],
  [
    'no tanFactor',
    withEntry({ tanFactor: undefined }),
    'depreciation.depreciation[1].tanFactor',
    'tanFactor must be a number',
    'invalid_type',
  ],
  [
    'tanFactor below 0',
    withEntry({ tanFactor: -0.000001 }),
    'depreciation.depreciation[1].tanFactor',
    'tanFactor must be at least 0',
    'too_small',
  ],
  [
    'tanFactor above 100',
    withEntry({ tanFactor: 100.000001 }),
    'depreciation.depreciation[1].tanFactor',
    'tanFactor must be at most 100',
    'too_big',
  ],
  [
    'tanFactor with 7 decimals',
    withEntry({ tanFactor: 14.2857143 }),
    'depreciation.depreciation[1].tanFactor',
    'tanFactor must have at most 6 decimals',
    'precision 0.000001',
  ],
  [
    'no intanFactor',
    withEntry({ intanFactor: undefined }),
    'depreciation.depreciation[1].intanFactor',
    'intanFactor must be a number',
    'invalid_type',
  ],
  [
    'intanFactor below 0',
    withEntry({ intanFactor: -1 }),
    'depreciation.depreciation[1].intanFactor',
    'intanFactor must be at least 0',
    'too_small',
  ],
  [
    'intanFactor above 100',
    withEntry({ intanFactor: 101 }),
    'depreciation.depreciation[1].intanFactor',
    'intanFactor must be at most 100',
    'too_big',
  ],
  // read-only fields
  [
    'prebuilt (depreciation)',
    dep({ prebuilt: 'MACRS 7' }),
    'depreciation.prebuilt',
    'prebuilt is read-only',
    'read-only',
  ],
  [
    'prebuilt (depletion)',
    depl({ prebuilt: 'MACRS 7' }),
    'depreciation.prebuilt',
    'prebuilt is read-only',
    'read-only',
  ],
  [
    'depreciation[].year',
    withEntry({ year: 2 }),
    'depreciation.depreciation[1].year',
    'year is read-only',
    'read-only',
  ],
  [
    'depreciation[].tanCumulative',
    withEntry({ tanCumulative: 20 }),
    'depreciation.depreciation[1].tanCumulative',
    'tanCumulative is read-only',
    'read-only',
  ],
  [
    'depreciation[].intanCumulative',
    withEntry({ intanCumulative: 40 }),
    'depreciation.depreciation[1].intanCumulative',
    'intanCumulative is read-only',
    'read-only',
  ],
  // the other modelType's fields
  ...(
    [
      'tangibleImmediateDepletion',
      'intangibleImmediateDepletion',
      'tangibleDepletionModel',
      'intangibleDepletionModel',
    ] as const
  ).map((f): [string, unknown, string, string, string] => [
    `${f} with modelType depreciation`,
    dep({ [f]: depletionBody[f] }),
    `depreciation.${f}`,
    `${f} belongs to modelType depletion`,
    'only with modelType depletion',
  ]),
  ...(['taxCredit', 'tcjaBonus', 'bonusDepreciation', 'depreciation'] as const).map(
    (f): [string, unknown, string, string, string] => [
      `${f} with modelType depletion`,
      depl({ [f]: depreciationBody[f] }),
      `depreciation.${f}`,
      `${f} belongs to modelType depreciation`,
      'only with modelType depreciation',
    ],
  ),
  // depletion fields
  [
    'no tangibleImmediateDepletion',
    depl({ tangibleImmediateDepletion: undefined }),
    'depreciation.tangibleImmediateDepletion',
    'must be a number',
    'invalid_type',
  ],
  [
    'tangibleImmediateDepletion above 1e19',
    depl({ tangibleImmediateDepletion: 2e19 }),
    'depreciation.tangibleImmediateDepletion',
    'at most 10000000000000000000',
    'too_big',
  ],
  [
    'intangibleImmediateDepletion below -1e19',
    depl({ intangibleImmediateDepletion: -2e19 }),
    'depreciation.intangibleImmediateDepletion',
    'at least -10000000000000000000',
    'too_small',
  ],
  [
    'intangibleImmediateDepletion with 7 decimals',
    depl({ intangibleImmediateDepletion: 0.0000001 }),
    'depreciation.intangibleImmediateDepletion',
    'precision 0.000001',
    'precision 0.000001',
  ],
  [
    'an unknown tangibleDepletionModel',
    depl({ tangibleDepletionModel: 'unit_of_production' }),
    'depreciation.tangibleDepletionModel',
    'tangibleDepletionModel must be one of unit_of_production_major, unit_of_production_BOE, ecl, never, fpd',
    'invalid_value',
  ],
  [
    'no intangibleDepletionModel',
    depl({ intangibleDepletionModel: undefined }),
    'depreciation.intangibleDepletionModel',
    'intangibleDepletionModel must be one of',
    'invalid_value',
  ],
];

describe('DepreciationFunctions', () => {
  it.each(accepted)('accepts %s', (_, body) => {
    expect(issuesOf(DepreciationFunctions, body)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, body, path, message, rule) => {
    expect(issuesOf(DepreciationFunctions, body)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it('defaults tcjaBonus to false', () => {
    const parsed = DepreciationFunctions.parse(dep({ tcjaBonus: undefined }));
    expect(parsed.depreciation.modelType === 'depreciation' && parsed.depreciation.tcjaBonus).toBe(false);
  });

  it('reports every read-only field sent at once', () => {
    const body = dep({
      prebuilt: 'x',
      depreciation: [{ ...entry(), year: 1, tanCumulative: 10, intanCumulative: 20 }],
    });
    expect(issuesOf(DepreciationFunctions, body).map((i) => i.path)).toEqual([
      'depreciation.prebuilt',
      'depreciation.depreciation[0].year',
      'depreciation.depreciation[0].tanCumulative',
      'depreciation.depreciation[0].intanCumulative',
    ]);
  });

  it('renders to JSON Schema for requests and responses', () => {
    expect(() => z.toJSONSchema(DepreciationFunctions, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(DepreciationFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('depreciationView', () => {
  it('numbers the entries and sums the factors in order', () => {
    const stored = DepreciationFunctions.parse(
      dep({ depreciation: [entry(0.1, 100), entry(0.2, 0), entry(14.285714, 0), entry(0, 0)] }),
    );
    const view = depreciationView(stored);
    expect(view.depreciation.modelType === 'depreciation' && view.depreciation.depreciation).toEqual([
      { year: 1, tanFactor: 0.1, tanCumulative: 0.1, intanFactor: 100, intanCumulative: 100 },
      { year: 2, tanFactor: 0.2, tanCumulative: 0.3, intanFactor: 0, intanCumulative: 100 },
      { year: 3, tanFactor: 14.285714, tanCumulative: 14.585714, intanFactor: 0, intanCumulative: 100 },
      { year: 4, tanFactor: 0, tanCumulative: 14.585714, intanFactor: 0, intanCumulative: 100 },
    ]);
    expect(DepreciationFunctionsView.safeParse(view).success).toBe(true);
  });

  it('keeps the other fields and fills tcjaBonus', () => {
    const view = depreciationView(DepreciationFunctions.parse(dep({ taxCredit: 5, tcjaBonus: undefined })));
    expect(view.depreciation).toMatchObject({
      modelType: 'depreciation',
      taxCredit: 5,
      tcjaBonus: false,
      bonusDepreciation: depreciationBody.bonusDepreciation,
    });
  });

  it('returns a depletion body as sent', () => {
    const view = depreciationView(DepreciationFunctions.parse(depl({})));
    expect(view).toEqual({ depreciation: depletionBody });
    expect(DepreciationFunctionsView.safeParse(view).success).toBe(true);
  });

  it('a response for a depreciation-type model may carry the depletion fields', () => {
    const view = depreciationView(DepreciationFunctions.parse(dep({})));
    const withDepletion = { depreciation: { ...view.depreciation, ...depletionBody, modelType: 'depreciation' } };
    expect(DepreciationFunctionsView.safeParse(withDepletion).success).toBe(true);
  });
});

describe('statutoryBonusPercent', () => {
  it.each([
    [1990, 0],
    [2009, 0],
    [2010, 100],
    [2011, 100],
    [2012, 50],
    [2017, 50],
    [2018, 100],
    [2022, 100],
    [2023, 80],
    [2024, 60],
    [2025, 40],
    [2026, 20],
    [2027, 0],
    [2100, 0],
  ])('investment year %i → %i%%', (year, percent) => {
    expect(statutoryBonusPercent(year)).toBe(percent);
  });

  it.each([2024.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s as a year', (year) => {
    expect(() => statutoryBonusPercent(year)).toThrow(RangeError);
  });
});
