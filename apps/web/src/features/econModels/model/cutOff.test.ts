import { CASH_FLOW_TRIGGERS, CUT_OFF_TRIGGERS, CutOff, econModelExample } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { companionApplies, companionWrites } from './cutOff';
import { switchChoice } from './oneOf';

describe('cut-off companions', () => {
  it('max cumulative cash flow takes all but tolerateNegativeCF', () => {
    expect(
      ['triggerEclCapex', 'includeCapex', 'econLimitDelay', 'discount'].every((f) =>
        companionApplies(f, 'maxCumCashFlow'),
      ),
    ).toBe(true);
    expect(companionApplies('tolerateNegativeCF', 'maxCumCashFlow')).toBe(false);
    expect(companionApplies('discount', undefined)).toBe(false);
  });

  it('switching trigger adds missing companions and removes foreign ones', () => {
    expect(companionWrites({ maxCumCashFlow: true, discount: 5, econLimitDelay: 2 }, 'firstNegativeCashFlow')).toEqual({
      triggerEclCapex: false,
      includeCapex: false,
      discount: undefined,
      tolerateNegativeCF: 0,
    });
    expect(companionWrites({ noCutOff: true }, 'oilRate')).toEqual({});
  });

  it('every trigger switch from the example gives a cut-off the contract accepts', () => {
    const start = (econModelExample('date-settings') as { cutOff: Record<string, unknown> }).cutOff;
    const initial: Record<string, unknown> = { date: '2030-01-01', linkToWells: '0123456789abcdef01234567' };
    for (const trigger of CUT_OFF_TRIGGERS) {
      const next = {
        ...start,
        ...switchChoice(
          start,
          CUT_OFF_TRIGGERS,
          trigger,
          initial[trigger] ??
            (typeof start[trigger] === 'number'
              ? 0
              : (CASH_FLOW_TRIGGERS as readonly string[]).includes(trigger) || trigger === 'noCutOff'
                ? true
                : 1),
        ),
      };
      Object.assign(next, companionWrites(next, trigger));
      const body = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined));
      expect(CutOff.safeParse(body).success, trigger).toBe(true);
    }
  });
});
