import { PRODUCTION_TAX_STATES, ProductionTaxesFunctions } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { stateLabel, stateOptions } from './taxStates';

describe('production-tax states in the console', () => {
  it('reads each state by name; Pennsylvania’s impact-fee states name the fee', () => {
    expect(stateLabel('new_mexico')).toBe('New Mexico');
    expect(stateLabel('custom')).toBe('Custom (no state)');
    expect(stateLabel('pennsylvania')).toBe('Pennsylvania');
    expect(stateLabel('pennsylvania horizontal')).toBe('Pennsylvania, horizontal well: impact fee');
    expect(stateLabel('pennsylvania_vertical')).toBe('Pennsylvania, vertical well: impact fee');
  });

  it('offers the service’s states, each one the contract takes, and a stored state spelled otherwise first', () => {
    const options = stateOptions('texas');
    expect(options.map((o) => o.value)).toEqual([...PRODUCTION_TAX_STATES]);
    for (const { value } of options) {
      expect(ProductionTaxesFunctions.safeParse({ data: { state: value } }).success, value).toBe(true);
    }
    expect(stateOptions('pennsylvania_horizontal')[0]).toEqual({
      value: 'pennsylvania_horizontal',
      label: 'Pennsylvania, horizontal well: impact fee',
    });
    expect(stateOptions('Texas')).toHaveLength(PRODUCTION_TAX_STATES.length + 1);
  });
});
