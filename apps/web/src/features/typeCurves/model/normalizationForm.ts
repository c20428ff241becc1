import {
  FACTORS_OF_Y_AXIS,
  isCompositeRatio,
  NORMALIZATION_PHASES,
  NormalizationInput,
  type NormalizationPhase,
  type NormalizationView,
  type NormalizationYAxis,
} from '@econ/contract';

/**
 * The normalization editor's form values (spec parts 2.9 and 4.4 write rule 2): the document as
 * read, with the optional strings as text ('' for none) so plain inputs and selects can hold them.
 * Numbers are what the form's number inputs give (NaN for an empty required box, which the contract
 * refuses as "must be a number").
 */
export interface NormSegmentValues {
  xStart: number;
  fitType: 'linear' | 'power_law_fit' | '1_to_1';
  aValue?: number | undefined;
  bValue?: number | undefined;
}
export interface NormPhaseValues {
  xAxis: string;
  yAxis: NormalizationYAxis;
  targets: { key: string; value: number }[];
  eur: { segments: NormSegmentValues[] };
  peak: { segments: NormSegmentValues[] };
  customBasisKey: string;
  linkedTo: '' | NormalizationPhase;
}
export type NormValues = Record<NormalizationPhase, NormPhaseValues>;

/** The x axis the spec shows, for a phase that was never normalized. */
export const DEFAULT_X_AXIS = 'perf_lateral_length';

export const emptyPhase = (): NormPhaseValues => ({
  xAxis: DEFAULT_X_AXIS,
  yAxis: 'eur',
  targets: [],
  eur: { segments: [] },
  peak: { segments: [] },
  customBasisKey: '',
  linkedTo: '',
});

/**
 * Form values from `GET /{id}/normalization` (null: nothing stored). With customBasisKey the read
 * xAxis is a composite ratio, which a write must drop (rule 2): the form starts it empty.
 */
export function normValuesFromView(view: NormalizationView | null): NormValues {
  const out = {} as NormValues;
  for (const phase of NORMALIZATION_PHASES) {
    const p = view?.[phase];
    if (!p) {
      out[phase] = emptyPhase();
      continue;
    }
    const composite = p.customBasisKey !== undefined && isCompositeRatio(p.xAxis);
    out[phase] = {
      xAxis: composite ? '' : p.xAxis,
      yAxis: p.yAxis,
      targets: p.targets.map((t) => ({ ...t })),
      eur: { segments: p.eur.segments.map((s) => ({ ...s })) },
      peak: { segments: p.peak.segments.map((s) => ({ ...s })) },
      customBasisKey: p.customBasisKey ?? '',
      linkedTo: p.linkedTo ?? '',
    };
  }
  return out;
}

const segmentBody = (s: NormSegmentValues) => {
  const out: Record<string, unknown> = { xStart: s.xStart, fitType: s.fitType };
  for (const k of ['aValue', 'bValue'] as const) {
    const v = s[k];
    // An empty optional box is left out; for linear and power_law_fit the contract then says it is required.
    if (v !== undefined && !(typeof v === 'number' && Number.isNaN(v))) out[k] = v;
  }
  return out;
};

/** The body of `PUT /{id}/normalization`: all three phases, empty optional strings left out. */
export function normalizationBody(values: NormValues): Record<NormalizationPhase, Record<string, unknown>> {
  const out = {} as Record<NormalizationPhase, Record<string, unknown>>;
  for (const phase of NORMALIZATION_PHASES) {
    const p = values[phase];
    out[phase] = {
      ...(p.xAxis.trim() ? { xAxis: p.xAxis.trim() } : {}),
      yAxis: p.yAxis,
      targets: p.targets.map((t) => ({ key: t.key.trim(), value: t.value })),
      eur: { segments: p.eur.segments.map(segmentBody) },
      peak: { segments: p.peak.segments.map(segmentBody) },
      ...(p.customBasisKey.trim() ? { customBasisKey: p.customBasisKey.trim() } : {}),
      ...(p.linkedTo ? { linkedTo: p.linkedTo } : {}),
    };
  }
  return out;
}

/** The form path of a contract issue or a 400 detail field (`oil.eur.segments[1].xStart` → `oil.eur.segments.1.xStart`). */
export const normFormPath = (path: readonly PropertyKey[] | string): string =>
  (typeof path === 'string' ? path.replace(/\[(\d+)\]/g, '.$1') : path.map(String).join('.')).replace(/^\./, '');

/** Checks the form with the contract's NormalizationInput; each issue by its form path. */
export function validateNormalization(values: NormValues): { path: string; message: string }[] {
  const result = NormalizationInput.safeParse(normalizationBody(values));
  return result.success ? [] : result.error.issues.map((i) => ({ path: normFormPath(i.path), message: i.message }));
}

/** Which factors (eur, peak) a yAxis normalizes: the editor shows only those. */
export const factorsOf = (yAxis: NormalizationYAxis) => FACTORS_OF_Y_AXIS[yAxis];
