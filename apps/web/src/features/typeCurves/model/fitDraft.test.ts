import { TypeCurveFitsInput, type TypeCurveFitsView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  detailPath,
  fitsBody,
  fitsDirty,
  fitsDraftFromView,
  mergeFitIssues,
  newPhaseFit,
  placeServerFitErrors,
  rowsFromFitSegments,
  seriesKey,
  setFitType,
  validateFits,
} from './fitDraft';

const exp = (segmentIndex: number, startDate: string, endDate: string, extra: Record<string, number> = {}) => ({
  segmentIndex,
  segmentType: 'exp_dec' as const,
  startDate,
  endDate,
  qStart: 100,
  d: 0.3,
  ...extra,
});

const view: TypeCurveFitsView = {
  oil: {
    fitType: 'rate',
    regressionType: 'cum',
    eurPercentileMatched: true,
    best: { segments: [exp(0, '2025-01-01', '2025-12-31'), exp(1, '2026-01-01', '2030-12-31', { qStart: 70 })] },
    p90: { segments: [exp(0, '2025-01-01', '2025-12-31')] },
    updatedAt: '2026-11-22T10:00:00.000Z',
  },
  gas: {
    fitType: 'ratio',
    regressionType: 'rate',
    eurPercentileMatched: false,
    ratio: { basePhase: 'oil', best: { segments: [exp(0, '2025-01-01', '2030-12-31', { qStart: 2 })] } },
  },
};

describe('fitsDraftFromView / fitsBody', () => {
  it('gives back a GET body as a PUT body the contract accepts (series in place, updatedAt dropped)', () => {
    const body = fitsBody(fitsDraftFromView(view));
    const { updatedAt: _, ...oil } = view.oil!;
    expect(body).toEqual({ oil, gas: view.gas });
    expect(TypeCurveFitsInput.safeParse(body).success).toBe(true);
  });

  it('is not dirty until something changes, and leaves out series without segments', () => {
    const base = fitsDraftFromView(view);
    const draft = fitsDraftFromView(view);
    expect(fitsDirty(draft, base)).toBe(false);
    draft.oil!.series.p90 = [];
    expect(fitsDirty(draft, base)).toBe(true);
    expect(fitsBody(draft).oil).not.toHaveProperty('p90');
  });

  it('reads a never-fitted type curve as no phases (a PUT of it is refused as empty)', () => {
    expect(fitsDraftFromView({})).toEqual({});
    expect(validateFits({}).general).toEqual(['send the fit of at least one phase (oil, gas, water)']);
  });
});

describe('rowsFromFitSegments', () => {
  it('enters a row by the decline that was stored (d here, dEff there)', () => {
    const rows = rowsFromFitSegments([
      exp(0, '2025-01-01', '2025-12-31'),
      { ...exp(1, '2026-01-01', '2026-12-31'), d: undefined, dEff: 0.25 },
    ]);
    expect(rows.map((r) => [r.declineBy, r.values[r.declineBy]])).toEqual([
      ['d', '0.3'],
      ['dEff', '0.25'],
    ]);
  });
});

describe('setFitType / newPhaseFit', () => {
  it('a ratio fit is never EUR-percentile matched, and is based on a rate fit of the draft', () => {
    const draft = fitsDraftFromView(view);
    const water = newPhaseFit('water', draft);
    expect(water.basePhase).toBe('oil');
    expect(setFitType({ ...water, eurPercentileMatched: true }, 'ratio').eurPercentileMatched).toBe(false);
  });

  it('moves the series under ratio when the fit becomes a ratio fit', () => {
    const draft = fitsDraftFromView(view);
    draft.water = setFitType(newPhaseFit('water', draft), 'ratio');
    draft.water.series.best = rowsFromFitSegments([exp(0, '2025-01-01', '2025-12-31', { qStart: 3 })]);
    expect(fitsBody(draft).water).toMatchObject({ fitType: 'ratio', ratio: { basePhase: 'oil', best: {} } });
    expect(fitsBody(draft).water).not.toHaveProperty('best');
  });
});

describe('validateFits', () => {
  it('puts a segment error next to its row and field in its phase and series', () => {
    const draft = fitsDraftFromView(view);
    const row = draft.gas!.series.best[0]!;
    draft.gas!.series.best = [{ ...row, values: { ...row.values, d: '' } }];
    const issues = validateFits(draft);
    expect(issues.series[seriesKey('gas', 'best')]?.rows[row.key]?.d).toContain('d or dEff is required');
  });

  it('puts a ratio on a missing phase on the base phase select', () => {
    const draft = fitsDraftFromView(view);
    draft.oil = undefined;
    expect(validateFits(draft).phase.gas?.basePhase).toBe(
      'basePhase oil has no fit in this body: send the oil rate fit with it',
    );
  });

  it('marks a gap between segments on the later start date', () => {
    const draft = fitsDraftFromView(view);
    const [a, b] = draft.oil!.series.best;
    draft.oil!.series.best = [a!, { ...b!, startDate: '2026-02-01' }];
    expect(validateFits(draft).series['oil/best']?.rows[b!.key]?.startDate).toMatch(/^startDate must be 2026-01-01/);
  });
});

describe('server errors', () => {
  it('reads detail fields as paths', () => {
    expect(detailPath('gas.ratio.best.segments[2].dEff')).toEqual(['gas', 'ratio', 'best', 'segments', 2, 'dEff']);
    expect(detailPath('')).toEqual([]);
  });

  it('places 400 details on rows, settings and the general list, without a leading field name', () => {
    const draft = fitsDraftFromView(view);
    const row = draft.oil!.series.best[1]!;
    const issues = placeServerFitErrors(
      [
        { field: 'oil.best.segments[1].qStart', message: 'oil.best.segments[1].qStart: too large' },
        { field: 'oil.regressionType', message: 'regressionType must be rate or cum' },
        { field: 'water', message: 'no water here' },
      ],
      draft,
    );
    expect(issues.series['oil/best']?.rows[row.key]?.qStart).toBe('too large');
    expect(issues.phase.oil?.regressionType).toBe('regressionType must be rate or cum');
    expect(issues.general).toEqual(['no water here']);
    const merged = mergeFitIssues(validateFits(draft), issues);
    expect(merged.series['oil/best']?.rows[row.key]?.qStart).toBe('too large');
  });
});
