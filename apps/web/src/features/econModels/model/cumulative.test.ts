import { depreciationView, econModelExample } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { runningSums } from './cumulative';

describe('runningSums', () => {
  it('sums exactly to 6 decimals (0.1 + 0.2 = 0.3)', () => {
    expect(runningSums([0.1, 0.2, 0.000001])).toEqual([0.1, 0.3, 0.300001]);
  });

  it('is unknown from the first value that is not a number on', () => {
    expect(runningSums([10, Number.NaN, 5])).toEqual([10, undefined, undefined]);
    expect(runningSums([10, undefined, 5])).toEqual([10, undefined, undefined]);
  });

  it('is empty for no entries', () => expect(runningSums([])).toEqual([]));

  it('matches the service’s computed cumulative factors', () => {
    const example = econModelExample('depreciation') as never;
    const view = depreciationView(example).depreciation;
    if (view.modelType !== 'depreciation') throw new Error('example is a depreciation model');
    expect(runningSums(view.depreciation.map((e) => e.tanFactor))).toEqual(
      view.depreciation.map((e) => e.tanCumulative),
    );
    expect(runningSums(view.depreciation.map((e) => e.intanFactor))).toEqual(
      view.depreciation.map((e) => e.intanCumulative),
    );
  });
});
