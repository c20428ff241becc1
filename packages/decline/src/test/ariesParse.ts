import type { AriesLine } from '../aries';
import { DAYS_PER_MONTH, DAYS_PER_YEAR } from '../constants';
import { dayIndexFromCivil, fromDayIndex } from '../dayIndex';
import { type Segment, type SegmentInput, toSegment } from '../segment';

/*
 * The inverse of `aries.ts` for the reference tests: ARIES lines of one phase back to segments, by
 * the grammar documented there (decision 050). Not used by the API.
 */

/** An ARIES date (MM/YYYY: the first of the month; MM/DD/YYYY) as a day index. */
export function parseAriesDate(text: string): number {
  const parts = text.split('/').map(Number);
  if (parts.length === 2) return dayIndexFromCivil(parts[1]!, parts[0]!, 1);
  if (parts.length === 3) return dayIndexFromCivil(parts[2]!, parts[0]!, parts[1]!);
  throw new Error(`not an ARIES date: ${text}`);
}

const num = (token: string | undefined): number => {
  const n = Number(token);
  if (token === undefined || !Number.isFinite(n)) throw new Error(`not a number: ${token}`);
  return n;
};

/** The last day of a line starting at `start` with this cutoff. */
function lastDay(start: number, cutoff: string, unit: string): number {
  if (unit === 'AD') return parseAriesDate(cutoff) - 1;
  if (unit === 'YRS') return start + Math.round(num(cutoff) * DAYS_PER_YEAR) - 1;
  if (unit === 'MO') return start + Math.round(num(cutoff) * DAYS_PER_MONTH) - 1;
  throw new Error(`not a cutoff unit: ${unit}`);
}

/** The segments of one phase's lines (START first), in the phase's rate unit per day. */
export function parseAriesPhase(lines: readonly AriesLine[]): Segment[] {
  const [startLine, ...rest] = lines;
  if (startLine?.keyword !== 'START') throw new Error('the first line must be START');
  const ratio = rest[0]?.keyword.includes('/') ?? false;
  let start = parseAriesDate(startLine.expression);
  const out: Segment[] = [];
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.expression.split(' ');
    const [q1, q2, unit, cutoff, cutoffUnit, method, value] = t as [
      string,
      string,
      string,
      string,
      string,
      string,
      string?,
    ];
    const factor = !ratio && unit.endsWith('/M') ? DAYS_PER_MONTH : 1;
    const qStart = num(q1) / factor;
    let input: SegmentInput;
    let end: number;
    if (cutoffUnit === 'EXP') {
      // A modified Arps: hyperbolic until the decline falls to `cutoff` %, then the next line's exponential.
      const next = rest[++i]!.expression.split(' ');
      if (next[0] !== 'X' || next[5] !== 'EXP' || next[6] !== cutoff) throw new Error(`line ${i}: not a switch tail`);
      end = lastDay(start, next[3]!, next[4]!);
      input = {
        segmentType: 'arps_modified',
        startDate: '',
        endDate: '',
        qStart,
        b: num(method.slice(2)),
        dEff: num(value) / 100,
        realizedDEffSw: num(cutoff) / 100,
      };
    } else {
      end = lastDay(start, cutoff, cutoffUnit);
      if (method === 'EXP') {
        const dEff = num(value) / 100;
        input = { segmentType: dEff < 0 ? 'exp_inc' : 'exp_dec', startDate: '', endDate: '', qStart, dEff };
      } else if (method.startsWith('B/')) {
        const dEff = num(value) / 100;
        input = {
          segmentType: dEff < 0 ? 'arps_inc' : 'arps',
          startDate: '',
          endDate: '',
          qStart,
          dEff,
          b: num(method.slice(2)),
        };
      } else if (method === 'FLAT') {
        input = { segmentType: 'flat', startDate: '', endDate: '', qStart };
      } else if (method === 'LIN') {
        input = {
          segmentType: 'linear',
          startDate: '',
          endDate: '',
          qStart,
          slope: (num(q2) / factor - qStart) / (end - start),
        };
      } else {
        throw new Error(`unknown method ${method}`);
      }
    }
    input.startDate = fromDayIndex(start);
    input.endDate = fromDayIndex(end);
    out.push(toSegment(input));
    start = end + 1;
  }
  return out;
}
