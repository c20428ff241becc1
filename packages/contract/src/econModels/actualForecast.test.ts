import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActualForecastFunctions, ActualForecastFunctionsView, actualForecastView } from './actualForecast';
import { issuesOf } from './testing';

const replace = { oil: { never: '' }, gas: { asOfDate: '' }, water: { date: '2030-01-01' } };
const base = { ignoreHistoryProd: false, replaceActualWithForecast: replace, afterEconLimit: 'no' };

/** The body with `patch` applied to actualOrForecast (a value of undefined drops the key). */
const aof = (patch: Record<string, unknown>) => ({ actualOrForecast: { ...base, ...patch } });
/** The body with `patch` applied to replaceActualWithForecast. */
const rep = (patch: Record<string, unknown>) => aof({ replaceActualWithForecast: { ...replace, ...patch } });

const PHASES = ['oil', 'gas', 'water'] as const;

const accepted: [string, unknown][] = [
  ['the base body', aof({})],
  [
    'ignoreHistoryProd true without replaceActualWithForecast',
    aof({ ignoreHistoryProd: true, replaceActualWithForecast: undefined }),
  ],
  ['afterEconLimit omitted (defaults to no)', aof({ afterEconLimit: undefined })],
  ['afterEconLimit yes', aof({ afterEconLimit: 'yes' })],
  [
    'afterEconLimit yes with ignoreHistoryProd true',
    aof({ ignoreHistoryProd: true, replaceActualWithForecast: undefined, afterEconLimit: 'yes' }),
  ],
  ...PHASES.flatMap((p): [string, unknown][] => [
    [`${p}.asOfDate ''`, rep({ [p]: { asOfDate: '' } })],
    [`${p}.never ''`, rep({ [p]: { never: '' } })],
    [`${p}.date at 1900-01-01`, rep({ [p]: { date: '1900-01-01' } })],
    [`${p}.date at 2262-04-01`, rep({ [p]: { date: '2262-04-01' } })],
  ]),
];

type Case = [what: string, body: unknown, path: string, message: string, rule: string];
const R = 'actualOrForecast.replaceActualWithForecast';

const rejected: Case[] = [
  ['no actualOrForecast', {}, 'actualOrForecast', 'expected object', 'invalid_type'],
  ['an unknown econ function', { ...aof({}), extra: 1 }, '', 'Unrecognized key: "extra"', 'unrecognized_keys'],
  [
    'an unknown actualOrForecast field',
    aof({ replaceActual: true }),
    'actualOrForecast',
    'Unrecognized key: "replaceActual"',
    'unrecognized_keys',
  ],
  // ignoreHistoryProd and replaceActualWithForecast
  [
    'no ignoreHistoryProd',
    aof({ ignoreHistoryProd: undefined }),
    'actualOrForecast.ignoreHistoryProd',
    'ignoreHistoryProd must be true or false',
    'invalid_type',
  ],
  [
    'ignoreHistoryProd a string',
    aof({ ignoreHistoryProd: 'false' }),
    'actualOrForecast.ignoreHistoryProd',
    'ignoreHistoryProd must be true or false',
    'invalid_type',
  ],
  [
    'ignoreHistoryProd false without replaceActualWithForecast',
    aof({ replaceActualWithForecast: undefined }),
    R,
    'replaceActualWithForecast is required when ignoreHistoryProd is false',
    'required when ignoreHistoryProd is false',
  ],
  [
    'ignoreHistoryProd true with replaceActualWithForecast',
    aof({ ignoreHistoryProd: true }),
    R,
    'replaceActualWithForecast must not be sent when ignoreHistoryProd is true',
    'not with ignoreHistoryProd true',
  ],
  [
    'replaceActualWithForecast not an object',
    aof({ replaceActualWithForecast: 'never' }),
    R,
    'expected object',
    'invalid_type',
  ],
  [
    'replaceActualWithForecast with ngl',
    rep({ ngl: { never: '' } }),
    R,
    'Unrecognized key: "ngl"',
    'unrecognized_keys',
  ],
  // oil, gas, water: each required, exactly one of asOfDate | never | date
  ...PHASES.flatMap((p): Case[] => [
    [`no ${p}`, rep({ [p]: undefined }), `${R}.${p}`, `${p} is required`, 'invalid_type'],
    [
      `${p} with no choice`,
      rep({ [p]: {} }),
      `${R}.${p}`,
      `${p} needs exactly one of asOfDate, never, date`,
      'exactly one of',
    ],
    [
      `${p} with two choices`,
      rep({ [p]: { never: '', date: '2030-01-01' } }),
      `${R}.${p}`,
      `${p} takes exactly one of asOfDate, never, date (got never and date)`,
      'exactly one of',
    ],
    [
      `${p}.asOfDate not empty`,
      rep({ [p]: { asOfDate: '2030-01-01' } }),
      `${R}.${p}.asOfDate`,
      'asOfDate takes the empty string ""',
      'invalid_value',
    ],
    [
      `${p}.never not empty`,
      rep({ [p]: { never: 'yes' } }),
      `${R}.${p}.never`,
      'never takes the empty string ""',
      'invalid_value',
    ],
    [
      `${p}.date before 1900-01-01`,
      rep({ [p]: { date: '1899-12-31' } }),
      `${R}.${p}.date`,
      'must lie between 1900-01-01 and 2262-04-01',
      'range 1900-01-01..2262-04-01',
    ],
    [
      `${p}.date after 2262-04-01`,
      rep({ [p]: { date: '2262-04-02' } }),
      `${R}.${p}.date`,
      'must lie between 1900-01-01 and 2262-04-01',
      'range 1900-01-01..2262-04-01',
    ],
    [
      `${p} unknown choice`,
      rep({ [p]: { never: '', always: '' } }),
      `${R}.${p}`,
      'Unrecognized key: "always"',
      'unrecognized_keys',
    ],
  ]),
  [
    'asOfDate false',
    rep({ oil: { asOfDate: false } }),
    `${R}.oil.asOfDate`,
    'asOfDate takes the empty string "" or true',
    'invalid_value',
  ],
  // afterEconLimit
  [
    'afterEconLimit unknown',
    aof({ afterEconLimit: 'maybe' }),
    'actualOrForecast.afterEconLimit',
    'afterEconLimit must be yes or no',
    'invalid_value',
  ],
  [
    'afterEconLimit a boolean',
    aof({ afterEconLimit: true }),
    'actualOrForecast.afterEconLimit',
    'afterEconLimit must be yes or no',
    'invalid_value',
  ],
];

