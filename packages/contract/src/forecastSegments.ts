import {
  arpsEffectiveFromNominal,
  DAYS_PER_YEAR,
  DeclineError,
  exponentialEffectiveFromNominal,
  fromDayIndex,
  SEGMENT_TYPES,
  type Segment,
  type SegmentType,
  toSegment,
} from '@econ/decline';
import { z } from 'zod';
import { DateString } from './common';

/* One forecast segment (spec part 2.8, decline-math.md): as sent, as stored, as read back; and a contiguous list of them. */

/** Spec part 8: segments per request. */
export const SEGMENTS_MAX = 25;

/** The fields each segment type takes besides its dates (spec part 2.8; decline-math.md for linear's dEff). */
export const SEGMENT_FIELDS = {
  arps: ['qStart', 'b', 'd', 'dEff'],
  arps_inc: ['qStart', 'b', 'd', 'dEff'],
  exp_dec: ['qStart', 'd', 'dEff'],
  exp_inc: ['qStart', 'd', 'dEff'],
  flat: ['qStart'],
  linear: ['qStart', 'slope', 'dEff'],
  arps_modified: ['qStart', 'b', 'realizedDEffSw', 'd', 'dEff'],
  empty: [],
} as const satisfies Record<SegmentType, readonly string[]>;
export type SegmentField = 'qStart' | 'b' | 'd' | 'dEff' | 'slope' | 'realizedDEffSw';

/** Deprecated names (spec part 9.3) and the field each maps to. `qEnd` is recomputed, never read. */
export const DEPRECATED_SEGMENT_FIELDS = {
  diEffSec: 'dEff',
  targetDSwEffSec: 'realizedDEffSw',
  flatValue: 'qStart',
} as const;

const num = (field: string, min: number, max: number, description: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .meta({ description })
    .optional();

/** A JSON null counts as "not sent": clients that serialise every field send nulls. */
const dropNulls = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null))
    : value;

const SegmentFields = z.strictObject({
  segmentType: z.enum(SEGMENT_TYPES, { error: `segmentType must be one of ${SEGMENT_TYPES.join(', ')}` }),
  startDate: DateString,
  endDate: DateString,
  qStart: num('qStart', 0, 1e9, 'initial rate, BBL/D or MCF/D by phase (a ratio forecast: the ratio)'),
  d: num('d', -1000, 1000, 'nominal decline, decimal per year'),
  dEff: num('dEff', -1000, 1, 'effective decline (secant, over one year), decimal per year, below 1'),
  b: num('b', -10, 10, 'Arps b-factor (arps_inc: may be negative)'),
  slope: num('slope', -1e9, 1e9, 'linear slope, BBL/D/D or MCF/D/D'),
  realizedDEffSw: num('realizedDEffSw', 0, 1, 'arps_modified: effective decline at which it switches to exponential'),
  qEnd: num('qEnd', -1e12, 1e12, 'deprecated: recomputed from the other fields, never read'),
  diEffSec: num('diEffSec', -1000, 1, 'deprecated: use dEff'),
  targetDSwEffSec: num('targetDSwEffSec', 0, 1, 'deprecated: use realizedDEffSw'),
  flatValue: num('flatValue', 0, 1e9, 'deprecated: use qStart'),
});

/** A segment as stored: deprecated names mapped, `qEnd` dropped, only the fields its type takes. */
export const StoredSegment = z
  .object({
    segmentType: z.enum(SEGMENT_TYPES),
    startDate: z.string(),
    endDate: z.string(),
    qStart: z.number().optional(),
    d: z.number().optional(),
    dEff: z.number().optional(),
    b: z.number().optional(),
    slope: z.number().optional(),
    realizedDEffSw: z.number().optional(),
  })
  .meta({ id: 'ForecastSegmentInputCanonical' });
export type StoredSegment = z.infer<typeof StoredSegment>;

/**
 * One segment of spec part 2.8 as clients send it. Deprecated fields are accepted and mapped
 * (`diEffSec`→`dEff`, `targetDSwEffSec`→`realizedDEffSw`, `flatValue`→`qStart`); `qEnd` is ignored.
 * A field the type does not take, both `d` and `dEff`, a missing required field, endDate not
 * after startDate or a combination the math cannot evaluate (dEff ≥ 1, an arps_inc pole, a rate
 * turning negative) is a 400 naming the field.
 */
