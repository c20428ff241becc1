import type { Grid } from './grid';

/*
 * The daily rates rate rows read (econ-math.md, Dated rows): a month's volume ÷ its producing days
 * (a partial first-production or as-of month grossed up to a daily rate), none before the month of
 * first production; `monotonic` tables read the lowest rate so far. Pure.
 */

/** The phase a rate row reads: oil, gas, water, or oil + water (`totalFluidRate`). */
export type RatePhase = 'oil' | 'gas' | 'water' | 'totalFluid';
/** The volumes it reads: gross well-head (default), gross sales, or net sales (× NRI). */
export type RateBasis = 'gross_well_head' | 'gross_sales' | 'net_sales';
/** The daily rate by grid row of a phase on a basis (NaN: no rate that month). */
export type RateSource = (phase: RatePhase, basis: RateBasis, monotonic: boolean) => Float64Array;

/** Monthly volumes by grid row of each basis the source can give. */
export type RateVolumes = Partial<Record<RateBasis, Partial<Record<'oil' | 'gas' | 'water', Float64Array>>>>;

/**
 * Daily rates by grid row: volume ÷ days from the later of the row's first day and `fpdDay` to its
 * last; NaN in rows that end before first production (or hold no day). Monotonic: the running
 * minimum of the rates so far.
 */
export function dailyRates(
  grid: Pick<Grid, 'start' | 'end'>,
  volume: Float64Array,
  fpdDay: number | undefined,
  monotonic: boolean,
): Float64Array {
  const n = grid.start.length;
  const out = new Float64Array(n);
  let low = Number.POSITIVE_INFINITY;
  for (let r = 0; r < n; r++) {
    const from = fpdDay === undefined ? grid.start[r]! : Math.max(grid.start[r]!, fpdDay);
    const days = grid.end[r]! - from + 1;
    if (days <= 0) {
      out[r] = Number.NaN;
      continue;
    }
    let q = (volume[r] ?? 0) / days;
    if (monotonic) {
      if (q < low) low = q;
      q = low;
    }
    out[r] = q;
  }
  return out;
}

/**
 * A rate source over a grid's monthly volumes (memoized per phase, basis and method).
 *
 * @throws {Error} when a basis is asked whose volumes were not given (a caller's bug)
 */
export function rateSource(
  grid: Pick<Grid, 'start' | 'end'>,
  volumes: RateVolumes,
  fpdDay: number | undefined,
): RateSource {
  const memo = new Map<string, Float64Array>();
  return (phase, basis, monotonic) => {
    const key = `${phase} ${basis} ${monotonic}`;
    let out = memo.get(key);
    if (out) return out;
    const v = volumes[basis];
    if (!v) throw new Error(`no ${basis} volumes for rate rows`);
    const n = grid.start.length;
    const zero = new Float64Array(n);
    let volume: Float64Array;
    if (phase === 'totalFluid') {
      const oil = v.oil ?? zero;
      const water = v.water ?? zero;
      volume = new Float64Array(n);
      for (let r = 0; r < n; r++) volume[r] = (oil[r] ?? 0) + (water[r] ?? 0);
    } else volume = v[phase] ?? zero;
    out = dailyRates(grid, volume, fpdDay, monotonic);
    memo.set(key, out);
    return out;
  };
}