describe('ActualForecastFunctions', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(ActualForecastFunctions, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(ActualForecastFunctions, value)).toEqual([
      { path, message: expect.stringContaining(message), rule },
    ]);
  });

  it('defaults afterEconLimit to no', () => {
    expect(ActualForecastFunctions.parse(aof({ afterEconLimit: undefined })).actualOrForecast.afterEconLimit).toBe(
      'no',
    );
  });

  it('accepts asOfDate and never as true, as clients of the service send them, and stores ""', () => {
    const parsed = ActualForecastFunctions.parse(
      rep({ oil: { asOfDate: true }, gas: { never: true }, water: { date: '2030-01-01' } }),
    );
    expect(parsed.actualOrForecast.replaceActualWithForecast).toEqual({
      oil: { asOfDate: '' },
      gas: { never: '' },
      water: { date: '2030-01-01' },
    });
  });

  it('refuses replaceActualWithForecast with ignoreHistoryProd true even when its contents are bad', () => {
    const value = aof({ ignoreHistoryProd: true, replaceActualWithForecast: { ...replace, oil: {} } });
    expect(issuesOf(ActualForecastFunctions, value).map((i) => [i.path, i.rule])).toEqual([
      [`${R}.oil`, 'exactly one of'],
      [R, 'not with ignoreHistoryProd true'],
    ]);
  });

  it('renders to JSON Schema for requests and responses', () => {
    expect(() => z.toJSONSchema(ActualForecastFunctions, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(ActualForecastFunctionsView, { io: 'output' })).not.toThrow();
  });
});

describe('actualForecastView', () => {
  it('returns the stored functions with afterEconLimit filled in', () => {
    const stored = ActualForecastFunctions.parse(aof({ afterEconLimit: undefined }));
    const view = actualForecastView(stored);
    expect(view).toEqual(aof({ afterEconLimit: 'no' }));
    expect(ActualForecastFunctionsView.safeParse(view).success).toBe(true);
  });

  it('the response form requires afterEconLimit', () => {
    expect(issuesOf(ActualForecastFunctionsView, aof({ afterEconLimit: undefined }))).toEqual([
      { path: 'actualOrForecast.afterEconLimit', message: expect.any(String), rule: 'invalid_value' },
    ]);
  });
});
