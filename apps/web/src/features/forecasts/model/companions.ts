import type { ForecastOutput, Phase, Series } from '@econ/contract';
import type { Segment } from '@econ/decline';
import { drawableSegments } from './computed';
import { type Combo, comboKey, type Draft, isDirty } from './drafts';
import { rowsFromView } from './segmentRows';

/** A stored (or drafted) series drawn with the one being edited, read-only. */
export interface Companion {
  phase: Phase;
  series: Series;
  segments: Segment[];
  /** Of another phase (drawn solid, thinner) or another series of the same phase (dashed). */
  kind: 'phase' | 'series';
}

const SERIES_ORDER: readonly Series[] = ['best', 'p10', 'p50', 'p90'];

/** Whether an output's phase is forecast as a ratio (its values are not rates: not drawn here). */
const isRatio = (o: ForecastOutput) => o.forecastType === 'ratio' || o.forecastSubType === 'ratio';

/**
 * What the chart draws beside the edited series of a well: the other phases' same series (the
 * three phases together), and the edited phase's other series (its P10/P50/P90, or best), each
 * when stored or drafted. An unsaved draft of a combination is drawn instead of what is stored;
 * ratio phases are left out (their values are not rates).
 */
export function companions(
  outputs: readonly ForecastOutput[],
  shown: Combo,
  drafts: ReadonlyMap<string, Draft>,
): Companion[] {
  const out: Companion[] = [];
  const segmentsOf = (phase: Phase, series: Series, output: ForecastOutput | undefined) => {
    const draft = drafts.get(comboKey({ well: shown.well, phase, series }));
    if (draft && isDirty(draft))
      return draft.settings.forecastType === 'ratio' ? undefined : drawableSegments(draft.rows);
    const stored = output?.[series]?.segments;
    return stored?.length && output && !isRatio(output) ? drawableSegments(rowsFromView(stored)) : undefined;
  };
  const byPhase = new Map(outputs.filter((o) => o.well === shown.well).map((o) => [o.phase, o]));
  for (const phase of ['oil', 'gas', 'water'] as const) {
    const output = byPhase.get(phase);
    const series = phase === shown.phase ? SERIES_ORDER.filter((s) => s !== shown.series) : [shown.series];
    for (const s of series) {
      const segments = segmentsOf(phase, s, output);
      if (segments?.length) out.push({ phase, series: s, segments, kind: phase === shown.phase ? 'series' : 'phase' });
    }
  }
  return out;
}

/**
 * The wells with segments stored for a phase and series, from that phase's outputs; a well whose
 * draft of the combination is unsaved counts by the draft (rows or none).
 */
export function wellsWithSegments(
  outputs: readonly ForecastOutput[],
  phase: Phase,
  series: Series,
  drafts: ReadonlyMap<string, Draft>,
): Set<string> {
  const out = new Set<string>();
  for (const o of outputs) if (o.phase === phase && (o[series]?.segments.length ?? 0) > 0) out.add(o.well);
  for (const d of drafts.values()) {
    if (d.combo.phase !== phase || d.combo.series !== series || !isDirty(d)) continue;
    if (d.rows.length > 0) out.add(d.combo.well);
    else out.delete(d.combo.well);
  }
  return out;
}
