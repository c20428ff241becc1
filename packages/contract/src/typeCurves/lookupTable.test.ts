import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf } from '../econModels/testing';
import { LOOKUP_RULES_MAX, LookupTable, LookupTableInput } from './lookupTable';

const TC = '6523f1a2b4c5d6e7f8091a2b';
const rule = { filter: [{ key: 'county', operator: 'equals', value: 'Reeves' }], typeCurve: TC };
const table = { name: 'Delaware lookup', caseInsensitiveMatching: true, tags: ['permian'], rules: [rule] };

const withTable = (patch: Record<string, unknown>) => ({ ...table, ...patch });
const withRule = (patch: Record<string, unknown>) => withTable({ rules: [rule, { ...rule, ...patch }] });

const accepted: [string, unknown][] = [
  ['a full table', table],
  ['only a name', { name: 'x' }],
  ['a body id (compared with the path by PUT /{id})', withTable({ id: TC })],
  ['no rules', withTable({ rules: [] })],
  [`${LOOKUP_RULES_MAX} rules`, withTable({ rules: Array.from({ length: LOOKUP_RULES_MAX }, () => rule) })],
  ['a rule without filter', withRule({ filter: undefined })],
  ['an empty filter', withRule({ filter: [] })],
  ['string filter entries', withRule({ filter: ['group A'] })],
  ['applySeries', withRule({ applySeries: 'best' })],
  ['fpdSource fixed with fixedDate', withRule({ fpdSource: 'fixed', fixedDate: '2025-01-01' })],
  ['another fpdSource', withRule({ fpdSource: 'well_header' })],
  ['risk factors at 0', withRule({ riskFactorPeakOil: 0, riskFactorPeakGas: 0, riskFactorPeakWater: 0 })],
  ['risk factors above 1', withRule({ riskFactorPeakOil: 1.25, riskFactorPeakGas: 2, riskFactorPeakWater: 0.5 })],
  ['normalization own', withRule({ normalization: { source: 'own' } })],
  ['normalization shared with preset', withRule({ normalization: { source: 'shared', preset: 'preset-1' } })],
];

