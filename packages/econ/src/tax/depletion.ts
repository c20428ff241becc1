import { EconError } from '../econError';
import type { DepletionMethod } from './depreciation';

/** Percentage depletion rate on gross revenue (spec part 2.6, `fifteenDepletion`). */
export const PERCENTAGE_DEPLETION_RATE = 0.15;
/** Percentage depletion limit, as a share of the month's net revenue. */
export const PERCENTAGE_DEPLETION_NET_LIMIT = 0.5;

/** What cost depletion needs besides the basis: where the cash flow ends and the volumes it follows. */
export interface DepletionContext {
  /** Row of the first-production month: −1 when unknown or before the cash flow; rows past the end count as the last. */
  fpdRow: number;
  /** Month volumes of the major phase at 100 % WI, and their sums from each row to the last (unit_of_production_major). */
  major?: UnitVolumes;
  /** The same in BOE (unit_of_production_BOE). */
  boe?: UnitVolumes;
}

/** A volume column and its remaining totals (`remaining[r]` = Σ volume[r..last]). */
export interface UnitVolumes {
  volume: Float64Array;
  remaining: Float64Array;
}

/**
 * A volume column with its remaining totals, for unit-of-production depletion.
 *
 * @throws {EconError} naming `field` when a volume is negative or not a finite number
 */
export function unitVolumes(field: string, volume: Float64Array): UnitVolumes {
  const remaining = new Float64Array(volume.length);
  let s = 0;
  for (let r = volume.length - 1; r >= 0; r--) {
    const v = volume[r]!;
    if (!(v >= 0 && v < Infinity)) throw new EconError(`${field}[${r}]`, v, 'must be a finite volume of at least 0');
    remaining[r] = s += v;
  }
  return { volume, remaining };
}

/**
 * Adds the cost depletion of one basis spent in row `row` to `out` (econ-math.md, DD&A): the
 * immediate percent in the CAPEX month, the rest by method: `unit_of_production_major` /
 * `unit_of_production_BOE` take each month's volume ÷ the volume remaining from that month (of the
 * cash flow) × the running balance, from the CAPEX month on (no volume left: the last row);
 * `ecl` all in the last row; `fpd` all in the first-production month, or the CAPEX month when that
 * is later or unknown; `never` nothing.
 *
 * @param immediatePct percent of the basis deducted in the CAPEX month (0-100, checked by the caller)
 */
export function addCostDepletion(
  out: Float64Array,
  method: DepletionMethod,
  row: number,
  basis: number,
  immediatePct: number,
  ctx: DepletionContext,
): void {
  const n = out.length;
  if (basis === 0 || n === 0) return;
  const last = n - 1;
  const immediate = (basis * immediatePct) / 100;
  out[row]! += immediate;
  const rest = basis - immediate;
  switch (method) {
    case 'never':
      return;
    case 'ecl':
      out[last]! += rest;
      return;
    case 'fpd':
      out[ctx.fpdRow < 0 ? row : Math.max(row, Math.min(ctx.fpdRow, last))]! += rest;
      return;
    case 'unit_of_production_major':
    case 'unit_of_production_BOE': {
      const units = method === 'unit_of_production_major' ? ctx.major : ctx.boe;
      if (!units)
        throw new EconError(
          `run.${method === 'unit_of_production_major' ? 'majorVolume' : 'boeVolume'}`,
          undefined,
          `is required for ${method}`,
        );
      let balance = rest;
      for (let r = row; r < n; r++) {
        const left = units.remaining[r]!;
        if (left <= 0) break;
        const v = units.volume[r]!;
        const d = v === left ? balance : (balance * v) / left;
        out[r]! += d;
        balance -= d;
      }
      // Nothing produced from the CAPEX month on: all at the end (the last month with volume leaves 0 exactly).
      if (balance !== 0) out[last]! += balance;
      return;
    }
    default:
      throw new EconError(
        'depletionModel',
        method,
        'must be unit_of_production_major, unit_of_production_BOE, ecl, never or fpd',
      );
  }
}

/**
 * Percentage depletion by month (spec part 2.6): the lesser of 15 % of the month's gross revenue and
 * 50 % of its net revenue (revenue − expenses − production taxes = BFIT + CAPEX), never below 0.
 */
export function percentageDepletion(revenue: Float64Array, bfit: Float64Array, capex: Float64Array): Float64Array {
  const out = new Float64Array(revenue.length);
  for (let r = 0; r < out.length; r++) {
    const pd = Math.min(
      PERCENTAGE_DEPLETION_RATE * revenue[r]!,
      PERCENTAGE_DEPLETION_NET_LIMIT * (bfit[r]! + capex[r]!),
    );
    out[r] = pd > 0 ? pd : 0;
  }
  return out;
}
