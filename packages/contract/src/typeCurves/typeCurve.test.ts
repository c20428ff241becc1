import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf } from '../econModels/testing';
import {
  DELETE_FILTER_VALUES_MAX,
  excludedNotInWells,
  patchIdMismatch,
  TYPE_CURVE_BATCH_MAX,
  TYPE_CURVE_SORT,
  TYPE_CURVE_TAKE_MAX,
  TYPE_CURVE_WELLS_MAX,
  TypeCurve,
  TypeCurveBatchPatchItem,
  TypeCurveInput,
  TypeCurveListQuery,
  TypeCurvePatch,
} from './typeCurve';

const FORECAST = '6523f1a2b4c5d6e7f8091a2b';
const ID = '6523f1a2b4c5d6e7f8091aff';
/** The n-th well id (24 hex digits). */
const well = (n: number) => `aaaaaaaaaaaaaaaa${n.toString(16).padStart(8, '0')}`;
const wells = (n: number) => Array.from({ length: n }, (_, i) => well(i));
const body = (patch: Record<string, unknown> = {}) => ({ name: 'Wolfcamp A', forecast: FORECAST, ...patch });

type Case = [what: string, body: unknown, path: string, message: string, rule: string];

describe('TypeCurveInput', () => {
  const accepted: [string, unknown][] = [
    ['a name alone', { name: 'x' }],
    ['a 200-character name', { name: 'n'.repeat(200) }],
    ['a name padded beyond 200 that trims to 200', { name: `  ${'n'.repeat(200)}  ` }],
    ['a forecast', body()],
    ...['best', 'P10', 'P50', 'P90'].map((s): [string, unknown] => [
      `forecastSeries ${s}`,
      body({ forecastSeries: s }),
    ]),
    ['2000 wells', body({ wells: wells(TYPE_CURVE_WELLS_MAX) })],
    ['2000 excluded wells of 2000', body({ wells: wells(2000), excludedWells: wells(2000) })],
    ['excludedWells a subset of wells', body({ wells: wells(3), excludedWells: [well(1)] })],
    ['an empty wells list without forecast', { name: 'x', wells: [] }],
  ];
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(TypeCurveInput, value)).toEqual([]);
  });

  it('trims the name and defaults forecastSeries to best', () => {
    expect(TypeCurveInput.parse({ name: '  A  ' })).toEqual({ name: 'A', forecastSeries: 'best' });
  });

  const rejected: Case[] = [
    ['a missing name', {}, 'name', 'name is required', 'invalid_type'],
    ['a blank name', { name: '   ' }, 'name', 'name must not be empty', 'too_small'],
    ['a 201-character name', { name: 'n'.repeat(201) }, 'name', 'name must be at most 200 characters', 'too_big'],
    ['a NUL in the name', { name: 'a\u0000b' }, 'name', 'must not contain the character U+0000', 'no U+0000'],
    [
      'a bad forecast id',
      body({ forecast: 'f1' }),
      'forecast',
      'must be a 24-character hexadecimal id',
      'invalid_format',
    ],
    [
      'forecastSeries p10 (spec casing is P10)',
      body({ forecastSeries: 'p10' }),
      'forecastSeries',
      'forecastSeries must be one of best, P10, P50, P90',
      'invalid_value',
    ],
    [
      'forecastSeries P50 without forecast',
      { name: 'x', forecastSeries: 'P50' },
      'forecastSeries',
      'forecastSeries P50 needs a probabilistic forecast: send forecast',
      'requires forecast',
    ],
    ['2001 wells', body({ wells: wells(2001) }), 'wells', 'wells holds at most 2000 wells', 'too_big'],
    [
      '2001 excluded wells',
      body({ wells: wells(2001).slice(0, 2000), excludedWells: wells(2001) }),
      'excludedWells',
      'excludedWells holds at most 2000 wells',
      'too_big',
    ],
    [
      'a repeated well',
      body({ wells: [well(1), well(2), well(1)] }),
      'wells',
      `wells must not repeat a well (repeated: ${well(1)})`,
      'unique',
    ],
    [
      'a repeated excluded well',
      body({ wells: [well(1)], excludedWells: [well(1), well(1)] }),
      'excludedWells',
      `excludedWells must not repeat a well (repeated: ${well(1)})`,
      'unique',
    ],
    ['a bad well id', body({ wells: ['w1'] }), 'wells[0]', 'must be a 24-character hexadecimal id', 'invalid_format'],
    ['wells not an array', body({ wells: well(1) }), 'wells', 'wells must be an array of well ids', 'invalid_type'],
    [
      'excluded wells outside wells',
      body({ wells: [well(1)], excludedWells: [well(1), well(7), well(8)] }),
      'excludedWells',
      `excludedWells must be a subset of wells (not in wells: ${well(7)}, ${well(8)})`,
      'subset of wells',
    ],
    [
      'excluded wells without wells',
      body({ excludedWells: [well(7)] }),
      'excludedWells',
      `excludedWells must be a subset of wells (not in wells: ${well(7)})`,
      'subset of wells',
    ],
    [
      'wells without forecast',
      { name: 'x', wells: [well(1)] },
      'wells',
      'wells require a forecast: send the forecast the wells belong to',
      'requires forecast',
    ],
    [
      'fits on a type curve',
      body({ fits: { oil: {} } }),
      'fits',
      'fits are not part of a V2 type curve: write them with PUT /v2/projects/{projectId}/type-curves/{id}/fits',
      'not on a type curve',
    ],
    [
      'regressionType on a type curve',
      body({ regressionType: 'rate' }),
      'regressionType',
      'regressionType is not a field of a V2 type curve: it lives on each fit (PUT /v2/projects/{projectId}/type-curves/{id}/fits)',
      'not on a type curve',
    ],
    [
      'an unknown field',
      body({ validationCriteria: {} }),
      '',
      'Unrecognized key: "validationCriteria"',
      'unrecognized_keys',
    ],
    [
      'an array body',
      [body()],
      '',
      'send one type curve object: an array of them goes to the /batch route',
      'invalid_type',
    ],
    ...(['id', 'project', 'createdAt', 'updatedAt'] as const).map(
      (f): Case => [
        `read-only ${f}`,
        body({ [f]: ID }),
        f,
        `${f} is read-only: the service computes it, so it cannot be sent`,
        'read-only',
      ],
    ),
  ];
  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(TypeCurveInput, value)).toContainEqual({ path, message, rule });
  });

  it('renders to JSON Schema', () => {
    expect(() => z.toJSONSchema(TypeCurveInput, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(TypeCurve, { io: 'output' })).not.toThrow();
  });
});

