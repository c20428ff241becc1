import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf } from '../econModels/testing';
import { FitSegmentInput, fitsView, TypeCurveFitsInput, TypeCurveFitsView } from './fits';

const AT = '2026-11-22T10:00:00.000Z';

/** An exponential segment (valid for rate and ratio fits alike). */
const exp = (segmentIndex: number, startDate: string, endDate: string, extra: Record<string, unknown> = {}) => ({
  segmentIndex,
  segmentType: 'exp_dec',
  startDate,
  endDate,
  qStart: 100,
  d: 0.3,
  ...extra,
});
const linear = (segmentIndex: number, startDate: string, endDate: string, slope: number) => ({
  segmentIndex,
  segmentType: 'linear',
  startDate,
  endDate,
  qStart: 1000,
  slope,
});
const twoSegments = { segments: [exp(0, '2024-01-01', '2024-12-31'), linear(1, '2025-01-01', '2025-12-31', -0.5)] };
const oneSegment = { segments: [exp(0, '2024-01-01', '2024-12-31')] };

const rateFit = (patch: Record<string, unknown> = {}) => ({
  fitType: 'rate',
  regressionType: 'cum',
  eurPercentileMatched: true,
  best: twoSegments,
  ...patch,
});
const ratioFit = (patch: Record<string, unknown> = {}, ratio: Record<string, unknown> = {}) => ({
  fitType: 'ratio',
  regressionType: 'rate',
  eurPercentileMatched: false,
  ratio: { basePhase: 'oil', best: oneSegment, ...ratio },
  ...patch,
});
/** A body of an oil rate fit and a gas ratio fit on oil, with `oil` / `gas` patched. */
const body = (oil: Record<string, unknown> = {}, gas?: Record<string, unknown>) => ({
  oil: rateFit(oil),
  gas: gas ?? ratioFit(),
});
/** The oil rate fit alone with best replaced by `segments`. */
const withSegments = (segments: unknown[]) => ({ oil: rateFit({ best: { segments } }) });

type Case = [what: string, body: unknown, path: string, message: string, rule: string];

