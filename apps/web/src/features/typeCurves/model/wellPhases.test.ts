import { describe, expect, it } from 'vitest';
import { phasesText } from './wellPhases';

describe('a type-curve well’s phases in words', () => {
  it('all phases, some with the ones dropped for want of production, none, excluded, unknown', () => {
    expect(phasesText({ oil: 'fit', gas: 'fit', water: 'fit' })).toBe('all phases');
    expect(phasesText({ oil: 'fit', gas: 'fit', water: 'noProduction' })).toBe('oil, gas · no water production');
    expect(phasesText({ oil: 'noProduction', gas: 'noProduction', water: 'noProduction' })).toBe(
      'no phase · no oil or gas or water production',
    );
    expect(phasesText({ oil: 'excluded', gas: 'excluded', water: 'excluded' })).toBe('excluded');
    expect(phasesText(undefined)).toBe('—');
  });
});
