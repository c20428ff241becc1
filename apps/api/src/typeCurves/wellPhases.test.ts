import { describe, expect, it } from 'vitest';
import { wellPhases } from './wellPhases';

describe('wellPhases (spec part 2.9)', () => {
  it('keeps a well in the fit of each phase it has produced, and out of the others', () => {
    expect(wellPhases(false, new Set(['oil', 'gas']))).toEqual({ oil: 'fit', gas: 'fit', water: 'noProduction' });
    expect(wellPhases(false, new Set())).toEqual({ oil: 'noProduction', gas: 'noProduction', water: 'noProduction' });
  });

  it('reports an excluded well as excluded in every phase, whatever it produced', () => {
    expect(wellPhases(true, new Set(['oil', 'gas', 'water']))).toEqual({
      oil: 'excluded',
      gas: 'excluded',
      water: 'excluded',
    });
  });
});
