/**
 * Running sums of yearly percentages, as the service computes `tanCumulative` / `intanCumulative`
 * (contract `depreciationView`): summed in units of 0.000001 so 0.1 + 0.2 shows 0.3. A value that
 * is not a finite number (an empty or half-typed box) adds nothing and makes that row's sum
 * `undefined` and every later one, as the cumulative is not known until it is fixed.
 */
export function runningSums(values: readonly unknown[]): (number | undefined)[] {
  let micro = 0;
  let known = true;
  return values.map((v) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) known = false;
    else micro += Math.round(v * 1e6);
    return known ? micro / 1e6 : undefined;
  });
}