describe('TypeCurveFitsInput', () => {
  const accepted: [string, unknown][] = [
    ['an oil rate fit alone', { oil: rateFit() }],
    ['a water rate fit alone', { water: rateFit() }],
    ['all three phases', { ...body(), water: rateFit({ regressionType: 'rate' }) }],
    ['a rate fit with all four series', { oil: rateFit({ p10: oneSegment, p50: oneSegment, p90: oneSegment }) }],
    ['a rate fit with only p90', { oil: rateFit({ best: undefined, p90: oneSegment }) }],
    ['a rate fit with no series', { oil: rateFit({ best: undefined }) }],
    ['a ratio fit with every series', body({}, ratioFit({}, { p10: oneSegment, p50: oneSegment, p90: oneSegment }))],
    ['a ratio fit with no series', body({}, ratioFit({}, { best: undefined }))],
    ['a ratio fit on gas', { gas: rateFit(), water: ratioFit({}, { basePhase: 'gas' }) }],
    ['eurPercentileMatched false on a rate fit', { oil: rateFit({ eurPercentileMatched: false }) }],
    ['updatedAt on a phase (ignored)', { oil: rateFit({ updatedAt: AT }) }],
    [
      'every segment type',
      withSegments([
        exp(0, '2020-01-01', '2020-12-31', { segmentType: 'arps', b: 0.9 }),
        exp(1, '2021-01-01', '2021-12-31', { segmentType: 'arps_modified', b: 1.1, realizedDEffSw: 0.06 }),
        exp(2, '2022-01-01', '2022-12-31'),
        exp(3, '2023-01-01', '2023-12-31', { segmentType: 'exp_inc', d: -0.1 }),
        exp(4, '2024-01-01', '2024-12-31', { segmentType: 'flat', d: undefined }),
        linear(5, '2025-01-01', '2025-12-31', 0.5),
        { segmentIndex: 6, segmentType: 'empty', startDate: '2026-01-01', endDate: '2026-12-31' },
      ]),
    ],
    [
      'a deprecated segment field (mapped as in part 2.8)',
      withSegments([exp(0, '2024-01-01', '2024-12-31', { d: undefined, diEffSec: 0.3 })]),
    ],
  ];
  it.each(accepted)('accepts %s', (_, value) => {
    expect(issuesOf(TypeCurveFitsInput, value)).toEqual([]);
  });

  it('drops updatedAt and removed-field placeholders, keeps segmentIndex first', () => {
    expect(TypeCurveFitsInput.parse({ oil: rateFit({ updatedAt: AT, best: oneSegment }) })).toEqual({
      oil: { fitType: 'rate', regressionType: 'cum', eurPercentileMatched: true, best: oneSegment },
    });
    const parsed = TypeCurveFitsInput.parse(
      withSegments([exp(0, '2024-01-01', '2024-12-31', { d: undefined, diEffSec: 0.3 })]),
    );
    expect(parsed.oil?.best?.segments[0]).toEqual({
      segmentIndex: 0,
      segmentType: 'exp_dec',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      qStart: 100,
      dEff: 0.3,
    });
  });

  const removedOnFit: [field: string, message: string][] = [
    ['resolution', 'resolution was removed from V2 fits: volumes take resolution as a query parameter'],
    ['align', 'align was removed from V2 fits: segments carry their own dates'],
    ['normalize', 'normalize was removed from V2 fits: write PUT /{id}/normalization'],
    ['normalizations', 'normalizations was removed from V2 fits: write PUT /{id}/normalization'],
    ['type', 'type was renamed in V2: send fitType'],
    ['basePhase', 'basePhase moved in V2: send it as ratio.basePhase'],
  ];
  const EUR =
    'eur was removed from V2 series: the EUR follows from the segments (per-well eur is in the forecast outputs)';

  const rejected: Case[] = [
    ['an empty body', {}, '', 'send the fit of at least one phase (oil, gas, water)', 'not empty'],
    ['an array body', [rateFit()], '', 'fits must be an object keyed by phase (oil, gas, water)', 'invalid_type'],
    [
      'an unknown phase',
      { oil: rateFit(), condensate: rateFit() },
      '',
      'Unrecognized key: "condensate"',
      'unrecognized_keys',
    ],
    [
      'a missing fitType',
      { oil: rateFit({ fitType: undefined }) },
      'oil.fitType',
      'fitType must be rate or ratio',
      'invalid_value',
    ],
    [
      'fitType cum',
      { oil: rateFit({ fitType: 'cum' }) },
      'oil.fitType',
      'fitType must be rate or ratio',
      'invalid_value',
    ],
    [
      'a missing regressionType',
      { oil: rateFit({ regressionType: undefined }) },
      'oil.regressionType',
      'regressionType must be rate or cum',
      'invalid_value',
    ],
    [
      'regressionType ratio',
      { oil: rateFit({ regressionType: 'ratio' }) },
      'oil.regressionType',
      'regressionType must be rate or cum',
      'invalid_value',
    ],
    [
      'a missing eurPercentileMatched',
      { oil: rateFit({ eurPercentileMatched: undefined }) },
      'oil.eurPercentileMatched',
      'eurPercentileMatched must be true or false',
      'invalid_type',
    ],
    [
      'eurPercentileMatched true on a ratio fit',
      body({}, ratioFit({ eurPercentileMatched: true })),
      'gas.eurPercentileMatched',
      'eurPercentileMatched must be false on a ratio fit',
      'false for ratio',
    ],
    [
      'ratio on a rate fit',
      { oil: rateFit({ ratio: { basePhase: 'gas' } }) },
      'oil.ratio',
      'ratio applies only to a fit with fitType ratio',
      'only for ratio',
    ],
    [
      'a ratio fit without ratio',
      body({}, ratioFit({ ratio: undefined })),
      'gas.ratio',
      'a ratio fit needs ratio, with its basePhase',
      'required for ratio',
    ],
    [
      'a ratio fit with a top-level series',
      body({}, ratioFit({ p50: oneSegment })),
      'gas.p50',
      'a ratio fit holds its series under ratio: send ratio.p50',
      'only for rate',
    ],
    [
      'a ratio without basePhase',
      body({}, ratioFit({}, { basePhase: undefined })),
      'gas.ratio.basePhase',
      'basePhase must be one of oil, gas, water',
      'invalid_value',
    ],
    [
      'a ratio on its own phase',
      body({}, ratioFit({}, { basePhase: 'gas' })),
      'gas.ratio.basePhase',
      'basePhase must name a phase other than gas',
      'rate fit in body',
    ],
    [
      'a ratio on a phase missing from the body',
      { gas: ratioFit() },
      'gas.ratio.basePhase',
      'basePhase oil has no fit in this body: send the oil rate fit with it',
      'rate fit in body',
    ],
    [
      'a ratio on a ratio fit',
      { oil: rateFit(), gas: ratioFit(), water: ratioFit({}, { basePhase: 'gas' }) },
      'water.ratio.basePhase',
      'basePhase gas must be a rate fit (it is a ratio fit)',
      'rate fit in body',
    ],
    ['an unknown series', { oil: rateFit({ p25: oneSegment }) }, 'oil', 'Unrecognized key: "p25"', 'unrecognized_keys'],
    ...removedOnFit.map(
      ([field, message]): Case => [
        `${field} on a fit`,
        { oil: rateFit({ [field]: field === 'basePhase' ? 'gas' : 'x' }) },
        `oil.${field}`,
        message,
        'removed in V2',
      ],
    ),
    [
      'eur on a rate series',
      { oil: rateFit({ p10: { ...oneSegment, eur: 123 } }) },
      'oil.p10.eur',
      EUR,
      'removed in V2',
    ],
    [
      'eur on a ratio series',
      body({}, ratioFit({}, { best: { ...oneSegment, eur: 1 } })),
      'gas.ratio.best.eur',
      EUR,
      'removed in V2',
    ],
    [
      'basePhase on a ratio series',
      body({}, ratioFit({}, { p90: { ...oneSegment, basePhase: 'oil' } })),
      'gas.ratio.p90.basePhase',
      'basePhase is not sent per series in V2: send it once as ratio.basePhase',
      'removed in V2',
    ],
    [
      'a series without segments',
      { oil: rateFit({ best: {} }) },
      'oil.best.segments',
      'segments must be an array of segment objects',
      'invalid_type',
    ],
    [
      'a series with no segment',
      { oil: rateFit({ best: { segments: [] } }) },
      'oil.best.segments',
      'segments needs at least one segment: leave the series out for no fit',
      'too_small',
    ],
    [
      'a segment that is not an object',
      withSegments([1]),
      'oil.best.segments[0]',
      'a segment must be an object',
      'invalid_type',
    ],
    [
      'a segment without segmentIndex',
      withSegments([exp(0, '2024-01-01', '2024-12-31', { segmentIndex: undefined })]),
      'oil.best.segments[0].segmentIndex',
      'segmentIndex is required',
      'invalid_type',
    ],
    [
      'a fractional segmentIndex',
      withSegments([exp(0.5, '2024-01-01', '2024-12-31')]),
      'oil.best.segments[0].segmentIndex',
      'segmentIndex must be an integer',
      'invalid_type',
    ],
    [
      'a negative segmentIndex',
      withSegments([exp(-1, '2024-01-01', '2024-12-31')]),
      'oil.best.segments[0].segmentIndex',
      'segmentIndex must be 0 or more',
      'too_small',
    ],
    [
      'segments out of order',
      withSegments([exp(0, '2024-01-01', '2024-12-31'), exp(2, '2025-01-01', '2025-12-31')]),
      'oil.best.segments[1].segmentIndex',
      'segmentIndex must be 1: segments are numbered 0, 1, 2… in order (found 2)',
      'in order',
    ],
    [
      'a first segment numbered 1',
      withSegments([exp(1, '2024-01-01', '2024-12-31')]),
      'oil.best.segments[0].segmentIndex',
      'segmentIndex must be 0: segments are numbered 0, 1, 2… in order (found 1)',
      'in order',
    ],
    [
      'a gap between segments',
      withSegments([exp(0, '2024-01-01', '2024-12-31'), exp(1, '2025-01-05', '2025-12-31')]),
      'oil.best.segments[1].startDate',
      'startDate must be 2025-01-01, the day after segment 0 ends (found a gap; use an empty segment for a period without production)',
      'contiguous',
    ],
    [
      'overlapping segments',
      withSegments([exp(0, '2024-01-01', '2024-12-31'), exp(1, '2024-12-01', '2025-12-31')]),
      'oil.best.segments[1].startDate',
      'startDate must be 2025-01-01, the day after segment 0 ends (found an overlap; use an empty segment for a period without production)',
      'contiguous',
    ],
    [
      'an unknown segment type',
      withSegments([exp(0, '2024-01-01', '2024-12-31', { segmentType: 'hyperbolic' })]),
      'oil.best.segments[0].segmentType',
      'segmentType must be one of arps, arps_inc, exp_dec, exp_inc, flat, linear, arps_modified, empty',
      'invalid_value',
    ],
    [
      'an unknown segment field',
      withSegments([exp(0, '2024-01-01', '2024-12-31', { foo: 1 })]),
      'oil.best.segments[0]',
      'Unrecognized key: "foo"',
      'unrecognized_keys',
    ],
    [
      'a field its type does not take',
      withSegments([exp(0, '2024-01-01', '2024-12-31', { b: 0.5 })]),
      'oil.best.segments[0].b',
      'b does not apply to segmentType exp_dec (it takes qStart, d, dEff)',
      'not for exp_dec',
    ],
    [
      'both d and dEff',
      withSegments([exp(0, '2024-01-01', '2024-12-31', { dEff: 0.2 })]),
      'oil.best.segments[0].dEff',
      'send either d (0.3) or dEff (0.2), not both (spec part 2.8)',
      'not with d',
    ],
    [
      'a bad date in a ratio series',
      body({}, ratioFit({}, { best: { segments: [exp(0, '2024-13-01', '2024-12-31')] } })),
      'gas.ratio.best.segments[0].startDate',
      'must be a real calendar date',
      'calendar date',
    ],
  ];
  it.each(rejected)('rejects %s', (_, value, path, message, rule) => {
    expect(issuesOf(TypeCurveFitsInput, value)).toContainEqual({ path, message, rule });
  });

  it('reports the decline math of part 2.8 at the segment field', () => {
    const missingDecline = withSegments([exp(0, '2024-01-01', '2024-12-31', { d: undefined })]);
    const issues = issuesOf(TypeCurveFitsInput, missingDecline);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('oil.best.segments[0].d');
    expect(issues[0]?.message).toContain('d or dEff is required');
    const negativeRate = withSegments([linear(0, '2024-01-01', '2024-12-31', -10)]);
    expect(issuesOf(TypeCurveFitsInput, negativeRate)[0]?.path).toMatch(/^oil\.best\.segments\[0\]\./);
  });

  it('renders to JSON Schema', () => {
    expect(() => z.toJSONSchema(TypeCurveFitsInput, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(TypeCurveFitsView, { io: 'output' })).not.toThrow();
    expect(() => z.toJSONSchema(FitSegmentInput, { io: 'input' })).not.toThrow();
  });
});

describe('fitsView', () => {
  const stored = TypeCurveFitsInput.parse({
    ...body({ p50: { segments: [linear(0, '2024-01-01', '2024-12-31', 0)] } }),
    water: rateFit({ best: { segments: [linear(0, '2024-01-01', '2024-12-31', 2.5)] } }),
  });

  it('turns a linear slope into its sign and adds each phase’s updatedAt', () => {
    const view = fitsView(stored, { oil: AT, water: AT });
    expect(view.oil?.best?.segments.map((s) => s.slope)).toEqual([undefined, -1]);
    expect(view.oil?.p50?.segments[0]?.slope).toBe(0);
    expect(view.water?.best?.segments[0]?.slope).toBe(1);
    expect(view.oil?.updatedAt).toBe(AT);
    expect(view.gas).not.toHaveProperty('updatedAt');
    expect(view.gas?.ratio).toEqual({ basePhase: 'oil', best: oneSegment });
    expect(TypeCurveFitsView.safeParse(view).success).toBe(true);
  });

  it('leaves the stored fits untouched and reads a never-fitted curve as {}', () => {
    const before = structuredClone(stored);
    fitsView(stored, { oil: AT });
    expect(stored).toEqual(before);
    expect(fitsView({})).toEqual({});
  });

  it('gives a GET body that is a valid PUT body (updatedAt ignored on write)', () => {
    const view = fitsView(stored, { oil: AT, gas: AT, water: AT });
    const rewritten = TypeCurveFitsInput.parse(view);
    expect(rewritten.oil?.best?.segments[1]?.slope).toBe(-1);
    expect(rewritten.oil).not.toHaveProperty('updatedAt');
  });

  it('cannot round-trip a linear segment whose sign would drive the rate below zero (spec 2.9 vs 2.8)', () => {
    // qStart 50 with slope -0.01 stays positive for a year; with slope -1 it does not.
    const small = TypeCurveFitsInput.parse({
      oil: rateFit({ best: { segments: [{ ...linear(0, '2024-01-01', '2024-12-31', -0.01), qStart: 50 }] } }),
    });
    expect(TypeCurveFitsInput.safeParse(fitsView(small)).success).toBe(false);
  });
});
