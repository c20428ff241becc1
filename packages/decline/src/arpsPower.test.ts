import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARPS_SERIES_MIN_B, ARPS_SERIES_TERMS, arpsPlain, arpsPower } from './arpsPower';
import { DAYS_PER_YEAR } from './constants';
import { arpsRelativeError } from './test/bigArps';

/*
 * arpsPower(q0, x, b) = q0·(1 + x)^(−1/b) by a tabled interval and a binomial series (decision 063).
 * The reference is exact arithmetic (test/bigArps.ts, BigInt with 240 fraction bits, checked against
 * mpmath when written), never the code under test. Errors are relative, in units of 2^−53.
 */

const EPS = 2 ** -53;
/** The bound asserted for arpsPower: 5·2^−53 ≈ 5.6e-16 relative (the largest seen is about 4.1). */
const BOUND = 5 * EPS;

const bSeries = fc.oneof(
  fc.double({ min: ARPS_SERIES_MIN_B, max: 5, noNaN: true }),
  fc.double({ min: ARPS_SERIES_MIN_B, max: 0.2, noNaN: true }),
);
/** x = b·D·Δ as the engine makes it: D from 1e-6 to 0.1 per day, Δ up to 60 years of whole days. */
const engineX = (b: number) =>
  fc
    .tuple(fc.double({ min: -6, max: -1, noNaN: true }), fc.integer({ min: 0, max: Math.ceil(60 * DAYS_PER_YEAR) }))
    .map(([logD, days]) => b * 10 ** logD * days);

function expectAccurate(x: number, b: number): void {
  const value = arpsPower(1, x, b);
  const error = arpsRelativeError(value, x, b);
  if (!(Math.abs(error) <= BOUND)) {
    expect.fail(`arpsPower(1, ${x}, ${b}) = ${value}: relative error ${error} (${error / EPS}·2^−53) > ${BOUND}`);
  }
}

describe('arpsPower against exact arithmetic: within 5·2^−53 relative', () => {
  it('over the engine’s domain: b in [0.05, 5], D·Δ up to decades', () => {
    fc.assert(
      fc.property(
        bSeries.chain((b) => engineX(b).map((x) => [x, b] as const)),
        ([x, b]) => expectAccurate(x, b),
      ),
      { numRuns: 1000, seed: 63 },
    );
  });

  it('x near 0 (1e-300 to 1e-3, both signs), where log1p matters', () => {
    fc.assert(
      fc.property(bSeries, fc.double({ min: -300, max: -3, noNaN: true }), fc.boolean(), (b, log10, negative) =>
        expectAccurate((negative ? -1 : 1) * 10 ** log10, b),
      ),
      { numRuns: 500, seed: 64 },
    );
  });

  it('x in (−1, 0): arps_inc with b > 0 and D < 0, towards the pole', () => {
    fc.assert(
      fc.property(bSeries, fc.double({ min: -12, max: 0, noNaN: true }), (b, log10) =>
        expectAccurate(-(10 ** log10) * (1 - 1e-12), b),
      ),
      { numRuns: 500, seed: 65 },
    );
  });

  it('b in [−5, −0.05] with x > 0: arps_inc with b < 0 and D < 0 (a rising rate)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: -ARPS_SERIES_MIN_B, noNaN: true }),
        fc.double({ min: -8, max: 2, noNaN: true }),
        (b, log10) => expectAccurate(10 ** log10, b),
      ),
      { numRuns: 500, seed: 66 },
    );
  });

  it('x up to 2^51 and b up to 1e6 (the edges of the series’ domain), results above 1e−260', () => {
    fc.assert(
      fc.property(
        fc.double({ min: ARPS_SERIES_MIN_B, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 51, noNaN: true }),
        (b, log2) => {
          // Factors below 1e−290 are left to the plain formula (far below any rate).
          fc.pre((log2 * Math.LN2) / b <= 600);
          expectAccurate(2 ** log2, b);
        },
      ),
      { numRuns: 500, seed: 67 },
    );
  });

  it('at both ends of every interval of 1 + x, binades 2^−3 … 2^6 (the reduction is exact there)', () => {
    for (const b of [ARPS_SERIES_MIN_B, 0.3, 1, 5, -0.5]) {
      for (let k = -3; k <= 6; k++) {
        for (let j = 0; j < 128; j++) {
          const start = (128 + j) * 2 ** (k - 7);
          const end = (129 + j) * 2 ** (k - 7);
          for (const u of [start, end * (1 - EPS)]) {
            if (b < 0 && u < 1) continue; // a rising Arps curve has 1 + x ≥ 1
            expectAccurate(u - 1, b);
          }
        }
      }
    }
  });
});

