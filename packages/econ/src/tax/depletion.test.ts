import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/fixtures';
import { addCostDepletion, type DepletionContext, percentageDepletion, unitVolumes } from './depletion';

const close = (actual: Float64Array, expected: number[]) => {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expectClose(actual[i]!, expected[i]!, 1e-12, 1);
};
const f64 = (...v: number[]) => Float64Array.from(v);
const noVolumes: DepletionContext = { fpdRow: -1 };

describe('cost depletion: immediate percent, then the method', () => {
  it('ecl: the immediate 10 % in the CAPEX month, the rest in the last row', () => {
    // 1,000 in row 1 of 5: 100 in row 1, 900 in row 4.
    const out = new Float64Array(5);
    addCostDepletion(out, 'ecl', 1, 1000, 10, noVolumes);
    close(out, [0, 100, 0, 0, 900]);
  });

  it('never: only the immediate part', () => {
    const out = new Float64Array(3);
    addCostDepletion(out, 'never', 0, 1000, 25, noVolumes);
    close(out, [250, 0, 0]);
  });

  it('fpd: all in the first-production month, or the CAPEX month when FPD is earlier or unknown', () => {
    const at = (fpdRow: number, row: number) => {
      const out = new Float64Array(6);
      addCostDepletion(out, 'fpd', row, 600, 0, { fpdRow });
      return [...out];
    };
    expect(at(3, 1)).toEqual([0, 0, 0, 600, 0, 0]); // FPD after the CAPEX: row 3
    expect(at(1, 2)).toEqual([0, 0, 600, 0, 0, 0]); // FPD before the CAPEX: the CAPEX month
    expect(at(-1, 2)).toEqual([0, 0, 600, 0, 0, 0]); // FPD unknown / before the cash flow
    expect(at(40, 2)).toEqual([0, 0, 0, 0, 0, 600]); // FPD past the cash flow: the last row
  });

  it('unit_of_production_major: month volume ÷ volume remaining × running balance', () => {
    // Volumes 100, 50, 30, 20; 1,000 spent in row 1, 20 % immediate: 200 in row 1, 800 by production.
    // Row 1: 800 × 50/100 = 400 (balance 400); row 2: 400 × 30/50 = 240 (160); row 3: 160 × 20/20 = 160.
    const out = new Float64Array(4);
    const ctx = { fpdRow: -1, major: unitVolumes('run.majorVolume', f64(100, 50, 30, 20)) };
    addCostDepletion(out, 'unit_of_production_major', 1, 1000, 20, ctx);
    close(out, [0, 600, 240, 160]);
  });

  it('unit_of_production_BOE follows the BOE column, not the major phase', () => {
    // BOE 10, 30, 60 from row 0: 1,000 × 10/100, 30/100, 60/100.
    const out = new Float64Array(3);
    const ctx = {
      fpdRow: -1,
      major: unitVolumes('m', f64(1, 1, 1)),
      boe: unitVolumes('b', f64(10, 30, 60)),
    };
    addCostDepletion(out, 'unit_of_production_BOE', 0, 1000, 0, ctx);
    close(out, [100, 300, 600]);
  });

  it('unit of production with no volume from the CAPEX month on: all in the last row; zero-volume tail months get 0', () => {
    const none = new Float64Array(3);
    addCostDepletion(none, 'unit_of_production_major', 1, 500, 0, {
      fpdRow: -1,
      major: unitVolumes('m', f64(5, 0, 0)),
    });
    close(none, [0, 0, 500]);
    const tail = new Float64Array(4);
    addCostDepletion(tail, 'unit_of_production_major', 0, 500, 0, {
      fpdRow: -1,
      major: unitVolumes('m', f64(1, 4, 0, 0)),
    });
    expect([...tail]).toEqual([100, 400, 0, 0]);
  });

  it('unit of production depletes the whole basis over the cash flow (any volumes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.nat(),
        (volumes, basis, seed) => {
          const out = new Float64Array(volumes.length);
          addCostDepletion(out, 'unit_of_production_major', seed % volumes.length, basis, 0, {
            fpdRow: -1,
            major: unitVolumes('m', Float64Array.from(volumes)),
          });
          expectClose(
            out.reduce((s, v) => s + v, 0),
            basis,
            1e-9,
            1,
          );
        },
      ),
    );
  });

  it('refuses a missing or negative volume column naming it', () => {
    expect(() => addCostDepletion(new Float64Array(2), 'unit_of_production_BOE', 0, 1, 0, noVolumes)).toThrow(
      'run.boeVolume is required for unit_of_production_BOE',
    );
    expect(() => unitVolumes('run.majorVolume', f64(1, -2))).toThrow('run.majorVolume[1] must be a finite volume');
  });
});

describe('percentage depletion (fifteenDepletion)', () => {
  it('the lesser of 15 % of gross revenue and 50 % of net revenue, never below 0', () => {
    // Revenue 1,000 each month; net revenue (BFIT + CAPEX) 200, 400, −50, 300:
    // min(150, 100) = 100; min(150, 200) = 150; min(150, −25) → 0; min(150, 150) = 150.
    const pd = percentageDepletion(f64(1000, 1000, 1000, 1000), f64(200, -600, -50, 300), f64(0, 1000, 0, 0));
    close(pd, [100, 150, 0, 150]);
  });
});
