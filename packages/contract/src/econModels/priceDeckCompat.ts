import type { PriceDeckFunctions } from './priceDeck';
import type { PricingFunctions } from './pricing';

/*
 * Our old `price-deck` body and the service's `pricing` (decision 037). The old route answers for
 * one release over the pricing models: a body it receives is stored as pricing, and a pricing
 * model reads back in the old shape when that shape can say it (no escalation, no cap, $ per unit,
 * non-negative prices, rows flat or by date). Migration 0011 converts stored models the same way.
 */

/** The date an old schedule's first row is moved to, so its price also applies before its date as it did. */
export const PRICE_DECK_FIRST_DATE = '1900-01-01';

type OldValue = { flat?: number; byDate?: { date: string; price: number }[] };
type Row = Record<string, unknown>;

const rowsOf = (v: OldValue, key: string): Row[] =>
  v.flat !== undefined
    ? [{ entireWellLife: 'Flat', [key]: v.flat }]
    : (v.byDate ?? []).map((r, i) => ({ dates: i === 0 ? PRICE_DECK_FIRST_DATE : r.date, [key]: r.price }));

/** The pricing functions of an old price-deck body (the first dated row moved to 1900-01-01). */
export function pricingFromPriceDeck(old: PriceDeckFunctions): PricingFunctions {
  const p = old.pricing as unknown as Record<'oil' | 'gas' | 'ngl' | 'dripCondensate', OldValue>;
  const table = (v: OldValue, key: string) => ({ cap: '', escalationModel: 'none', rows: rowsOf(v, key) });
  return {
    priceModel: {
      oil: table(p.oil, 'price'),
      gas: table(p.gas, 'dollarPerMcf'),
      ngl: table(p.ngl, 'dollarPerBbl'),
      dripCondensate: table(p.dripCondensate, 'dollarPerBbl'),
    },
    breakeven: { basedOnPriceRatio: 'no', npvDiscount: 0, priceRatio: 0 },
  } as unknown as PricingFunctions;
}

/**
 * The old price-deck body of a pricing model, or null when the old shape cannot say it (an
 * escalation, a cap, $/MMBTU gas, % of oil, a negative price, offset rows).
 */
export function priceDeckFromPricing(pricing: PricingFunctions): PriceDeckFunctions | null {
  const out: Record<string, OldValue> = {};
  const keys = { oil: 'price', gas: 'dollarPerMcf', ngl: 'dollarPerBbl', dripCondensate: 'dollarPerBbl' } as const;
  for (const [product, key] of Object.entries(keys)) {
    const t = (
      pricing.priceModel as unknown as Record<string, { cap: unknown; escalationModel: unknown; rows: Row[] }>
    )[product]!;
    if (t.cap !== '' || t.escalationModel !== 'none') return null;
    const values = t.rows.map((r) => r[key]);
    if (values.some((v) => typeof v !== 'number' || v < 0)) return null;
    const first = t.rows[0]!;
    if (first.entireWellLife !== undefined) out[product] = { flat: values[0] as number };
    else if (t.rows.every((r) => typeof r.dates === 'string')) {
      out[product] = { byDate: t.rows.map((r, i) => ({ date: r.dates as string, price: values[i] as number })) };
    } else return null;
  }
  return { pricing: out } as unknown as PriceDeckFunctions;
}
