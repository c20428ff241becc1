import { describe, expect, it } from 'vitest';
import { DAYS_PER_YEAR as Y } from './constants';
import { DeclineError } from './declineError';
import {
  arpsEffectiveFromNominal,
  arpsNominalFromEffective,
  exponentialEffectiveFromNominal,
  exponentialNominalFromEffective,
  nominalPerDay,
} from './declines';
import { expectClose } from './test/tolerance';

describe('exponential', () => {
  it('dEff = 1 − e^−1 is D = 1/Y (by hand)', () => {
    expectClose(exponentialNominalFromEffective(1 - Math.exp(-1)), 1 / Y);
    expectClose(exponentialEffectiveFromNominal(1 / Y), 1 - Math.exp(-1));
  });

  it('an increase (dEff = 1 − e) has D = −1/Y', () => {
    expectClose(exponentialNominalFromEffective(1 - Math.E), -1 / Y);
  });

  it('dEff = 0 is D = 0', () => {
    expect(exponentialNominalFromEffective(0)).toBe(0);
  });
});

describe('arps', () => {
  it.each([
    // (1 − dEff)^(−b) − 1 worked by hand
    [0.75, 0.5, 2 / Y], // 0.25^−0.5 = 2
    [0.5, 1, 1 / Y], // 0.5^−1 = 2
    [0.75, 2, 15 / (2 * Y)], // 0.25^−2 = 16
    [-3, -0.5, -2 / Y], // arps_inc: 4^0.5 = 2, (2 − 1)/(−0.5·Y)
  ])('dEff %d, b %d gives D %d', (dEff, b, D) => {
    expectClose(arpsNominalFromEffective(dEff, b), D);
    expectClose(arpsEffectiveFromNominal(D, b), dEff);
  });

  it.each([1e-3, 1e-5, 1e-7, 1e-9, 1e-10, -1e-6])('is stable near b = 0 (b = %d): matches the Taylor series', (b) => {
    const dEff = 0.7;
    const l = -Math.log(1 - dEff);
    // D = (e^(bℓ) − 1)/(Y·b) = (ℓ/Y)(1 + bℓ/2 + (bℓ)²/6 + (bℓ)³/24 + …); the next term is < 1e-12 here.
    const x = b * l;
    const expected = (l / Y) * (1 + x / 2 + (x * x) / 6 + (x * x * x) / 24);
    expectClose(arpsNominalFromEffective(dEff, b), expected);
    expectClose(arpsEffectiveFromNominal(expected, b), dEff);
  });

  it('treats |b| < 1e-10 as exponential', () => {
    expect(arpsNominalFromEffective(0.5, 1e-11)).toBe(exponentialNominalFromEffective(0.5));
    expect(arpsNominalFromEffective(0.5, -1e-11)).toBe(exponentialNominalFromEffective(0.5));
    expect(arpsEffectiveFromNominal(0.002, 0)).toBe(exponentialEffectiveFromNominal(0.002));
  });
});

describe('nominalPerDay', () => {
  it('is d / Y', () => {
    expectClose(nominalPerDay(0.7), 0.7 / 365.25);
  });
});

describe('errors', () => {
  it.each([1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects dEff = %d naming dEff and the value', (dEff) => {
    for (const f of [() => exponentialNominalFromEffective(dEff), () => arpsNominalFromEffective(dEff, 0.5)]) {
      expect(f).toThrow(DeclineError);
      expect(f).toThrow(new RegExp(`^dEff .*\\(got ${dEff}\\)$`));
    }
  });

  it('carries the parameter and value', () => {
    try {
      exponentialNominalFromEffective(1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DeclineError);
      expect((error as DeclineError).parameter).toBe('dEff');
      expect((error as DeclineError).value).toBe(1);
    }
  });

  it('rejects a non-finite b, d or D', () => {
    expect(() => arpsNominalFromEffective(0.5, Number.NaN)).toThrow(/^b /);
    expect(() => nominalPerDay(Number.NaN)).toThrow(/^d /);
    expect(() => exponentialEffectiveFromNominal(Number.POSITIVE_INFINITY)).toThrow(/^D /);
    expect(() => arpsEffectiveFromNominal(Number.NaN, 1)).toThrow(/^D /);
  });

  it('rejects an effective decline the curve never reaches (1 + b·D·Y ≤ 0)', () => {
    expect(() => arpsEffectiveFromNominal(-2 / Y, 0.5)).toThrow(/^b with D = .*\(got 0\.5\)$/);
  });
});
