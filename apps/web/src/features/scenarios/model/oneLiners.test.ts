import type { EconOneLiner, EconOneLinerComplete } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { irrText, npvHeader, rateOf, sharedRates, wellProblem } from './oneLiners';

const npv = [0, 5, 10, 15].map((rate) => ({ rate, npv: 1000 - rate * 10 }));
const line = (patch: Partial<EconOneLinerComplete> = {}): EconOneLinerComplete =>
  ({
    well: 'w1',
    wellName: 'W1',
    comboName: 'default',
    warnings: [],
    status: 'complete',
    firstDiscountNpv: 1000,
    secondDiscountNpv: 900,
    npv,
    irr: 12,
    ...patch,
  }) as EconOneLinerComplete;
const failed: EconOneLiner = {
  well: 'w2',
  wellName: 'W2',
  comboName: 'default',
  warnings: [],
  status: 'failed',
  error: 'cutOff.linkToWells is not supported by the engine yet',
};

describe('one-liner labels', () => {
  it('takes the rate of an NPV from the general options the API reports, else from the NPV table', () => {
    expect(rateOf(line({ discountRates: { first: 8, second: 12.5 } }), 'second')).toBe(12.5);
    // A run stored before the API reported the rates: the table rate of the same NPV.
    expect(rateOf(line(), 'first')).toBe(0);
    expect(rateOf(line(), 'second')).toBe(10);
  });

  it('names a rate in the headers only when every complete well shown shares it', () => {
    const rates = { discountRates: { first: 0, second: 10 } };
    expect(sharedRates([line(rates), line(rates), failed])).toEqual({ first: 0, second: 10 });
    expect(sharedRates([line(rates), line({ discountRates: { first: 0, second: 15 } })])).toEqual({
      first: 0,
      second: undefined,
    });
    expect(sharedRates([failed])).toEqual({ first: undefined, second: undefined });
    expect(npvHeader('second', 10)).toBe('NPV 10 %');
    expect(npvHeader('first', 12.5)).toBe('NPV 12.5 %');
    expect(npvHeader('second', undefined)).toBe('NPV (2nd discount)');
  });

  it('says why an IRR is empty, in the API’s short words', () => {
    expect(irrText(12.34, undefined)).toBe('12.3 %');
    expect(irrText(null, 'no sign change: the cash flow is never negative (nothing to earn a rate on)')).toBe(
      '— no sign change',
    );
    expect(irrText(null, 'never pays out: the cash flow sums below zero')).toBe('— never pays out');
    expect(irrText(null, 'uneconomic: the limit falls on the as-of date')).toBe('— uneconomic');
    expect(irrText(null, undefined)).toBe('—');
  });

  it('marks a failed well and a well without a forecast with the run’s words', () => {
    expect(wellProblem(failed)).toEqual({
      kind: 'failed',
      label: 'Failed',
      reason: 'cutOff.linkToWells is not supported by the engine yet',
    });
    const none = 'forecast 0123 has no forecast for this well: volumes are 0';
    expect(wellProblem(line({ warnings: ['pricing: none assigned', none] }))).toEqual({
      kind: 'no-forecast',
      label: 'No forecast',
      reason: none,
    });
    expect(wellProblem(line({ warnings: ['pricing: none assigned'] }))).toBeUndefined();
  });
});
