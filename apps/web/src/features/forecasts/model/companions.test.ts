import { type ForecastOutput, SegmentInput, segmentView } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { companions, wellsWithSegments } from './companions';
import { type Combo, comboKey, type Draft, draftFromView } from './drafts';
import { addRow } from './rowEdits';

const view = (qStart: number) =>
  segmentView(
    SegmentInput.parse({ segmentType: 'exp_dec', startDate: '2025-01-01', endDate: '2034-12-31', qStart, dEff: 0.3 }),
  );
const series = (qStart: number) => ({ segments: [view(qStart)], eur: 1 });
const output = (well: string, phase: 'oil' | 'gas' | 'water', over: Partial<ForecastOutput> = {}): ForecastOutput => ({
  id: `f:${well}:${phase}`,
  forecast: 'f',
  project: 'p',
  well,
  phase,
  forecastType: 'rate',
  data_freq: 'monthly',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const shown: Combo = { well: 'w1', phase: 'oil', series: 'best' };

describe('what the chart draws beside the edited series', () => {
  const outputs = [
    output('w1', 'oil', { best: series(500), p10: series(700), p90: series(300) }),
    output('w1', 'gas', { best: series(2000), p10: series(2500) }),
    output('w1', 'water', { forecastType: 'ratio', best: series(1) }),
    output('w2', 'gas', { best: series(900) }),
  ];

  it('the other phases of the same series, and the P10/P50/P90 of the edited phase', () => {
    const drawn = companions(outputs, shown, new Map());
    expect(drawn.map((c) => `${c.phase}/${c.series}/${c.kind}`)).toEqual([
      'oil/p10/series',
      'oil/p90/series',
      'gas/best/phase',
    ]);
    expect(drawn[2]!.segments[0]!.q0).toBe(2000);
  });

  it('draws an unsaved draft of another phase instead of what is stored', () => {
    const gas = draftFromView({ ...shown, phase: 'gas' }, null);
    const draft: Draft = {
      ...gas,
      rows: addRow(gas.rows, '2025-01-01').map((r) => ({ ...r, values: { ...r.values, qStart: '1234', dEff: '0.2' } })),
    };
    const drawn = companions(outputs, shown, new Map([[comboKey(draft.combo), draft]]));
    expect(drawn.find((c) => c.phase === 'gas')!.segments[0]!.q0).toBe(1234);
  });

  it('on a P10 it draws best and P90 of the phase, and the P10 of the other phases', () => {
    const drawn = companions(outputs, { ...shown, series: 'p10' }, new Map());
    expect(drawn.map((c) => `${c.phase}/${c.series}`)).toEqual(['oil/best', 'oil/p90', 'gas/p10']);
  });
});

describe('the well picker’s marks', () => {
  it('marks the wells with segments for the phase and series, drafts counting as they are', () => {
    const outputs = [output('w1', 'oil', { best: series(500) }), output('w2', 'oil', { p10: series(5) })];
    expect([...wellsWithSegments(outputs, 'oil', 'best', new Map())]).toEqual(['w1']);
    expect([...wellsWithSegments(outputs, 'oil', 'p10', new Map())]).toEqual(['w2']);
    const w3 = draftFromView({ well: 'w3', phase: 'oil', series: 'best' }, null);
    const drafted: Draft = { ...w3, rows: addRow(w3.rows, '2025-01-01') };
    expect(
      [...wellsWithSegments(outputs, 'oil', 'best', new Map([[comboKey(drafted.combo), drafted]]))].sort(),
    ).toEqual(['w1', 'w3']);
  });
});
