/*
 * The states of a production-taxes model (econ-math.md, Production taxes; decision 038), without
 * zod: the engine reads them. The service offers the states below; no state carries rate tables
 * except Pennsylvania's two impact-fee states, whose fee replaces the model's ad valorem rows.
 */

/** The states the service offers, as it spells them (`custom` the default). */
export const PRODUCTION_TAX_STATES = [
  'custom',
  'alaska',
  'alabama',
  'arkansas',
  'arizona',
  'california',
  'colorado',
  'florida',
  'idaho',
  'indiana',
  'kansas',
  'kentucky',
  'louisiana',
  'maryland',
  'michigan',
  'mississippi',
  'montana',
  'north_dakota',
  'nebraska',
  'new_mexico',
  'nevada',
  'new_york',
  'ohio',
  'oklahoma',
  'oregon',
  'pennsylvania',
  'pennsylvania horizontal',
  'pennsylvania vertical',
  'south_dakota',
  'tennessee',
  'texas',
  'utah',
  'virginia',
  'west_virginia',
  'wyoming',
] as const;

/** The well an impact-fee state charges: a horizontal (unconventional) well, or a vertical one (20 %, 10 years). */
export type ImpactFeeWell = 'horizontal' | 'vertical';

/**
 * The impact-fee well a state names: `pennsylvania horizontal` or `pennsylvania vertical` (the
 * service's spelling), with an underscore or spaces, in any case; plain `pennsylvania` is a state like
 * the others (the service's "simple" Pennsylvania).
 *
 * @example impactFeeWell('pennsylvania_horizontal') // 'horizontal'
 */
export function impactFeeWell(state: string): ImpactFeeWell | undefined {
  const m = /^pennsylvania[ _]+(horizontal|vertical)$/i.exec(state.trim());
  return m ? (m[1]!.toLowerCase() as ImpactFeeWell) : undefined;
}

/**
 * What the impact fee's well years count from: the first production date (default), or the well's
 * spud date header (the first production date when the well has none). The service's third choice,
 * the spud date of a schedule, is not taken: this service has no schedules.
 */
export const IMPACT_FEE_STARTS = ['fpd', 'spud_date_from_headers'] as const;
export type ImpactFeeStart = (typeof IMPACT_FEE_STARTS)[number];
