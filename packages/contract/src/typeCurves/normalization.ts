import { z } from 'zod';
import { noNul } from '../common';
import { WELL_HEADER_NAMES, type WellHeaderDef, type WellHeaderName, wellHeader } from '../wellHeaders';

/*
 * Type-curve normalization, V2 (spec parts 2.9 and 4.4, write rules 2 and 3; limits of part 8).
 *
 * Decisions where the spec is silent:
 * - The allowed header keys are not shown, so `xAxis` and target keys accept any non-empty header
 *   key. A composite ratio is recognised by a `/` in the key (e.g. `oil_eur/perf_lateral_length`):
 *   header keys never hold one, and the service returns that form only with `customBasisKey`.
 *   On write such an `xAxis` is refused (rule 2: it must be dropped); `xAxis` may then be left out,
 *   and is otherwise required.
 * - With `customBasisKey`, `targets` holds exactly one target (its key is the basis's composite ratio).
 * - `aValue` and `bValue` are required for `linear` and `power_law_fit`, optional for `1_to_1`.
 * - `targets` may be left out (read as []); `eur` and `peak` are always sent, with `segments: []`
 *   meaning no normalization for that factor, so a GET body is a PUT body.
 */

/**
 * The key a normalization document uses for a well header: the spec writes them in snake case
 * (`perf_lateral_length` for the header `perfLateralLength`, part 2.9), so each catalog header has
 * that form (issue 22: the console picks x axes and targets from the catalog).
 */
export const normalizationHeaderKey = (name: WellHeaderName): string =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The numeric well headers by their normalization key (what an x axis or a target can be). */
export const NORMALIZATION_HEADERS: ReadonlyMap<string, { name: WellHeaderName; def: WellHeaderDef }> = new Map(
  WELL_HEADER_NAMES.filter((n) => wellHeader(n).kind === 'number').map((n) => [
    normalizationHeaderKey(n),
    { name: n, def: wellHeader(n) },
  ]),
);

export const NORMALIZATION_PHASES = ['oil', 'gas', 'water'] as const;
export type NormalizationPhase = (typeof NORMALIZATION_PHASES)[number];
export const NORMALIZATION_Y_AXES = ['eur', 'peak', 'eur_and_peak', 'eur_per_pll'] as const;
export type NormalizationYAxis = (typeof NORMALIZATION_Y_AXES)[number];
/** The factors each y-axis normalizes by: those must be sent; the other may be left out (no normalization). */
export const FACTORS_OF: Record<NormalizationYAxis, readonly ('eur' | 'peak')[]> = {
  eur: ['eur'],
  peak: ['peak'],
  eur_and_peak: ['eur', 'peak'],
  eur_per_pll: ['eur'],
};
export const NORMALIZATION_FIT_TYPES = ['linear', 'power_law_fit', '1_to_1'] as const;
/** Spec part 8: up to 5 segments per factor and up to 3 targets per phase. */
export const NORMALIZATION_SEGMENTS_MAX = 5;
export const NORMALIZATION_TARGETS_MAX = 3;

/** The factors each yAxis normalizes (`eur_per_pll` scales the EUR). */
export const FACTORS_OF_Y_AXIS: Record<NormalizationYAxis, readonly ('eur' | 'peak')[]> = {
  eur: ['eur'],
  peak: ['peak'],
  eur_and_peak: ['eur', 'peak'],
  eur_per_pll: ['eur'],
};

/** Whether a header key is a composite ratio (the xAxis form returned with customBasisKey). */
export const isCompositeRatio = (key: string): boolean => key.includes('/');

const headerKey = (field: string) =>
  noNul(z.string({ error: `${field} must be a header key string` }).min(1, `${field} must not be empty`));

const coefficient = (field: string) => z.number({ error: `${field} must be a number` });

