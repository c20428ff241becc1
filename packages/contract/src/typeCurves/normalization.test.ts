import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf } from '../econModels/testing';
import {
  emptyPhases,
  NORMALIZATION_FIT_TYPES,
  NORMALIZATION_HEADERS,
  NORMALIZATION_Y_AXES,
  NormalizationInput,
  NormalizationView,
  normalizationHeaderKey,
} from './normalization';

const seg = (xStart: number, fitType = 'linear', aValue = 1.2, bValue = 0.5) => ({ xStart, fitType, aValue, bValue });

const phase = {
  xAxis: 'perf_lateral_length',
  yAxis: 'eur',
  targets: [{ key: 'perf_lateral_length', value: 10000 }],
  eur: { segments: [seg(0), seg(5000, 'power_law_fit')] },
  peak: { segments: [] },
};

/** A document whose phase `name` is `phase` with `patch` applied (undefined drops a key). */
const body = (patch: Record<string, unknown>, name: 'oil' | 'gas' | 'water' = 'oil') => ({
  oil: phase,
  gas: phase,
  water: phase,
  [name]: { ...phase, ...patch },
});
const eurSegs = (segments: unknown[]) => body({ eur: { segments } });
const basis = {
  xAxis: undefined,
  customBasisKey: 'basis_1',
  targets: [{ key: 'oil_eur/perf_lateral_length', value: 2 }],
};

const accepted: [string, unknown][] = [
  ['a full document', body({})],
  ...NORMALIZATION_Y_AXES.map((y): [string, unknown] => [`yAxis ${y}`, body({ yAxis: y })]),
  ...NORMALIZATION_FIT_TYPES.map((f): [string, unknown] => [`fitType ${f}`, eurSegs([seg(0, f)])]),
  ['1_to_1 without coefficients', eurSegs([{ xStart: 0, fitType: '1_to_1' }])],
  ['empty segments (no normalization)', body({ eur: { segments: [] } })],
  ['5 segments', eurSegs([seg(0), seg(1), seg(2), seg(3), seg(4)])],
  ['5 peak segments', body({ yAxis: 'peak', peak: { segments: [seg(-1), seg(1), seg(2), seg(3), seg(4)] } })],
  ['no targets', body({ targets: undefined })],
  ['no peak factor with yAxis eur (peak unused)', body({ peak: undefined })],
  ['no peak factor with yAxis eur_per_pll', body({ yAxis: 'eur_per_pll', peak: undefined })],
  ['no eur factor with yAxis peak (eur unused)', body({ yAxis: 'peak', eur: undefined, peak: { segments: [seg(0)] } })],
  ['3 targets', body({ targets: [1, 2, 3].map((value) => ({ key: `k${value}`, value })) })],
  ['any non-empty header key as xAxis', body({ xAxis: 'true_vertical_depth' })],
  ['customBasisKey with one target and no xAxis', body(basis)],
  ['customBasisKey with a plain header xAxis', body({ ...basis, xAxis: 'perf_lateral_length' })],
  ['customBasisKey with yAxis peak', body({ ...basis, yAxis: 'peak' })],
  ['customBasisKey with yAxis eur_per_pll', body({ ...basis, yAxis: 'eur_per_pll' })],
  ['gas linked to oil', body({ linkedTo: 'oil' }, 'gas')],
  ['gas and water linked to oil', { ...body({ linkedTo: 'oil' }, 'gas'), water: { ...phase, linkedTo: 'oil' } }],
];

