import { DAYS_PER_MONTH, DAYS_PER_YEAR } from './constants';
import { civilFromDayIndex } from './dayIndex';
import { arpsEffectiveFromNominal, exponentialEffectiveFromNominal } from './declines';
import { segmentRate } from './rate';
import type { Segment } from './segment';

/*
 * Forecast segments as ARIES economic-file decline lines (decision 050).
 *
 * One line per segment (two for a modified Arps that switches inside its segment):
 *
 *   <q1> <q2> <unit> <cutoff> <cutoff unit> <method> [<value>]
 *
 *   q1           the rate at the line's start, or X (continue from the previous line's end rate)
 *   q2           the rate at the line's end (FLAT, LIN), or X (computed by ARIES)
 *   unit         B/D (oil, water: BBL per day), M/D (gas: MCF per day); B/M and M/M per month
 *                (× 30.4375); a ratio phase: numerator/denominator, M/B (MCF/BBL), B/M, B/B
 *   cutoff       <date> AD: the day after the line's last day, MM/YYYY when it is the first of a
 *                month, else MM/DD/YYYY; <n> YRS or <n> MO: the line's length in years of
 *                365.25 days or months of 30.4375 days; <p> EXP: until the decline falls to p %
 *                (effective, per year), the modified Arps switch
 *   method/value EXP <dEff %>: exponential, effective decline over a year of 365.25 days (an
 *                incline is negative); B/<b> <dEff %>: Arps hyperbolic with b and its initial
 *                secant effective decline; FLAT 0; LIN (straight from q1 to q2)
 *
 * Numbers carry at most {@link ARIES_DIGITS} significant digits, never an exponent. Each phase's
 * lines follow a START line (the first segment's first day, in the same date form); the first line
 * has the phase keyword (OIL, GAS, WTR, or GAS/OIL for a ratio), the others the ditto `"`.
 */

/** Significant digits of every number in an expression (decision 050: rates agree to 1e-6 after a round trip). */
export const ARIES_DIGITS = 10;

/** Rates per day (B/D, M/D) or per month of 30.4375 days (B/M, M/M). */
export type AriesRateUnit = 'per_day' | 'per_month';
/** How a line ends: at a date (exact to the day) or after a length in years or months. */
export type AriesEnding = 'absolute_date' | 'years' | 'months';
export type AriesPhase = 'oil' | 'gas' | 'water';

/** One line of the economic file: its keyword and expression. */
export interface AriesLine {
  keyword: string;
  expression: string;
}

export interface AriesPhaseInput {
  phase: AriesPhase;
  /** Contiguous segments (`toSegment`), in order. */
  segments: readonly Segment[];
  /** A ratio phase: the phase it is a ratio of (its rates are the ratio, unit numerator/denominator). */
  basePhase?: AriesPhase | undefined;
}

export interface AriesOptions {
  unit: AriesRateUnit;
  ending: AriesEnding;
}

const KEYWORD: Record<AriesPhase, string> = { oil: 'OIL', gas: 'GAS', water: 'WTR' };
const VOLUME_UNIT: Record<AriesPhase, string> = { oil: 'B', gas: 'M', water: 'B' };

/** The keyword of a phase: OIL, GAS, WTR; a ratio `GAS/OIL`. */
export function ariesKeyword(phase: AriesPhase, basePhase?: AriesPhase): string {
  return basePhase ? `${KEYWORD[phase]}/${KEYWORD[basePhase]}` : KEYWORD[phase];
}

/** The unit of a phase's rates: B/D, M/D (per day), B/M, M/M (per month); a ratio: M/B, B/B, B/M. */
export function ariesUnit(phase: AriesPhase, unit: AriesRateUnit, basePhase?: AriesPhase): string {
  if (basePhase) return `${VOLUME_UNIT[phase]}/${VOLUME_UNIT[basePhase]}`;
  return `${VOLUME_UNIT[phase]}/${unit === 'per_day' ? 'D' : 'M'}`;
}

/**
 * A number as ARIES reads it: at most {@link ARIES_DIGITS} significant digits, trailing zeros
 * dropped, never in exponent form (1e-7 is written 0.0000001).
 */
