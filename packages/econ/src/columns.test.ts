import fc from 'fast-check';
import { describe, it } from 'vitest';
import { total, totals } from './columns';

describe('totals of several columns in one pass', () => {
  it('property: each is total() of its column, to the bit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 23 }),
        (rows, pattern, count) => {
          const columns = Array.from({ length: count }, (_, k) =>
            Float64Array.from({ length: rows }, (_, r) => pattern[(r * (k + 3)) % pattern.length]! / (k + 1)),
          );
          const sums = totals(columns);
          return sums.length === count && columns.every((c, k) => Object.is(sums[k], total(c)));
        },
      ),
      { numRuns: 100 },
    );
  });
});