describe('TypeCurvePatch', () => {
  const accepted: [string, unknown][] = [
    ['an empty body', {}],
    ['a rename', { name: 'B' }],
    ['the id', { id: ID, name: 'B' }],
    ['wells without forecast (the stored forecast is the service’s to check)', { wells: [well(1)] }],
    ['excludedWells alone (checked against the stored wells by the service)', { excludedWells: [well(1)] }],
    ['forecastSeries P90 alone', { forecastSeries: 'P90' }],
  ];
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(TypeCurvePatch, value)).toEqual([]);
  });

  it('ignores null values and adds no default', () => {
    expect(TypeCurvePatch.parse({ name: null, forecast: null, wells: null, fits: null })).toEqual({});
    expect(TypeCurvePatch.parse({ name: ' C ', forecastSeries: null })).toEqual({ name: 'C' });
  });

  const rejected: Case[] = [
    ['a blank name', { name: '' }, 'name', 'name must not be empty', 'too_small'],
    ['a bad id', { id: 'x' }, 'id', 'must be a 24-character hexadecimal id', 'invalid_format'],
    [
      'excluded wells outside the sent wells',
      { wells: [well(1)], excludedWells: [well(2)] },
      'excludedWells',
      `excludedWells must be a subset of wells (not in wells: ${well(2)})`,
      'subset of wells',
    ],
    ['2001 wells', { wells: wells(2001) }, 'wells', 'wells holds at most 2000 wells', 'too_big'],
    [
      'fits',
      { fits: {} },
      'fits',
      'fits are not part of a V2 type curve: write them with PUT /v2/projects/{projectId}/type-curves/{id}/fits',
      'not on a type curve',
    ],
    [
      'regressionType',
      { regressionType: 'cum' },
      'regressionType',
      'regressionType is not a field of a V2 type curve: it lives on each fit (PUT /v2/projects/{projectId}/type-curves/{id}/fits)',
      'not on a type curve',
    ],
    ['an unknown field', { regression: 'cum' }, '', 'Unrecognized key: "regression"', 'unrecognized_keys'],
    [
      'read-only updatedAt',
      { updatedAt: '2026-01-01T00:00:00.000Z' },
      'updatedAt',
      'updatedAt is read-only: the service computes it, so it cannot be sent',
      'read-only',
    ],
  ];
  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(TypeCurvePatch, value)).toContainEqual({ path, message, rule });
  });
});

