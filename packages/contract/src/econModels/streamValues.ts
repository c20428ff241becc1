/*
 * Stream-property constants and rules without zod (the econ engine reads them too).
 */

export const YIELD_MAX = 1000;
export const BTU_MAX = 5000;

/** Whether a stored yield row applies to shrunk (sales) gas (`unshrunkGas` or `shrunkGas` "Shrunk Gas"). */
export function onShrunkGas(row: { unshrunkGas?: unknown; shrunkGas?: unknown }): boolean {
  return row.unshrunkGas === 'Shrunk Gas' || row.shrunkGas === 'Shrunk Gas';
}