export const SegmentInput = z
  .preprocess(dropNulls, SegmentFields)
  .transform((raw, ctx): StoredSegment => {
    const out: Record<string, unknown> = {
      segmentType: raw.segmentType,
      startDate: raw.startDate,
      endDate: raw.endDate,
    };
    for (const [old, current] of Object.entries(DEPRECATED_SEGMENT_FIELDS)) {
      const value = raw[old as keyof typeof DEPRECATED_SEGMENT_FIELDS];
      if (value === undefined) continue;
      if (raw[current] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [old],
          message: `${old} is the deprecated name of ${current}; send only ${current}`,
          params: { rule: `not with ${current}` },
        });
        return z.NEVER;
      }
      out[current] = value;
    }
    const allowed: readonly string[] = SEGMENT_FIELDS[raw.segmentType];
    for (const field of ['qStart', 'd', 'dEff', 'b', 'slope', 'realizedDEffSw'] as const) {
      const value = out[field] ?? raw[field];
      if (value === undefined) continue;
      if (!allowed.includes(field)) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} does not apply to segmentType ${raw.segmentType} (it takes ${allowed.length ? allowed.join(', ') : 'only its dates'})`,
          params: { rule: `not for ${raw.segmentType}` },
        });
        return z.NEVER;
      }
      out[field] = value;
    }
    if (out.d !== undefined && out.dEff !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['dEff'],
        message: `send either d (${String(out.d)}) or dEff (${String(out.dEff)}), not both (spec part 2.8)`,
        params: { rule: 'not with d' },
      });
      return z.NEVER;
    }
    const segment = out as StoredSegment;
    try {
      toSegment(segment);
    } catch (e) {
      if (!(e instanceof DeclineError)) throw e;
      ctx.addIssue({
        code: 'custom',
        path: [e.parameter],
        message: `${e.parameter} ${e.rule}`,
        params: { rule: e.rule.replace(/\s*\([^)]*\)/g, '') },
      });
      return z.NEVER;
    }
    return segment;
  })
  .meta({ id: 'ForecastSegmentInput' });
export type SegmentInput = z.input<typeof SegmentInput>;

/**
 * Checks the contiguity of validated segments (spec part 2.8): each starts the day after the
 * previous one ends. Returns the index and message of the first break, or undefined.
 */
export function contiguityIssue(segments: readonly StoredSegment[]): { index: number; message: string } | undefined {
  for (let i = 1; i < segments.length; i++) {
    const prev = segments[i - 1]!;
    const seg = segments[i]!;
    const expected = nextDay(prev.endDate);
    if (seg.startDate !== expected) {
      const kind = seg.startDate > expected ? 'a gap' : 'an overlap';
      return {
        index: i,
        message: `startDate must be ${expected}, the day after segment ${i - 1} ends (found ${kind}; use an empty segment for a period without production)`,
      };
    }
  }
  return undefined;
}

/** The ISO date of the day after `date`. */
export function nextDay(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`) + 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A contiguous list of 1 to 25 segments (spec parts 2.8 and 8). */
export const SegmentList = z
  .array(SegmentInput)
  .min(1, 'at least one segment is required (DELETE removes a combination)')
  .max(SEGMENTS_MAX, `at most ${SEGMENTS_MAX} segments per combination`)
  .superRefine((segments, ctx) => {
    const issue = contiguityIssue(segments);
    if (issue) {
      ctx.addIssue({
        code: 'custom',
        path: [issue.index, 'startDate'],
        message: issue.message,
        params: { rule: 'contiguous' },
      });
    }
  })
  .meta({ id: 'ForecastSegmentList' });

/** A stored segment read back with its computed fields. */
export const SegmentView = z
  .object({
    segmentType: z.enum(SEGMENT_TYPES),
    startDate: z.string(),
    endDate: z.string(),
    qStart: z.number(),
    qEnd: z.number().meta({ description: 'rate on endDate, computed' }),
    d: z.number().optional().meta({ description: 'nominal decline at startDate, decimal per year' }),
    dEff: z.number().optional().meta({ description: 'effective decline at startDate (secant over one year)' }),
    b: z.number().optional(),
    slope: z.number().optional().meta({ description: 'linear: rate per day' }),
    realizedDEffSw: z.number().optional(),
    dSw: z.number().optional().meta({ description: 'arps_modified: nominal decline after the switch, per year' }),
    switchDate: z.string().nullable().optional().meta({
      description: 'arps_modified: first day on the exponential tail; null when it does not switch within the segment',
    }),
  })
  .meta({ id: 'ForecastSegment' });
export type SegmentView = z.infer<typeof SegmentView>;

/** Computed fields of a segment from its internal form (decline-math.md). */
export function segmentView(stored: StoredSegment, seg: Segment = toSegment(stored)): SegmentView {
  const view: SegmentView = {
    segmentType: stored.segmentType,
    startDate: stored.startDate,
    endDate: stored.endDate,
    qStart: seg.q0,
    qEnd: seg.qEnd,
  };
  switch (seg.type) {
    case 'exp_dec':
    case 'exp_inc':
      view.d = stored.d ?? seg.D * DAYS_PER_YEAR;
      view.dEff = stored.dEff ?? exponentialEffectiveFromNominal(seg.D);
      break;
    case 'arps':
    case 'arps_inc':
    case 'arps_modified':
      view.b = seg.b;
      view.d = stored.d ?? seg.D * DAYS_PER_YEAR;
      view.dEff = stored.dEff ?? arpsEffectiveFromNominal(seg.D, seg.b);
      if (seg.type === 'arps_modified') {
        view.realizedDEffSw = stored.realizedDEffSw ?? 0;
        view.dSw = seg.Dsw * DAYS_PER_YEAR;
        const day = seg.start + Math.ceil(seg.switchDelta);
        view.switchDate = Number.isFinite(seg.switchDelta) && day <= seg.end ? fromDayIndex(day) : null;
      }
      break;
    case 'linear':
      view.slope = seg.slope;
      break;
    case 'flat':
    case 'empty':
      break;
  }
  return view;
}