const Segment = z
  .strictObject({
    xStart: z.number({ error: 'xStart must be a number' }),
    fitType: z.enum(NORMALIZATION_FIT_TYPES, {
      error: `fitType must be one of ${NORMALIZATION_FIT_TYPES.join(', ')}`,
    }),
    aValue: coefficient('aValue').optional(),
    bValue: coefficient('bValue').optional(),
  })
  .superRefine((seg, ctx) => {
    if (seg.fitType === '1_to_1') return;
    for (const key of ['aValue', 'bValue'] as const) {
      if (seg[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required with fitType ${seg.fitType}`,
          params: { rule: 'required' },
        });
      }
    }
  })
  .meta({ id: 'NormalizationSegment' });

const Factor = (factor: 'eur' | 'peak') =>
  z.strictObject(
    {
      segments: z
        .array(Segment, { error: `${factor}.segments must be an array (empty for no normalization)` })
        .max(NORMALIZATION_SEGMENTS_MAX, `${factor}.segments holds at most ${NORMALIZATION_SEGMENTS_MAX} segments`)
        .superRefine((segments, ctx) => {
          for (let i = 1; i < segments.length; i++) {
            const prev = segments[i - 1]?.xStart ?? Number.NEGATIVE_INFINITY;
            const cur = segments[i]?.xStart ?? Number.POSITIVE_INFINITY;
            if (cur <= prev) {
              ctx.addIssue({
                code: 'custom',
                path: [i, 'xStart'],
                message: `segments[${i}].xStart (${cur}) must be greater than segments[${i - 1}].xStart (${prev})`,
                params: { rule: 'strictly increasing' },
              });
            }
          }
        }),
    },
    { error: (i) => (i.code === 'invalid_type' ? `${factor} must be an object holding segments` : undefined) },
  );

const Target = z.strictObject({
  key: headerKey('key'),
  value: z.number({ error: 'value must be a number' }),
});

const commonFields = {
  yAxis: z.enum(NORMALIZATION_Y_AXES, { error: `yAxis must be one of ${NORMALIZATION_Y_AXES.join(', ')}` }),
  targets: z
    .array(Target, { error: 'targets must be an array' })
    .max(NORMALIZATION_TARGETS_MAX, `targets holds at most ${NORMALIZATION_TARGETS_MAX} targets`)
    .default([]),
  eur: Factor('eur'),
  peak: Factor('peak'),
  customBasisKey: headerKey('customBasisKey').optional(),
  linkedTo: z
    .enum(NORMALIZATION_PHASES, { error: `linkedTo must be one of ${NORMALIZATION_PHASES.join(', ')}` })
    .optional(),
};

const phaseError = (phase: string) => (i: { code: string; input?: unknown }) =>
  i.code !== 'invalid_type'
    ? undefined
    : i.input === undefined
      ? `${phase} is required: all three phases are sent (empty segments for no normalization)`
      : `${phase} must be an object`;

/** One phase as written: see the decisions at the top of this file. */
const PhaseInput = (phase: NormalizationPhase) =>
  z
    .strictObject(
      {
        xAxis: headerKey('xAxis')
          .refine((k) => !isCompositeRatio(k), {
            message:
              'xAxis is a composite ratio, which the service returns with customBasisKey; drop xAxis before writing',
            params: { rule: 'no composite ratio' },
          })
          .optional(),
        ...commonFields,
        eur: commonFields.eur.optional(),
        peak: commonFields.peak.optional(),
      },
      { error: phaseError(phase) },
    )
    .superRefine((p, ctx) => {
      for (const factor of FACTORS_OF[p.yAxis]) {
        if (p[factor] !== undefined) continue;
        ctx.addIssue({
          code: 'custom',
          path: [factor],
          message: `${factor} must be an object holding segments: yAxis ${p.yAxis} uses it`,
          params: { rule: 'required' },
        });
      }
      if (p.customBasisKey === undefined) {
        if (p.xAxis === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['xAxis'],
            message: 'xAxis is required (it may be left out only with customBasisKey)',
            params: { rule: 'required' },
          });
        }
        return;
      }
      if (p.yAxis === 'eur_and_peak') {
        ctx.addIssue({
          code: 'custom',
          path: ['customBasisKey'],
          message: 'customBasisKey needs a single-factor yAxis (eur, peak or eur_per_pll), not eur_and_peak',
          params: { rule: 'single-factor yAxis' },
        });
      }
      if (p.targets.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['targets'],
          message: `with customBasisKey, targets holds exactly one target (got ${p.targets.length})`,
          params: { rule: 'exactly 1 with customBasisKey' },
        });
      }
    })
    // A factor the y-axis does not use may be left out: it is stored and read as no normalization.
    .transform((p) => ({ ...p, eur: p.eur ?? { segments: [] }, peak: p.peak ?? { segments: [] } }));

/** Body-level rule: a phase cannot link to itself or to a phase that is itself linked. */
const checkLinks = (
  doc: Record<NormalizationPhase, { linkedTo?: NormalizationPhase | undefined }>,
  ctx: z.RefinementCtx,
) => {
  for (const phase of NORMALIZATION_PHASES) {
    const target = doc[phase].linkedTo;
    if (target === undefined) continue;
    if (target === phase) {
      ctx.addIssue({
        code: 'custom',
        path: [phase, 'linkedTo'],
        message: `${phase} cannot link to itself`,
        params: { rule: 'not itself' },
      });
      continue;
    }
    const further = doc[target].linkedTo;
    if (further !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [phase, 'linkedTo'],
        message: `${phase} cannot link to ${target}: ${target} is itself linked to ${further}`,
        params: { rule: 'not to a linked phase' },
      });
    }
  }
};

/** `PUT /{id}/normalization`: a whole-document replace of all three phases (write rule 2). */
export const NormalizationInput = z
  .strictObject(
    { oil: PhaseInput('oil'), gas: PhaseInput('gas'), water: PhaseInput('water') },
    { error: (i) => (i.code === 'invalid_type' ? 'the body must be an object with oil, gas and water' : undefined) },
  )
  .superRefine(checkLinks)
  .meta({ id: 'TypeCurveNormalizationInput' });
export type NormalizationInput = z.infer<typeof NormalizationInput>;

/** One phase as read: `xAxis` is the composite ratio when customBasisKey is set; linkedTo absent when unlinked. */
const PhaseView = z.object({ xAxis: z.string(), ...commonFields, targets: z.array(Target) });

/** `GET /{id}/normalization` and the `PUT` response. */
export const NormalizationView = z
  .object({ oil: PhaseView, gas: PhaseView, water: PhaseView })
  .meta({ id: 'TypeCurveNormalization' });
export type NormalizationView = z.infer<typeof NormalizationView>;

type PhaseFactors = {
  yAxis: NormalizationYAxis;
  eur: { segments: readonly unknown[] };
  peak: { segments: readonly unknown[] };
  linkedTo?: NormalizationPhase | undefined;
};

/** Whether a phase's own factors (those its yAxis uses) all have no segments. */
const ownEmpty = (p: PhaseFactors): boolean => FACTORS_OF_Y_AXIS[p.yAxis].every((f) => p[f].segments.length === 0);

/**
 * The phases left empty by a normalization document, in the order oil, gas, water (write rule 3:
 * their stored per-well multipliers are deleted). A phase is empty when none of the factors its
 * yAxis uses has a segment, or when it is linked to a phase that is empty in that sense.
 *
 * @example emptyPhases(doc) // ['water']
 */
export function emptyPhases(doc: Record<NormalizationPhase, PhaseFactors>): NormalizationPhase[] {
  return NORMALIZATION_PHASES.filter((phase) => {
    const p = doc[phase];
    return p.linkedTo !== undefined ? ownEmpty(doc[p.linkedTo]) : ownEmpty(p);
  });
}