/** [what, body, path, part of the message, rule]: each body breaks exactly one rule. */
const rejected: [string, unknown, string, string, string][] = [
  ['a body that is not an object', [], '', 'must be an object with oil, gas and water', 'invalid_type'],
  ['a missing phase', { oil: phase, gas: phase }, 'water', 'water is required: all three phases', 'invalid_type'],
  [
    'an unknown phase key',
    { ...body({}), condensate: phase },
    '',
    'Unrecognized key: "condensate"',
    'unrecognized_keys',
  ],
  ['a phase that is not an object', { ...body({}), gas: 1 }, 'gas', 'gas must be an object', 'invalid_type'],
  ['an unknown phase field', body({ normalize: true }), 'oil', 'Unrecognized key: "normalize"', 'unrecognized_keys'],
  // xAxis
  ['no xAxis without customBasisKey', body({ xAxis: undefined }), 'oil.xAxis', 'xAxis is required', 'required'],
  ['an empty xAxis', body({ xAxis: '' }), 'oil.xAxis', 'xAxis must not be empty', 'too_small'],
  ['xAxis not a string', body({ xAxis: 3 }), 'oil.xAxis', 'xAxis must be a header key string', 'invalid_type'],
  [
    'a composite ratio xAxis (as read with customBasisKey)',
    body({ ...basis, xAxis: 'oil_eur/perf_lateral_length' }),
    'oil.xAxis',
    'composite ratio',
    'no composite ratio',
  ],
  // yAxis
  ['no yAxis', body({ yAxis: undefined }), 'oil.yAxis', 'yAxis must be one of eur, peak', 'invalid_value'],
  ['an unknown yAxis', body({ yAxis: 'eur_and_q_peak' }), 'oil.yAxis', 'yAxis must be one of', 'invalid_value'],
  // targets
  [
    '4 targets',
    body({ targets: [1, 2, 3, 4].map((value) => ({ key: 'k', value })) }),
    'oil.targets',
    'at most 3 targets',
    'too_big',
  ],
  [
    'a target value not a number',
    body({ targets: [{ key: 'k', value: '1' }] }),
    'oil.targets[0].value',
    'value must be a number',
    'invalid_type',
  ],
  [
    'a target without key',
    body({ targets: [{ value: 1 }] }),
    'oil.targets[0].key',
    'key must be a header key string',
    'invalid_type',
  ],
  // factors and segments
  [
    'no eur factor with yAxis eur',
    body({ eur: undefined }),
    'oil.eur',
    'eur must be an object holding segments',
    'required',
  ],
  [
    'no peak factor with yAxis peak',
    body({ yAxis: 'peak', peak: undefined }),
    'oil.peak',
    'peak must be an object holding segments: yAxis peak uses it',
    'required',
  ],
  [
    'no eur factor with yAxis eur_per_pll',
    body({ yAxis: 'eur_per_pll', eur: undefined }),
    'oil.eur',
    'yAxis eur_per_pll uses it',
    'required',
  ],
  [
    'no peak factor with yAxis eur_and_peak',
    body({ yAxis: 'eur_and_peak', peak: undefined }),
    'oil.peak',
    'yAxis eur_and_peak uses it',
    'required',
  ],
  [
    'a factor that is not an object',
    body({ peak: 'none' }),
    'oil.peak',
    'peak must be an object holding segments',
    'invalid_type',
  ],
  [
    'segments not an array',
    body({ peak: { segments: {} } }),
    'oil.peak.segments',
    'peak.segments must be an array',
    'invalid_type',
  ],
  ['6 segments', eurSegs([0, 1, 2, 3, 4, 5].map((x) => seg(x))), 'oil.eur.segments', 'at most 5 segments', 'too_big'],
  [
    'xStart equal to the previous one',
    eurSegs([seg(0), seg(10), seg(10)]),
    'oil.eur.segments[2].xStart',
    'segments[2].xStart (10) must be greater than segments[1].xStart (10)',
    'strictly increasing',
  ],
  [
    'xStart decreasing',
    body({ peak: { segments: [seg(5), seg(1)] } }),
    'oil.peak.segments[1].xStart',
    'segments[1].xStart (1) must be greater',
    'strictly increasing',
  ],
  [
    'no xStart',
    eurSegs([{ fitType: 'linear', aValue: 1, bValue: 1 }]),
    'oil.eur.segments[0].xStart',
    'xStart must be a number',
    'invalid_type',
  ],
  [
    'an unknown fitType',
    eurSegs([seg(0, 'exponential')]),
    'oil.eur.segments[0].fitType',
    'fitType must be one of linear, power_law_fit, 1_to_1',
    'invalid_value',
  ],
  [
    'linear without aValue',
    eurSegs([{ xStart: 0, fitType: 'linear', bValue: 1 }]),
    'oil.eur.segments[0].aValue',
    'aValue is required with fitType linear',
    'required',
  ],
  [
    'power_law_fit without bValue',
    eurSegs([{ xStart: 0, fitType: 'power_law_fit', aValue: 1 }]),
    'oil.eur.segments[0].bValue',
    'bValue is required with fitType power_law_fit',
    'required',
  ],
  [
    'aValue not a number',
    eurSegs([{ ...seg(0), aValue: 'x' }]),
    'oil.eur.segments[0].aValue',
    'aValue must be a number',
    'invalid_type',
  ],
  [
    'a V1 slope on a segment',
    eurSegs([{ ...seg(0), slope: 1 }]),
    'oil.eur.segments[0]',
    'Unrecognized key: "slope"',
    'unrecognized_keys',
  ],
  // customBasisKey
  [
    'customBasisKey with eur_and_peak',
    body({ ...basis, yAxis: 'eur_and_peak' }),
    'oil.customBasisKey',
    'needs a single-factor yAxis',
    'single-factor yAxis',
  ],
  [
    'customBasisKey with two targets',
    body({
      ...basis,
      targets: [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ],
    }),
    'oil.targets',
    'with customBasisKey, targets holds exactly one target (got 2)',
    'exactly 1 with customBasisKey',
  ],
  [
    'customBasisKey without targets',
    body({ ...basis, targets: [] }),
    'oil.targets',
    'exactly one target (got 0)',
    'exactly 1 with customBasisKey',
  ],
  ['an empty customBasisKey', body({ customBasisKey: '' }), 'oil.customBasisKey', 'must not be empty', 'too_small'],
  // linkedTo
  [
    'linkedTo an unknown phase',
    body({ linkedTo: 'ngl' }),
    'oil.linkedTo',
    'linkedTo must be one of oil, gas, water',
    'invalid_value',
  ],
  [
    'a phase linked to itself',
    body({ linkedTo: 'gas' }, 'gas'),
    'gas.linkedTo',
    'gas cannot link to itself',
    'not itself',
  ],
];

