import {
  NORMALIZATION_PHASES,
  type NormalizationInput,
  type NormalizationPhase,
  type NormalizationView,
} from '@econ/contract';

/* Type-curve normalization documents (spec part 2.9, write rules 2 and 3): stored and read forms. */

/** The x axis of a never-normalized phase: the header the spec shows. */
export const DEFAULT_X_AXIS = 'perf_lateral_length';

/**
 * What a never-normalized type curve reads as: every phase with xAxis `perf_lateral_length`, yAxis
 * `eur`, no targets and empty `eur` and `peak` segments (no normalization). It is a valid PUT body.
 */
export function defaultNormalization(): NormalizationView {
  const phase = () => ({
    xAxis: DEFAULT_X_AXIS,
    yAxis: 'eur' as const,
    targets: [],
    eur: { segments: [] },
    peak: { segments: [] },
  });
  return { oil: phase(), gas: phase(), water: phase() };
}

/** The stored form of a validated document: undefined keys dropped (jsonb keeps no undefined). */
export function storedNormalization(doc: NormalizationInput): NormalizationInput {
  return JSON.parse(JSON.stringify(doc)) as NormalizationInput;
}

/**
 * A stored document as read (write rule 2): with `customBasisKey` the xAxis is the basis's
 * composite ratio, i.e. the key of its one target; otherwise the stored xAxis. `linkedTo` and
 * `customBasisKey` appear only when set.
 */
export function normalizationView(stored: NormalizationInput): NormalizationView {
  const out = {} as NormalizationView;
  for (const phase of NORMALIZATION_PHASES) out[phase] = phaseView(stored[phase]);
  return out;
}

type Segment = NormalizationInput[NormalizationPhase]['eur']['segments'][number];

/** A segment in the field order of the spec (jsonb does not keep the order written). */
const segmentView = (s: Segment): Segment => {
  const out: Segment = { xStart: s.xStart, fitType: s.fitType };
  if (s.aValue !== undefined) out.aValue = s.aValue;
  if (s.bValue !== undefined) out.bValue = s.bValue;
  return out;
};

function phaseView(p: NormalizationInput[NormalizationPhase]): NormalizationView[NormalizationPhase] {
  const xAxis = p.customBasisKey !== undefined ? (p.targets[0]?.key ?? p.xAxis) : p.xAxis;
  const view: NormalizationView[NormalizationPhase] = {
    xAxis: xAxis ?? DEFAULT_X_AXIS,
    yAxis: p.yAxis,
    targets: p.targets.map((t) => ({ key: t.key, value: t.value })),
    eur: { segments: p.eur.segments.map(segmentView) },
    peak: { segments: p.peak.segments.map(segmentView) },
  };
  if (p.customBasisKey !== undefined) view.customBasisKey = p.customBasisKey;
  if (p.linkedTo !== undefined) view.linkedTo = p.linkedTo;
  return view;
}
