import type { FitFromWellsPhase, NormalizationView } from '@econ/contract';
import { curveValue, type NormalizationPiece } from '@econ/decline';

/*
 * The normalization scatter (decision 029): each used well's EUR (its history volume) or peak rate
 * against its x-axis header, and the normalization curve y = f(x) it is normalized by.
 */

export interface Scatter {
  factor: 'eur' | 'peak';
  xAxis: string;
  /** Ascending x; `wells` and `curve` hold a value or null at each. */
  x: number[];
  wells: (number | null)[];
  curve: (number | null)[];
  targetX?: number | undefined;
}

const CURVE_SAMPLES = 60;

/**
 * The scatter of a preview, or undefined when the phase is not normalized or no well has an x.
 * With `eur_and_peak` the EUR factor is shown (`factor` picks the other).
 */
export function normalizationScatter(
  preview: FitFromWellsPhase,
  doc: NormalizationView | null | undefined,
  factor?: 'eur' | 'peak',
): Scatter | undefined {
  const n = preview.normalization;
  if (!n || n.factors.length === 0 || !doc) return undefined;
  const f = factor && n.factors.includes(factor) ? factor : n.factors[0]!;
  const pieces = doc[n.source][f].segments as NormalizationPiece[];
  const points = preview.wells.flatMap((w) =>
    w.status === 'used' && w.x !== undefined ? [{ x: w.x, y: f === 'eur' ? w.cumulative : w.peakRate }] : [],
  );
  if (points.length === 0) return undefined;
  const xs = points.map((p) => p.x);
  if (n.targetX !== undefined) xs.push(n.targetX);
  const lo = Math.min(...xs) * 0.9;
  const hi = Math.max(...xs) * 1.1;
  const samples = Array.from({ length: CURVE_SAMPLES + 1 }, (_, i) => lo + ((hi - lo) * i) / CURVE_SAMPLES);
  const rows = [
    ...points.map((p) => ({ x: p.x, well: p.y, curve: null as number | null })),
    ...samples.map((x) => {
      const y = curveValue(pieces, x);
      return { x, well: null as number | null, curve: Number.isFinite(y) ? y : null };
    }),
  ].sort((a, b) => a.x - b.x);
  return {
    factor: f,
    xAxis: n.xAxis,
    x: rows.map((r) => r.x),
    wells: rows.map((r) => r.well),
    curve: rows.map((r) => r.curve),
    targetX: n.targetX,
  };
}