export function ariesNumber(x: number): string {
  const r = Number(x.toPrecision(ARIES_DIGITS));
  if (r === 0) return '0';
  const s = String(r);
  if (!s.includes('e')) return s;
  const decimals = Math.min(100, Math.max(0, ARIES_DIGITS - Math.floor(Math.log10(Math.abs(r))) - 1));
  return r
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** A day as an ARIES date: MM/YYYY on the first of a month, else MM/DD/YYYY. */
export function ariesDate(dayIndex: number): string {
  const { y, m, d } = civilFromDayIndex(dayIndex);
  const mm = String(m).padStart(2, '0');
  const yyyy = String(y).padStart(4, '0');
  return d === 1 ? `${mm}/${yyyy}` : `${mm}/${String(d).padStart(2, '0')}/${yyyy}`;
}

/** Percent of a decimal fraction. */
const pct = (x: number) => ariesNumber(x * 100);

/** Where a segment's line ends: the day after its last day (AD), or its length in years or months. */
function cutoffOf(seg: Segment, ending: AriesEnding): string {
  const days = seg.end - seg.start + 1;
  if (ending === 'years') return `${ariesNumber(days / DAYS_PER_YEAR)} YRS`;
  if (ending === 'months') return `${ariesNumber(days / DAYS_PER_MONTH)} MO`;
  return `${ariesDate(seg.end + 1)} AD`;
}

/**
 * The expressions of one segment (one, or two for a modified Arps that switches inside it).
 * `factor` converts the segment's rates to the line's unit (1, or 30.4375 per month).
 */
export function segmentExpressions(seg: Segment, unit: string, factor: number, ending: AriesEnding): string[] {
  const q = (x: number) => ariesNumber(x * factor);
  const cutoff = cutoffOf(seg, ending);
  switch (seg.type) {
    case 'exp_dec':
    case 'exp_inc':
      return [`${q(seg.q0)} X ${unit} ${cutoff} EXP ${pct(exponentialEffectiveFromNominal(seg.D))}`];
    case 'arps':
    case 'arps_inc':
      return [
        `${q(seg.q0)} X ${unit} ${cutoff} B/${ariesNumber(seg.b)} ${pct(arpsEffectiveFromNominal(seg.D, seg.b))}`,
      ];
    case 'arps_modified': {
      // Δ_sw = 0: exponential with D from the start (decline-math.md).
      if (seg.switchDelta === 0) {
        return [`${q(seg.q0)} X ${unit} ${cutoff} EXP ${pct(exponentialEffectiveFromNominal(seg.D))}`];
      }
      const hyperbolic = `B/${ariesNumber(seg.b)} ${pct(arpsEffectiveFromNominal(seg.D, seg.b))}`;
      // No switch before the segment ends: a plain hyperbolic line gives the same rates.
      if (!(seg.switchDelta < seg.end - seg.start + 1)) return [`${q(seg.q0)} X ${unit} ${cutoff} ${hyperbolic}`];
      const sw = pct(exponentialEffectiveFromNominal(seg.Dsw));
      return [`${q(seg.q0)} X ${unit} ${sw} EXP ${hyperbolic}`, `X X ${unit} ${cutoff} EXP ${sw}`];
    }
    case 'flat':
      return [`${q(seg.q0)} ${q(seg.q0)} ${unit} ${cutoff} FLAT 0`];
    case 'linear':
      return [`${q(seg.q0)} ${q(seg.qEnd)} ${unit} ${cutoff} LIN`];
    case 'empty':
      // ARIES has no empty segment: a flat line at 0.
      return [`0 0 ${unit} ${cutoff} FLAT 0`];
  }
}

/**
 * The ARIES lines of one phase: START (its first day), then one line per segment (two for a
 * modified Arps that switches inside it), the first keyed by the phase, the others by `"`.
 * Nothing for a phase without segments.
 */
export function ariesPhaseLines(input: AriesPhaseInput, options: AriesOptions): AriesLine[] {
  const first = input.segments[0];
  if (!first) return [];
  const unit = ariesUnit(input.phase, options.unit, input.basePhase);
  const factor = input.basePhase || options.unit === 'per_day' ? 1 : DAYS_PER_MONTH;
  const lines: AriesLine[] = [{ keyword: 'START', expression: ariesDate(first.start) }];
  const keyword = ariesKeyword(input.phase, input.basePhase);
  for (const seg of input.segments) {
    for (const expression of segmentExpressions(seg, unit, factor, options.ending)) {
      lines.push({ keyword: lines.length === 1 ? keyword : '"', expression });
    }
  }
  return lines;
}

/**
 * The part of segments from day index `day` on: segments ending before it are dropped; the one
 * holding it starts there with its rate and instantaneous decline at that day (exponential: the
 * same D; Arps: D/(1 + b·D·Δ); modified Arps: the same before its switch, else exponential at
 * D_sw; linear: the rate moved by slope·Δ). Rates from `day` on are unchanged.
 */
export function segmentsFrom(segments: readonly Segment[], day: number): Segment[] {
  const out: Segment[] = [];
  for (const seg of segments) {
    if (seg.end < day) continue;
    if (seg.start >= day) {
      out.push(seg);
      continue;
    }
    const delta = day - seg.start;
    const cut: Segment = { ...seg, start: day, q0: segmentRate(seg, delta) };
    switch (seg.type) {
      case 'arps':
      case 'arps_inc':
        cut.D = seg.D / (1 + seg.b * seg.D * delta);
        break;
      case 'arps_modified':
        if (seg.switchDelta === 0) break;
        if (delta < seg.switchDelta) {
          cut.D = seg.D / (1 + seg.b * seg.D * delta);
          cut.switchDelta = seg.switchDelta - delta;
        } else {
          cut.D = seg.Dsw;
          cut.switchDelta = 0;
        }
        break;
      default:
        break;
    }
    out.push(cut);
  }
  return out;
}