describe('NormalizationInput', () => {
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(NormalizationInput, value)).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(NormalizationInput, value)).toEqual([{ path, message: expect.stringContaining(message), rule }]);
  });

  it('reads a factor the y-axis does not use, left out, as empty segments', () => {
    const parsed = NormalizationInput.parse({
      ...body({ peak: undefined }),
      gas: { ...phase, yAxis: 'peak', eur: undefined },
    });
    expect(parsed.oil.peak).toEqual({ segments: [] });
    expect(parsed.oil.eur).toEqual(phase.eur);
    expect(parsed.gas.eur).toEqual({ segments: [] });
  });

  it('refuses a link to a phase that is itself linked, naming the chain', () => {
    const doc = { oil: phase, gas: { ...phase, linkedTo: 'oil' }, water: { ...phase, linkedTo: 'gas' } };
    expect(issuesOf(NormalizationInput, doc)).toEqual([
      {
        path: 'water.linkedTo',
        message: 'water cannot link to gas: gas is itself linked to oil',
        rule: 'not to a linked phase',
      },
    ]);
  });

  it('reads absent targets as []', () => {
    expect(NormalizationInput.parse(body({ targets: undefined })).oil.targets).toEqual([]);
  });

  it('accepts a stored view as a write body once the composite xAxis is dropped (write rule 2)', () => {
    const view = NormalizationView.parse(body({ ...basis, xAxis: 'oil_eur/perf_lateral_length' }));
    expect(issuesOf(NormalizationInput, view).map((i) => i.rule)).toEqual(['no composite ratio']);
    const { xAxis: _dropped, ...oil } = view.oil;
    expect(issuesOf(NormalizationInput, { ...view, oil })).toEqual([]);
    expect(issuesOf(NormalizationInput, NormalizationView.parse(body({})))).toEqual([]);
  });

  it('converts to JSON Schema', () => {
    expect(() => z.toJSONSchema(NormalizationInput, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(NormalizationView, { io: 'output' })).not.toThrow();
  });
});

describe('emptyPhases', () => {
  const none: { segments: unknown[] } = { segments: [] };
  const some = { segments: [seg(0)] };
  const p = (yAxis: string, eur: typeof none, peak: typeof none, linkedTo?: string) =>
    ({ yAxis, eur, peak, ...(linkedTo ? { linkedTo } : {}) }) as Parameters<typeof emptyPhases>[0]['oil'];

  it.each([
    [
      'no phase empty',
      { oil: p('eur', some, none), gas: p('peak', none, some), water: p('eur_per_pll', some, none) },
      [],
    ],
    [
      'every phase empty',
      { oil: p('eur', none, some), gas: p('peak', some, none), water: p('eur_and_peak', none, none) },
      ['oil', 'gas', 'water'],
    ],
    [
      'eur_and_peak with one factor set is not empty',
      { oil: p('eur_and_peak', none, some), gas: p('eur_and_peak', some, none), water: p('eur', some, none) },
      [],
    ],
    [
      'a phase linked to an empty phase',
      { oil: p('eur', none, none), gas: p('eur', some, none, 'oil'), water: p('eur', some, none) },
      ['oil', 'gas'],
    ],
    [
      'a phase without segments linked to a set phase',
      { oil: p('eur', some, none), gas: p('eur', none, none, 'oil'), water: p('peak', none, none) },
      ['water'],
    ],
  ] as const)('%s', (_, doc, expected) => {
    expect(emptyPhases(doc as Parameters<typeof emptyPhases>[0])).toEqual(expected);
  });

  it('works on a parsed input body', () => {
    expect(emptyPhases(NormalizationInput.parse(body({ eur: none }, 'water')))).toEqual(['water']);
  });
});

describe('normalization header keys', () => {
  it('writes a catalog header in the spec’s snake case, and lists only the numeric headers', () => {
    expect(normalizationHeaderKey('perfLateralLength')).toBe('perf_lateral_length');
    expect(normalizationHeaderKey('trueVerticalDepth')).toBe('true_vertical_depth');
    expect(NORMALIZATION_HEADERS.get('perf_lateral_length')?.name).toBe('perfLateralLength');
    expect(NORMALIZATION_HEADERS.has('county')).toBe(false);
    for (const { def } of NORMALIZATION_HEADERS.values()) expect(def.kind).toBe('number');
  });
});
