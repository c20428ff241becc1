import { z } from 'zod';
import { range } from './fields';
import { Cap, datedRow, EscalationModelRef, rowTable } from './rows';

/*
 * Pricing, econ function `priceModel` (issue 19; service-shapes.md "Pricing"; econ-math.md
 * "Pricing and differentials"): per product a table of dated rows, its cap and its escalation.
 * Oil `price` $/BBL; gas `dollarPerMcf` or `dollarPerMmbtu` (× the stream properties' shrunk-gas
 * BTU content); NGL and drip condensate `dollarPerBbl` or `pctOfOilPrice`. A product left out takes
 * the service's default: 0, NGL 100 % of the oil price. Replaces our `price-deck` (decision 037).
 */

/** The highest price in $/unit accepted: far above any market, so a typo of units stands out. */
export const PRICE_LIMIT = 10_000;
/** A price as a percent of the oil price (NGL, drip condensate). */
export const PCT_OF_OIL_MAX = 100;

const dollars = (field: string, unit: string) =>
  range(field, -PRICE_LIMIT, PRICE_LIMIT).meta({
    description: `${unit} (−${PRICE_LIMIT} to ${PRICE_LIMIT}: gas hubs have traded below 0)`,
  });
const pctOfOil = range('pctOfOilPrice', 0, PCT_OF_OIL_MAX).meta({
  description: `percent of the month's oil price after its escalation and cap (0 to ${PCT_OF_OIL_MAX})`,
});

/** The value keys of each product's rows and their units. */
export const PRICE_UNITS = {
  oil: [{ key: 'price', label: '$/BBL' }],
  gas: [
    { key: 'dollarPerMcf', label: '$/MCF' },
    { key: 'dollarPerMmbtu', label: '$/MMBTU' },
  ],
  ngl: [
    { key: 'pctOfOilPrice', label: '% of oil price' },
    { key: 'dollarPerBbl', label: '$/BBL' },
  ],
  dripCondensate: [
    { key: 'pctOfOilPrice', label: '% of oil price' },
    { key: 'dollarPerBbl', label: '$/BBL' },
  ],
} as const;
export type PricedProduct = keyof typeof PRICE_UNITS;

const table = <V extends Record<string, z.ZodType<number>>>(product: string, values: V, fallback: object) => {
  const keys = Object.keys(values);
  return z
    .strictObject({
      cap: Cap('cap', PRICE_LIMIT),
      escalationModel: EscalationModelRef,
      rows: rowTable(datedRow(values), keys),
    })
    .prefault(() => ({ rows: [{ entireWellLife: 'Flat', ...fallback }] }) as never)
    .meta({
      description: `${product}: rows of exactly one of ${keys.join(', ')} over exactly one period; cap "" or a ceiling; escalationModel "none" or an escalations model id`,
    });
};

export const PriceModel = z
  .strictObject({
    oil: table('oil', { price: dollars('price', '$/BBL') }, { price: 0 }),
    gas: table(
      'gas',
      { dollarPerMcf: dollars('dollarPerMcf', '$/MCF'), dollarPerMmbtu: dollars('dollarPerMmbtu', '$/MMBTU') },
      { dollarPerMcf: 0 },
    ),
    ngl: table(
      'ngl',
      { pctOfOilPrice: pctOfOil, dollarPerBbl: dollars('dollarPerBbl', '$/BBL') },
      { pctOfOilPrice: 100 },
    ),
    dripCondensate: table(
      'dripCondensate',
      { pctOfOilPrice: pctOfOil, dollarPerBbl: dollars('dollarPerBbl', '$/BBL') },
      { dollarPerBbl: 0 },
    ),
  })
  .meta({ id: 'PriceModel', description: 'prices by product; a product left out: 0 (NGL: 100 % of oil)' });
export type PriceModel = z.output<typeof PriceModel>;

/** "yes" or "no"; true and false (as clients also send) are read as them before validation. */
const YesNo = z
  .preprocess(
    (v) => (v === true ? 'yes' : v === false ? 'no' : v),
    z.enum(['yes', 'no'], { error: 'basedOnPriceRatio must be "yes", "no", true or false' }),
  )
  .meta({ description: '"yes" or "no" (true and false are taken as them)' });

export const Breakeven = z
  .strictObject({
    basedOnPriceRatio: YesNo.default('no').meta({
      description:
        'yes: in the breakeven runs the other phase’s price follows priceRatio (gas = oil ÷ ratio solving oil, oil = gas × ratio solving gas); no: it keeps the run’s prices. Yes with priceRatio 0 runs as no, with a warning',
    }),
    npvDiscount: range('npvDiscount', 0, 100)
      .default(0)
      .meta({ description: 'percent: the discount rate of the BFIT NPV the breakeven prices zero' }),
    priceRatio: range('priceRatio', 0, 1000)
      .default(0)
      .meta({ description: 'oil $/BBL ÷ gas $/MCF, read when basedOnPriceRatio is yes' }),
  })
  .meta({
    id: 'PricingBreakeven',
    description:
      'breakeven settings: each econ run gives the well’s oil ($/BBL) and gas ($/MCF) breakeven prices, the flat price of the phase at which the BFIT NPV at npvDiscount over the well’s final life, with its initial interests, is 0 (one-liner `breakeven`)',
  });

/** The econ function objects of a pricing model's request body. */
export const PricingFunctions = z
  .strictObject({
    priceModel: PriceModel,
    breakeven: Breakeven.default({ basedOnPriceRatio: 'no', npvDiscount: 0, priceRatio: 0 }),
  })
  .meta({ id: 'PricingFunctionsInput' });
export type PricingFunctionsInput = z.input<typeof PricingFunctions>;
export type PricingFunctions = z.output<typeof PricingFunctions>;

export const PricingFunctionsView = PricingFunctions.meta({ id: 'PricingFunctionsView' });

/** Responses carry what was stored (defaults filled in): nothing is computed. */
export function pricingView(functions: PricingFunctions): PricingFunctions {
  return structuredClone(functions);
}
