import { DAYS_PER_YEAR, fromDayIndex, type SegmentInput, segmentRate, toDayIndex, toSegment } from '@econ/decline';

/*
 * The forecast that continues a decline from a date: the same rate curve, as spec 2.8 segments that
 * start on that date. Used by the demo so a well's history (the decline before the as-of date) and
 * its forecast (the decline from it) are one curve.
 */

/**
 * The segments of `segments` (contiguous, spec 2.8 form) from day `from` on: segments that end
 * before it are dropped, the one holding it is re-anchored there, the later ones are kept. The
 * re-anchored segment gives the same rate on every day (decline-math.md):
 *
 * - exp_dec / exp_inc / flat: same decline, `qStart` = q(Δc) where Δc = from − start;
 * - arps / arps_inc: the instantaneous nominal decline there, d' = Y·D/(1 + b·D·Δc), same b;
 * - arps_modified: as arps with the same `realizedDEffSw` (the switch stays on the same day:
 *   Δ'_sw = (D'/D_sw − 1)/(b·D') = Δ_sw − Δc), or an exp_dec at D_sw once past the switch;
 * - linear: same slope, `qStart` = q0 + k·Δc; empty: empty.
 *
 * @throws {RangeError} when no segment holds or follows `from`
 * @example
 * forecastFrom([{ segmentType: 'exp_dec', startDate: '2020-01-01', endDate: '2049-12-31', qStart: 500, dEff: 0.3 }], '2026-11-01')
 * // [{ segmentType: 'exp_dec', startDate: '2026-11-01', endDate: '2049-12-31', qStart: q(2026-11-01), d: … }]
 */
export function forecastFrom(segments: readonly SegmentInput[], from: string): SegmentInput[] {
  const day = toDayIndex(from);
  const out: SegmentInput[] = [];
  for (const input of segments) {
    const seg = toSegment(input);
    if (seg.end < day) continue;
    if (seg.start >= day) {
      out.push({ ...input });
      continue;
    }
    const delta = day - seg.start;
    const startDate = fromDayIndex(day);
    const endDate = input.endDate;
    const qStart = segmentRate(seg, delta);
    switch (seg.type) {
      case 'empty':
        out.push({ segmentType: 'empty', startDate, endDate });
        break;
      case 'flat':
        out.push({ segmentType: 'flat', startDate, endDate, qStart });
        break;
      case 'linear':
        out.push({ segmentType: 'linear', startDate, endDate, qStart, slope: seg.slope });
        break;
      case 'exp_dec':
      case 'exp_inc':
        out.push({ segmentType: seg.type, startDate, endDate, qStart, d: seg.D * DAYS_PER_YEAR });
        break;
      case 'arps':
      case 'arps_inc':
        out.push({
          segmentType: seg.type,
          startDate,
          endDate,
          qStart,
          b: seg.b,
          d: arpsDeclineAt(seg.D, seg.b, delta),
        });
        break;
      case 'arps_modified':
        if (delta >= seg.switchDelta) {
          const D = seg.switchDelta === 0 ? seg.D : seg.Dsw;
          out.push({ segmentType: 'exp_dec', startDate, endDate, qStart, d: D * DAYS_PER_YEAR });
        } else {
          out.push({
            segmentType: 'arps_modified',
            startDate,
            endDate,
            qStart,
            b: seg.b,
            d: arpsDeclineAt(seg.D, seg.b, delta),
            realizedDEffSw: input.realizedDEffSw,
          });
        }
        break;
    }
  }
  if (out.length === 0) throw new RangeError(`no segment holds or follows ${from}`);
  return out;
}

/** The nominal decline per year of an Arps curve Δ days after its start: Y·D/(1 + b·D·Δ). */
const arpsDeclineAt = (D: number, b: number, delta: number) => (DAYS_PER_YEAR * D) / (1 + b * D * delta);
