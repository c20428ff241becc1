/*
 * Per-well normalization multipliers of a type curve (spec part 2.9, issue 18; decision 029).
 * A phase's normalization curve y = f(x) gives, for a well whose x-axis header is x, the multiplier
 * that moves it to the target: m = f(x_target) / f(x_well). Pure; structural types, so the contract's
 * normalization document fits without importing it.
 */

/** The phases a type curve fits. */
export type TypeCurvePhase = 'oil' | 'gas' | 'water';

/** One piece of a normalization curve: it runs from `xStart` to the next piece's `xStart`. */
export interface NormalizationPiece {
  xStart: number;
  fitType: 'linear' | 'power_law_fit' | '1_to_1';
  aValue?: number | undefined;
  bValue?: number | undefined;
}

/** One phase of a normalization document (spec part 2.9). */
export interface PhaseNormalization {
  xAxis?: string | undefined;
  yAxis: 'eur' | 'peak' | 'eur_and_peak' | 'eur_per_pll';
  targets: readonly { key: string; value: number }[];
  eur: { segments: readonly NormalizationPiece[] };
  peak: { segments: readonly NormalizationPiece[] };
  customBasisKey?: string | undefined;
  linkedTo?: TypeCurvePhase | undefined;
}

export type NormalizationDocument = Record<TypeCurvePhase, PhaseNormalization>;

/** The factors a multiplier scales: the EUR (volume), the peak rate, or both. */
export type Factor = 'eur' | 'peak';

/** A well's multipliers: one per factor its phase normalizes (a factor not normalized is absent, i.e. 1). */
export type Multipliers = Partial<Record<Factor, number>>;

/** The header holding the perforated lateral length (the `pll` of `eur_per_pll`). */
export const PLL_HEADER = 'perf_lateral_length';

/**
 * The piece of the curve holding x: the last whose xStart ≤ x; an x below the first xStart takes the
 * first piece (the curve is extended to the left).
 */
export function pieceAt(pieces: readonly NormalizationPiece[], x: number): NormalizationPiece | undefined {
  let found = pieces[0];
  for (const p of pieces) if (p.xStart <= x) found = p;
  return found;
}

/**
 * f(x) of a normalization curve: `linear` a·x + b, `power_law_fit` a·x^b, `1_to_1` x (y proportional
 * to x: the multiplier is then x_target / x_well).
 */
export function curveValue(pieces: readonly NormalizationPiece[], x: number): number {
  const p = pieceAt(pieces, x);
  if (!p) return Number.NaN;
  const a = p.aValue ?? 0;
  const b = p.bValue ?? 0;
  if (p.fitType === 'linear') return a * x + b;
  if (p.fitType === 'power_law_fit') return a * x ** b;
  return x;
}

/** What a phase's normalization does, once its link is followed and its targets checked. */
export type NormalizationPlan =
  | {
      ok: true;
      /** The phase whose document gives the multipliers (itself, or the phase it links to). */
      source: TypeCurvePhase;
      xAxis: string;
      /** The factors normalized (those of the yAxis that have segments); empty: no normalization. */
      factors: Factor[];
      doc: PhaseNormalization;
      targetX: number;
      /** eur_per_pll only: the target's perforated lateral length. */
      targetPll?: number;
    }
  | { ok: false; field: string; rule: string; value: unknown; reason: string };

const FACTORS_OF: Record<PhaseNormalization['yAxis'], readonly Factor[]> = {
  eur: ['eur'],
  peak: ['peak'],
  eur_and_peak: ['eur', 'peak'],
  eur_per_pll: ['eur'],
};

/**
 * The normalization a phase applies: its own document, or that of the phase it is `linkedTo` (the
 * linked phase's multipliers, spec part 2.9). Refused (with the field, rule and value) when a used
 * factor needs a target for the x axis and has none, or with `customBasisKey` (the compound bases
 * are not shown in the spec).
 */
export function normalizationPlan(doc: NormalizationDocument, phase: TypeCurvePhase): NormalizationPlan {
  const source = doc[phase].linkedTo ?? phase;
  const p = doc[source];
  const at = `normalization.${source}`;
  const factors = FACTORS_OF[p.yAxis].filter((f) => p[f].segments.length > 0);
  const xAxis = p.xAxis ?? '';
  const base = { ok: true as const, source, xAxis, factors, doc: p, targetX: Number.NaN };
  if (factors.length === 0) return base;
  if (p.customBasisKey !== undefined) {
    return {
      ok: false,
      field: `${at}.customBasisKey`,
      rule: 'not supported',
      value: p.customBasisKey,
      reason: `normalization of ${source} uses customBasisKey, whose compound bases are not defined: fit without normalize, or remove it`,
    };
  }
  const target = p.targets.find((t) => t.key === xAxis);
  if (!target) {
    return {
      ok: false,
      field: `${at}.targets`,
      rule: 'target for xAxis',
      value: p.targets.map((t) => t.key),
      reason: `normalization of ${source} has no target for its xAxis ${xAxis}: add {key: "${xAxis}", value} to targets`,
    };
  }
  if (p.yAxis !== 'eur_per_pll') return { ...base, targetX: target.value };
  const pll = p.targets.find((t) => t.key === PLL_HEADER);
  if (!pll) {
    return {
      ok: false,
      field: `${at}.targets`,
      rule: 'target for perf_lateral_length',
      value: p.targets.map((t) => t.key),
      reason: `yAxis eur_per_pll of ${source} needs a target for ${PLL_HEADER}`,
    };
  }
  return { ...base, targetX: target.value, targetPll: pll.value };
}

/** A well's multipliers, or why it keeps 1 (a missing header, a curve not positive at its x). */
export interface WellMultipliers {
  multipliers: Multipliers;
  /** The well's x-axis header value (left out when it has none). */
  x?: number;
  note?: string;
}

const usable = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v > 0;

/**
 * The multipliers of one well under a plan: for each factor m = f(x_target) / f(x_well), and for
 * `eur_per_pll` m = f(x_target)·pll_target / (f(x_well)·pll_well) (f gives EUR per foot). A well
 * without a positive x (or pll) header, or where f is not positive, keeps 1 and says why: spec 2.9
 * drops a well from a phase only for want of production.
 */
export function wellMultipliers(
  plan: Extract<NormalizationPlan, { ok: true }>,
  headers: Readonly<Record<string, number | null | undefined>>,
): WellMultipliers {
  if (plan.factors.length === 0) return { multipliers: {} };
  const x = headers[plan.xAxis] ?? undefined;
  const ones = () => Object.fromEntries(plan.factors.map((f) => [f, 1])) as Multipliers;
  if (!usable(x))
    return { multipliers: ones(), note: `no positive ${plan.xAxis} header: not normalized (multiplier 1)` };
  const pll = headers[PLL_HEADER] ?? undefined;
  if (plan.targetPll !== undefined && !usable(pll)) {
    return { multipliers: ones(), x, note: `no positive ${PLL_HEADER} header: not normalized (multiplier 1)` };
  }
  const multipliers: Multipliers = {};
  for (const f of plan.factors) {
    const pieces = plan.doc[f].segments;
    let top = curveValue(pieces, plan.targetX);
    let bottom = curveValue(pieces, x);
    if (plan.targetPll !== undefined && pll !== undefined) {
      top *= plan.targetPll;
      bottom *= pll;
    }
    const m = top / bottom;
    if (!(Number.isFinite(m) && m > 0)) {
      return { multipliers: ones(), x, note: `the ${f} curve is not positive at ${plan.xAxis} ${x}: multiplier 1` };
    }
    multipliers[f] = m;
  }
  return { multipliers, x };
}