describe('TypeCurveBatchPatchItem', () => {
  it('accepts a record with its id, nulls ignored', () => {
    expect(TypeCurveBatchPatchItem.parse({ id: ID, name: 'B', forecast: null })).toEqual({ id: ID, name: 'B' });
  });
  it.each([
    ['a missing id', { name: 'B' }, 'id', 'id is required on every PATCH /batch record', 'invalid_type'],
    ['a null id', { id: null, name: 'B' }, 'id', 'id is required on every PATCH /batch record', 'invalid_type'],
    ['a bad id', { id: 'zz' }, 'id', 'must be a 24-character hexadecimal id', 'invalid_format'],
    [
      'fits',
      { id: ID, fits: {} },
      'fits',
      'fits are not part of a V2 type curve: write them with PUT /v2/projects/{projectId}/type-curves/{id}/fits',
      'not on a type curve',
    ],
  ] as Case[])('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(TypeCurveBatchPatchItem, value)).toContainEqual({ path, message, rule });
  });
});

describe('patchIdMismatch', () => {
  it('passes an absent, null or matching body id', () => {
    expect(patchIdMismatch(undefined, ID)).toBeUndefined();
    expect(patchIdMismatch(null, ID)).toBeUndefined();
    expect(patchIdMismatch(ID, ID)).toBeUndefined();
  });
  it('names the field, rule and value of a differing id', () => {
    expect(patchIdMismatch(FORECAST, ID)).toEqual({
      field: 'id',
      rule: 'matches path',
      value: FORECAST,
      message: `id ${FORECAST} in the body differs from the id ${ID} in the path`,
    });
  });
});

describe('excludedNotInWells', () => {
  it('returns the excluded ids not assigned, in order', () => {
    expect(excludedNotInWells([well(3), well(1), well(5)], [well(1), well(2)])).toEqual([well(3), well(5)]);
    expect(excludedNotInWells([], [])).toEqual([]);
  });
});

describe('TypeCurve (response)', () => {
  const stored = {
    id: ID,
    name: 'A',
    project: FORECAST,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  };
  it('accepts a type curve without the optional fields', () => {
    expect(TypeCurve.safeParse(stored).success).toBe(true);
    expect(
      TypeCurve.safeParse({ ...stored, forecast: FORECAST, forecastSeries: 'P10', wells: [], excludedWells: [] })
        .success,
    ).toBe(true);
  });
  it.each(['forecast', 'forecastSeries', 'wells', 'excludedWells'])('refuses a null %s (never null)', (f) => {
    expect(issuesOf(TypeCurve, { ...stored, [f]: null })[0]?.path).toBe(f);
  });
});

describe('limits and list query', () => {
  it('holds the limits of spec parts 4.4 and 8', () => {
    expect([TYPE_CURVE_TAKE_MAX, TYPE_CURVE_BATCH_MAX, TYPE_CURVE_WELLS_MAX, DELETE_FILTER_VALUES_MAX]).toEqual([
      2500, 100, 2000, 100,
    ]);
    expect(TYPE_CURVE_SORT).toEqual(['id', 'name', 'createdAt', 'updatedAt']);
  });
  it('defaults take 25 and sort id; take at most 2500; -id sorts', () => {
    expect(TypeCurveListQuery.parse({})).toEqual({ skip: 0, take: 25, sort: 'id' });
    expect(TypeCurveListQuery.parse({ take: '2500', sort: '-id' })).toEqual({ skip: 0, take: 2500, sort: '-id' });
    expect(issuesOf(TypeCurveListQuery, { take: '2501' })).toEqual([
      { path: 'take', message: 'take must be at most 2500', rule: 'too_big' },
    ]);
  });
});