/** [what, body, path, part of the message, rule]: each body breaks exactly one rule. */
const rejected: [string, unknown, string, string, string][] = [
  // the table
  ['no name', withTable({ name: undefined }), 'name', 'name must be a string', 'invalid_type'],
  ['an empty name', withTable({ name: '' }), 'name', 'name must not be empty', 'too_small'],
  ['a name with U+0000', withTable({ name: 'a\u0000' }), 'name', 'U+0000', 'no U+0000'],
  [
    'caseInsensitiveMatching not a boolean',
    withTable({ caseInsensitiveMatching: 'yes' }),
    'caseInsensitiveMatching',
    'must be true or false',
    'invalid_type',
  ],
  ['tags not an array', withTable({ tags: 'a' }), 'tags', 'tags must be an array of strings', 'invalid_type'],
  ['a bad id', withTable({ id: 'x' }), 'id', '24-character hexadecimal id', 'invalid_format'],
  ['an unknown table field', withTable({ project: TC }), '', 'Unrecognized key: "project"', 'unrecognized_keys'],
  ['rules not an array', withTable({ rules: {} }), 'rules', 'rules must be an array', 'invalid_type'],
  [
    `${LOOKUP_RULES_MAX + 1} rules`,
    withTable({ rules: Array.from({ length: LOOKUP_RULES_MAX + 1 }, () => rule) }),
    'rules',
    'rules holds at most 2000 rules',
    'too_big',
  ],
  // rule fields
  [
    'filter not an array',
    withRule({ filter: 'county = Reeves' }),
    'rules[1].filter',
    'filter must be an array',
    'invalid_type',
  ],
  [
    'a numeric filter entry',
    withRule({ filter: [1] }),
    'rules[1].filter[0]',
    'must be an object or a string',
    'invalid_union',
  ],
  ['no typeCurve', withRule({ typeCurve: undefined }), 'rules[1].typeCurve', '', 'invalid_type'],
  [
    'a typeCurve that is not an id',
    withRule({ typeCurve: 'abc' }),
    'rules[1].typeCurve',
    '24-character hexadecimal id',
    'invalid_format',
  ],
  ['an empty applySeries', withRule({ applySeries: '' }), 'rules[1].applySeries', 'must not be empty', 'too_small'],
  [
    'fpdSource schedule',
    withRule({ fpdSource: 'schedule' }),
    'rules[1].fpdSource',
    'fpdSource schedule was removed',
    'removed',
  ],
  [
    'fpdSource fixed without fixedDate',
    withRule({ fpdSource: 'fixed' }),
    'rules[1].fixedDate',
    'fixedDate is required with fpdSource fixed',
    'required with fpdSource fixed',
  ],
  [
    'a fixedDate not a date',
    withRule({ fixedDate: '01/02/2025' }),
    'rules[1].fixedDate',
    'YYYY-MM-DD',
    'invalid_format',
  ],
  [
    'a negative riskFactorPeakOil',
    withRule({ riskFactorPeakOil: -0.1 }),
    'rules[1].riskFactorPeakOil',
    'riskFactorPeakOil must be 0 or more',
    'too_small',
  ],
  [
    'a negative riskFactorPeakGas',
    withRule({ riskFactorPeakGas: -1 }),
    'rules[1].riskFactorPeakGas',
    'riskFactorPeakGas must be 0 or more',
    'too_small',
  ],
  [
    'riskFactorPeakWater not a number',
    withRule({ riskFactorPeakWater: '1' }),
    'rules[1].riskFactorPeakWater',
    'riskFactorPeakWater must be a number',
    'invalid_type',
  ],
  // normalization
  [
    'normalization not an object',
    withRule({ normalization: 'own' }),
    'rules[1].normalization',
    'normalization must be {source: own} or {source: shared, preset}',
    'invalid_type',
  ],
  [
    'an unknown normalization source',
    withRule({ normalization: { source: 'global' } }),
    'rules[1].normalization.source',
    'normalization must be {source: own}',
    'invalid_union',
  ],
  [
    'shared without preset',
    withRule({ normalization: { source: 'shared' } }),
    'rules[1].normalization.preset',
    'preset is required with source shared',
    'invalid_type',
  ],
  [
    'own with preset',
    withRule({ normalization: { source: 'own', preset: 'p' } }),
    'rules[1].normalization.preset',
    'preset goes only with source shared',
    'only with source shared',
  ],
  // removed and renamed fields, by name
  ['phase (removed)', withRule({ phase: 'oil' }), 'rules[1].phase', 'phase was removed in V2', 'removed'],
  [
    'resolution (removed)',
    withRule({ resolution: 'monthly' }),
    'rules[1].resolution',
    'resolution was removed in V2',
    'removed',
  ],
  [
    'applyNormalization (removed)',
    withRule({ applyNormalization: true }),
    'rules[1].applyNormalization',
    'applyNormalization was removed in V2: send normalization',
    'removed',
  ],
  [
    'riskFactorOil (renamed)',
    withRule({ riskFactorOil: 1 }),
    'rules[1].riskFactorOil',
    'riskFactorOil was renamed: send riskFactorPeakOil',
    'removed',
  ],
  [
    'riskFactorGas (renamed)',
    withRule({ riskFactorGas: 1 }),
    'rules[1].riskFactorGas',
    'send riskFactorPeakGas',
    'removed',
  ],
  [
    'riskFactorWater (renamed)',
    withRule({ riskFactorWater: 1 }),
    'rules[1].riskFactorWater',
    'send riskFactorPeakWater',
    'removed',
  ],
  ['an unknown rule field', withRule({ priority: 1 }), 'rules[1]', 'Unrecognized key: "priority"', 'unrecognized_keys'],
];

describe('LookupTableInput', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(LookupTableInput, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(LookupTableInput, value)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it('fills the defaults: caseInsensitiveMatching false, tags [], rules [], filter []', () => {
    expect(LookupTableInput.parse({ name: 'x' })).toEqual({
      name: 'x',
      caseInsensitiveMatching: false,
      tags: [],
      rules: [],
    });
    expect(LookupTableInput.parse({ name: 'x', rules: [{ typeCurve: TC }] }).rules[0]?.filter).toEqual([]);
  });

  it('converts to JSON Schema', () => {
    expect(() => z.toJSONSchema(LookupTableInput, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(LookupTable, { io: 'output' })).not.toThrow();
  });
});

describe('LookupTable', () => {
  const stored = {
    id: TC,
    ...LookupTableInput.parse({ name: 'x', rules: [{ typeCurve: TC }] }),
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  };

  it('accepts a stored table, a rule unlinked from a deleted type curve included', () => {
    expect(issuesOf(LookupTable, stored)).toEqual([]);
    expect(issuesOf(LookupTable, { ...stored, rules: [{ filter: [] }] })).toEqual([]);
  });

  it('requires filter to be an array on read', () => {
    expect(issuesOf(LookupTable, { ...stored, rules: [{ typeCurve: TC }] }).map((i) => i.path)).toEqual([
      'rules[0].filter',
    ]);
  });
});
