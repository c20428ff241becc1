import { z } from 'zod';
import { DateString, exactlyOne, range } from './fields';

export * from './priceDeckValues';

/*
 * Price deck, econ function `pricing` (our own kind: the spec does not show prices, issue 8).
 * Each product's price is either one flat number or a schedule of dated rows, a row's price
 * holding from its date until the next row's date.
 */

/** The highest price accepted, in $/BBL for liquids and $/MCF for gas: far above any market, so a typo of units stands out. */
export const PRICE_MAX = 10_000;
/** At most this many dated rows in one schedule (a monthly deck of 100 years). */
export const SCHEDULE_ROWS_MAX = 1200;

/**
 * Dated rows `[{date, <valueKey>}]`, 1 to 1200 of them, with strictly increasing dates (each
 * between 1900-01-01 and 2262-04-01): a row's value holds from its date until the next row's date,
 * and the first row's value also applies before its date.
 *
 * @example schedule('oil', 'price', range('price', 0, PRICE_MAX), '$/BBL')
 */
export function schedule<K extends string>(field: string, valueKey: K, value: z.ZodType<number>, unit: string) {
  const row = z
    .strictObject({
      date: DateString.meta({ description: 'the first day this row applies (YYYY-MM-DD)' }),
      [valueKey]: value.meta({ description: `${unit}, from this row's date until the next row's date` }),
    } as { date: typeof DateString } & Record<K, z.ZodType<number>>)
    .meta({ description: `one dated ${valueKey}` });
  return z
    .array(row, { error: `${field}.byDate must be an array of {date, ${valueKey}} rows` })
    .min(1, `${field}.byDate needs at least 1 row`)
    .max(SCHEDULE_ROWS_MAX, `${field}.byDate takes at most ${SCHEDULE_ROWS_MAX} rows`)
    .superRefine((value, ctx) => {
      const rows = value as { date?: unknown }[];
      for (let i = 1; i < rows.length; i += 1) {
        const prev = rows[i - 1]?.date;
        const date = rows[i]?.date;
        if (typeof prev === 'string' && typeof date === 'string' && date <= prev) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'date'],
            input: date,
            message: `${field}.byDate dates must strictly increase: row ${i + 1} (${date}) must be after row ${i} (${prev})`,
            params: { rule: 'dates strictly increasing' },
          });
        }
      }
    })
    .meta({
      description: `rows with strictly increasing dates; a row's ${valueKey} holds until the next row's date, and the first row's ${valueKey} also applies before its date`,
    });
}

/** A value that is one flat number or a schedule by date (exactly one of `flat`, `byDate`). */
export function flatOrByDate(field: string, valueKey: string, max: number, unit: string) {
  return exactlyOne(field, {
    flat: range(field, 0, max).meta({ description: `${unit}, the same in every month (0 to ${max})` }),
    byDate: schedule(field, valueKey, range(valueKey, 0, max), `${unit} (0 to ${max})`),
  });
}

const price = (field: string, unit: string) =>
  flatOrByDate(field, 'price', PRICE_MAX, unit).meta({
    description: `${field} price in ${unit}: exactly one of flat (a number) or byDate (rows {date, price}); 0 ≤ price ≤ ${PRICE_MAX}`,
  });

/** The `pricing` econ function: a price for each product, flat or by date. */
export const Pricing = z
  .strictObject({
    oil: price('oil', '$/BBL'),
    gas: price('gas', '$/MCF'),
    ngl: price('ngl', '$/BBL'),
    dripCondensate: price('dripCondensate', '$/BBL'),
  })
  .meta({
    id: 'PriceDeckPricing',
    description:
      'Prices the economics engine multiplies net sales volumes by (our own kind; not in the spec). Oil, NGL and drip condensate in $/BBL, gas in $/MCF.',
  });
export type Pricing = z.infer<typeof Pricing>;

/** The econ function object of a price-deck model's request body. */
export const PriceDeckFunctions = z.strictObject({ pricing: Pricing }).meta({ id: 'PriceDeckFunctionsInput' });
export type PriceDeckFunctionsInput = z.input<typeof PriceDeckFunctions>;
export type PriceDeckFunctions = z.infer<typeof PriceDeckFunctions>;

/** Responses carry the functions as sent (nothing is computed). */
export const PriceDeckFunctionsView = PriceDeckFunctions.meta({ id: 'PriceDeckFunctionsView' });
export type PriceDeckFunctionsView = PriceDeckFunctions;

/** The response form of stored functions: the kind computes nothing, so a copy of the input. */
export function priceDeckView(functions: PriceDeckFunctions): PriceDeckFunctionsView {
  return structuredClone(functions);
}