describe('arpsPower against Math.exp(−Math.log1p(x)/b)', () => {
  it('differs by no more than both errors: (5 + 2·|ln(1 + x)/b|)·2^−53 (Math’s grows with the exponent)', () => {
    fc.assert(
      fc.property(
        bSeries.chain((b) => engineX(b).map((x) => [x, b] as const)),
        fc.double({ min: 0.1, max: 1e4, noNaN: true }),
        ([x, b], q0) => {
          const ours = arpsPower(q0, x, b);
          const plain = arpsPlain(q0, x, b);
          const exponent = Math.abs(Math.log1p(x) / b);
          expect(Math.abs(ours - plain) / plain).toBeLessThanOrEqual((5 + 2 * exponent) * EPS);
        },
      ),
      { numRuns: 2000, seed: 68 },
    );
  });
});

describe('arpsPower edges', () => {
  it('x = 0 and x = −0 give q0 exactly (a segment starts at its qStart)', () => {
    for (const b of [0.05, 0.5, 1, 2, -0.5, 1e-11, 0.01]) {
      expect(arpsPower(123.456, 0, b)).toBe(123.456);
      expect(arpsPower(123.456, -0, b)).toBe(123.456);
    }
  });

  it('outside the series’ domain it is the plain formula, to the bit', () => {
    const cases: [number, number][] = [
      [0.3, ARPS_SERIES_MIN_B * (1 - EPS)], // |b| just below 0.05
      [0.3, -0.01],
      [0.3, 1e-9],
      [0.3, 2e6], // |b| above 1e6
      [2 ** 52, 0.5], // 1 + x ≥ 2^52
      [-1 + 2 ** -46, 0.5], // 1 + x below 2^−45
      [-1, 0.5], // the pole
      [Number.NaN, 0.5],
      [2 ** 51, 0.05], // the binade's factor 2^(−51/0.05) = 2^−1020 is below 1e−290
    ];
    for (const [x, b] of cases) expect(Object.is(arpsPower(2.5, x, b), arpsPlain(2.5, x, b))).toBe(true);
    expectAccurate(1e6, 0.05); // 1e6^−20 = 1e−120 is within range: the series
  });

  it('q0 = 0 gives 0', () => {
    expect(arpsPower(0, 12.5, 0.7)).toBe(0);
  });

  it('12 series terms leave a truncation below 2^−60 for every |b| ≥ 0.05 (|a| = 1/|b| ≤ 20, r ∈ [−2^−8, 2^−7))', () => {
    // Σ_{n>12} |C(a, n)|·ρ^n over the smallest value of (1 + r)^a, ρ = 2^−7; |C(a, n)| ≤ C(|a| + n − 1, n).
    for (let inverse = 0.01; inverse <= 20; inverse += 0.01) {
      for (const a of [-inverse, inverse]) {
        let coefficient = 1;
        let tail = 0;
        for (let n = 1; n <= ARPS_SERIES_TERMS + 40; n++) {
          coefficient *= Math.abs(a - n + 1) / n;
          if (n > ARPS_SERIES_TERMS) tail += coefficient * 2 ** (-7 * n);
        }
        const smallest = Math.min((1 - 2 ** -8) ** a, (1 + 2 ** -7) ** a);
        expect(tail / smallest).toBeLessThan(2 ** -60);
      }
    }
  });
});
