import { type Phase, SegmentList, type Series, type TypeCurve, type TypeCurveFitsView } from '@econ/contract';
import { type Segment, toSegment } from '@econ/decline';

/**
 * The type curve that applies to a well: one whose wells hold it (and do not exclude it), the
 * one made from this forecast first, then the first by name; undefined when none.
 */
export function applicableTypeCurve(
  curves: readonly TypeCurve[],
  well: string,
  forecastId: string,
): TypeCurve | undefined {
  const holding = curves.filter((c) => c.wells?.includes(well) && !c.excludedWells?.includes(well));
  return holding.find((c) => c.forecast === forecastId) ?? holding[0];
}

/**
 * A type curve's series of a phase as segments drawn at the well: the fit's series of the same
 * name (else `best`) moved so it starts on `anchorDay` (the well's first production). Only rate
 * fits (a ratio fit is in other units) without a linear segment (the fits view gives a linear
 * slope as its sign only); undefined otherwise.
 */
export function typeCurveAtWell(
  fits: TypeCurveFitsView,
  phase: Phase,
  series: Series,
  anchorDay: number,
): { series: Series; segments: Segment[] } | undefined {
  const fit = fits[phase];
  if (fit?.fitType !== 'rate') return undefined;
  const chosen = fit[series]?.segments.length ? series : 'best';
  const stored = fit[chosen]?.segments ?? [];
  if (stored.length === 0 || stored.some((s) => s.segmentType === 'linear')) return undefined;
  // One decline per segment (the one the contract takes first), as the segment list parses it.
  const inputs = stored.map(({ segmentIndex: _, d, dEff, ...rest }) => ({
    ...rest,
    ...(dEff !== undefined ? { dEff } : { d }),
  }));
  const parsed = SegmentList.safeParse(inputs);
  if (!parsed.success) return undefined;
  const segments = parsed.data.map((x) => toSegment(x));
  const shift = anchorDay - segments[0]!.start;
  return { series: chosen, segments: segments.map((s) => ({ ...s, start: s.start + shift, end: s.end + shift })) };
}
