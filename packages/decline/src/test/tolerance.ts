import { expect } from 'vitest';

/** The shared relative tolerance (decline-math.md: 1e-9 is reachable everywhere). */
export const REL_TOL = 1e-9;

/**
 * Asserts |actual − expected| ≤ rel·max(|expected|, scale). `scale` sets the magnitude used when the
 * expected value may be near 0 (e.g. the total of which it is a part); `rel` is only loosened with a
 * comment at the call site saying why.
 */
export function expectClose(actual: number, expected: number, rel = REL_TOL, scale = 0): void {
  const bound = rel * Math.max(Math.abs(expected), scale);
  const error = Math.abs(actual - expected);
  if (!(error <= bound)) {
    expect.fail(`expected ${actual} to be within ${rel} (relative) of ${expected}; error ${error}, bound ${bound}`);
  }
}
