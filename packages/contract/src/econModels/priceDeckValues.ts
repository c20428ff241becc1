/*
 * The price deck's products and the value of a flat-or-dated field on a date, without zod: the
 * econ engine uses them too. Split from priceDeck.ts, which validates the functions.
 */

/** The products of a price deck and the unit of each price. */
export const PRICE_PRODUCTS = [
  { key: 'oil', label: 'Oil', unit: '$/BBL' },
  { key: 'gas', label: 'Gas', unit: '$/MCF' },
  { key: 'ngl', label: 'NGL', unit: '$/BBL' },
  { key: 'dripCondensate', label: 'Drip condensate', unit: '$/BBL' },
] as const;
export type PriceProduct = (typeof PRICE_PRODUCTS)[number]['key'];

/** A flat value or dated rows, as stored (`valueKey` names the rows' number: `price`, `cost`). */
export type FlatOrByDate<K extends string = string> =
  | { flat: number; byDate?: undefined }
  | { flat?: undefined; byDate: ({ date: string } & Record<K, number>)[] };

/**
 * The value in force on `date` (YYYY-MM-DD, e.g. a month's first day): the flat value, or the
 * value of the last row dated on or before `date` (the first row's before the first date).
 *
 * @example valueOn({ byDate: [{ date: '2026-01-01', price: 70 }, { date: '2027-01-01', price: 65 }] }, 'price', '2026-06-01') // 70
 */
export function valueOn<K extends string>(value: FlatOrByDate<K>, valueKey: K, date: string): number {
  if (value.flat !== undefined) return value.flat;
  const rows = value.byDate;
  let out = rows[0]?.[valueKey] ?? 0;
  for (const row of rows) {
    if (row.date > date) break;
    out = row[valueKey];
  }
  return out;
}
