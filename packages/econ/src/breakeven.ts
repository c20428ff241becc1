import { requireNumber } from './econError';

/*
 * Breakeven prices (econ-math.md, "Pricing and differentials", Breakeven; decision 039): per phase,
 * the flat price at which the well's BFIT NPV at the pricing model's `npvDiscount` is 0, from two
 * runs at anchor prices and the linear zero between them. The runs themselves are the caller's
 * (well.ts: the net run's columns over the final life, initial interests, the phase flat); this
 * file picks their prices and turns their NPVs into prices. Pure.
 */

/** The phases with a breakeven price. */
export type BreakevenPhase = 'oil' | 'gas';
export const BREAKEVEN_PHASES: readonly BreakevenPhase[] = ['oil', 'gas'];

/** The pricing model's breakeven settings, as the engine reads them. */
export interface BreakevenSettings {
  /** Percent (10 = 10 %): the annual rate of the NPV the breakeven prices zero. */
  npvDiscount: number;
  /** The other phase's price follows `priceRatio` in the breakeven runs (false when the ratio is not above 0). */
  basedOnPriceRatio: boolean;
  /** Oil $/BBL ÷ gas $/MCF. */
  priceRatio: number;
}

/** A well's breakeven prices. */
export interface Breakeven {
  /** $/BBL, to the cent; null when no flat oil price zeroes the NPV (see `reason`). */
  oil: number | null;
  /** $/MCF, to the cent; null when no flat gas price zeroes the NPV (see `reason`). */
  gas: number | null;
  /** Percent: the rate of the NPV the prices zero. */
  npvDiscount: number;
  /** Whether the other phase's price followed the price ratio in the runs. */
  basedOnPriceRatio: boolean;
  /** Oil $/BBL ÷ gas $/MCF, present when basedOnPriceRatio. */
  priceRatio?: number;
  /** Why a price is null, one sentence per phase, each starting with the phase. */
  reason?: string;
}

/** The two prices each phase is run at (the platform's): oil $10 and $60/BBL, gas $0 and $5/MCF. */
export const BREAKEVEN_ANCHORS: Readonly<Record<BreakevenPhase, readonly [number, number]>> = {
  oil: [10, 60],
  gas: [0, 5],
};

const PER: Record<BreakevenPhase, string> = { oil: '/BBL', gas: '/MCF' };

/**
 * The flat prices of one breakeven run: `phase` at `price`; with basedOnPriceRatio the other phase
 * too, gas = oil ÷ priceRatio when solving oil, oil = gas × priceRatio when solving gas.
 */
export function breakevenRunPrices(
  phase: BreakevenPhase,
  price: number,
  settings: BreakevenSettings,
): Partial<Record<BreakevenPhase, number>> {
  if (!settings.basedOnPriceRatio) return { [phase]: price };
  return phase === 'oil'
    ? { oil: price, gas: price / settings.priceRatio }
    : { gas: price, oil: price * settings.priceRatio };
}

/**
 * The zero of the line through (x1, y1) and (x2, y2), (x2·y1 − x1·y2) / (y1 − y2), rounded to the
 * cent; null when y1 = y2 (the line is flat: no zero, or everywhere).
 */
export function linearZero(x1: number, y1: number, x2: number, y2: number): number | null {
  if (y1 === y2) return null;
  const x = (x2 * y1 - x1 * y2) / (y1 - y2);
  if (!Number.isFinite(x)) return null;
  const cents = Math.round(x * 100) / 100;
  return cents === 0 ? 0 : cents; // no −0
}

/**
 * A well's breakeven prices: for oil, then gas, the NPV at settings.npvDiscount of two runs with
 * the phase flat at its anchors (BREAKEVEN_ANCHORS), and the linear zero of NPV(price). Exact when
 * NPV is linear in the price (no NPI, no floor on a tax); otherwise the zero of the secant, as the
 * platform's. An uneconomic well (no life) has none, and no run is made.
 *
 * @param npvAt the well's NPV at settings.npvDiscount with the given phases sold at flat prices
 * @param well.sales gross sales volume of each phase over the final life (for the reason)
 * @throws {EconError} naming `breakeven.npvDiscount` or `breakeven.priceRatio` when not a number
 */
export function breakevenPrices(
  settings: BreakevenSettings,
  npvAt: (flat: Partial<Record<BreakevenPhase, number>>) => number,
  well: { uneconomic: boolean; sales: Record<BreakevenPhase, number> },
): Breakeven {
  const npvDiscount = requireNumber('breakeven.npvDiscount', settings.npvDiscount, 0);
  const ratio = requireNumber('breakeven.priceRatio', settings.priceRatio);
  // A ratio of 0 (or below) cannot set the other phase: the runs keep its prices (the input mapping warns).
  const byRatio = settings.basedOnPriceRatio && ratio > 0;
  const used: BreakevenSettings = { npvDiscount, basedOnPriceRatio: byRatio, priceRatio: ratio };
  const out: Breakeven = { oil: null, gas: null, npvDiscount, basedOnPriceRatio: byRatio };
  if (byRatio) out.priceRatio = ratio;
  if (well.uneconomic) {
    out.reason = 'the well is uneconomic (its economic limit is the as-of date): there is no life to break even over.';
    return out;
  }
  const reasons: string[] = [];
  for (const phase of BREAKEVEN_PHASES) {
    const [x1, x2] = BREAKEVEN_ANCHORS[phase];
    const y1 = npvAt(breakevenRunPrices(phase, x1, used));
    const y2 = npvAt(breakevenRunPrices(phase, x2, used));
    const price = linearZero(x1, y1, x2, y2);
    out[phase] = price;
    if (price !== null) continue;
    const other: BreakevenPhase = phase === 'oil' ? 'gas' : 'oil';
    const unsold = well.sales[phase] === 0 && (!byRatio || well.sales[other] === 0);
    reasons.push(
      `${phase}: the NPV at ${npvDiscount} % is the same with ${phase} at $${x1} and $${x2}${PER[phase]}, so no ${phase} price zeroes it${unsold ? ` (the well sells no ${byRatio ? 'oil or gas' : phase} over its life)` : ''}.`,
    );
  }
  if (reasons.length > 0) out.reason = reasons.join(' ');
  return out;
}
