import { toDayIndex } from '@econ/decline';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { type Interests, runColumns } from './cashFlow';
import { grossCutOffRun } from './cutOffRun';
import { buildGrid } from './grid';
import { gridColumns } from './prices';
import { type CapexItem, PHASES, type Phase, PRODUCTS, type Product } from './types';

const day = (s: string) => toDayIndex(s);
const START = day('2025-01-01');
const END = day('2044-12-31');
const grid = buildGrid(START, END);
const n = grid.labels.length;

const sameBits = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((v, r) => Object.is(v, b[r]));

describe('the gross-ownership run of the economic limit (decision 062)', () => {
  it('property: without the service streams, its BFIT and CAPEX are runColumns’ at WI 1, NRI = lease NRI, to the bit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 2 }),
        fc.record({
          fixedPerWellMonth: fc.double({ min: 0, max: 20_000, noNaN: true }),
          severanceTaxPct: fc.double({ min: 0, max: 15, noNaN: true }),
          adValoremTaxPct: fc.double({ min: 0, max: 10, noNaN: true }),
          oil: fc.double({ min: -5, max: 10, noNaN: true }),
          water: fc.double({ min: 0, max: 3, noNaN: true }),
        }),
        fc.array(
          fc.record({
            offset: fc.integer({ min: -30, max: n * 31 }),
            amount: fc.double({ min: 0, max: 5e6, noNaN: true }),
            gross: fc.boolean(),
            dealTerms: fc.option(fc.double({ min: 0.5, max: 2, noNaN: true }), { nil: undefined }),
          }),
          { maxLength: 4 },
        ),
        fc.integer({ min: START, max: END }),
        (seed, x, items, activeTo) => {
          let s = seed;
          const rand = () => {
            s = (s * 16807) % 2147483647;
            return s / 2147483647;
          };
          const grossVolume = {} as Record<Phase, Float64Array>;
          for (const p of PHASES) {
            const q0 = p === 'ngl' ? 0 : 1_000 * rand();
            grossVolume[p] = Float64Array.from(
              { length: n },
              (_, r) => q0 * Math.exp(-0.02 * r) * (r % 11 === 3 ? 0 : 1),
            );
          }
          const flat = (value: number) => [{ period: { kind: 'flat' as const }, value }];
          const prices = gridColumns(grid, {
            prices: {
              oil: {
                rows: [
                  { from: '2025-01-01', price: 70 },
                  { from: '2030-07-01', price: 55 },
                ],
              },
              gas: { flat: 3.1 },
            },
            differentials: { oil: [{ unit: 'perUnit', rows: flat(-2.5) }] },
            stream: { oilShrinkage: flat(0.97), gasShrinkage: flat(0.9) },
          });
          // The lease NRI changes at a reversion (a blended row), as buildSchedule makes it.
          const leaseNri = Float64Array.from({ length: n }, (_, r) => (r < 40 ? 0.8 : r === 40 ? 0.77 : 0.7));
          const capex = items.map((c) => ({
            item: {
              date: '2025-01-01',
              amount: c.amount,
              calculation: c.gross ? 'gross' : 'net',
              ...(c.dealTerms === undefined ? {} : { dealTerms: c.dealTerms }),
            } as CapexItem,
            day: START + c.offset,
          }));
          const expenses = {
            fixedPerWellMonth: x.fixedPerWellMonth,
            variable: { oil: x.oil, water: x.water },
            severanceTaxPct: x.severanceTaxPct,
            adValoremTaxPct: x.adValoremTaxPct,
          };
          const active = { from: START + 10, to: activeTo };
          const lean = grossCutOffRun({
            grid,
            grossVolume,
            prices,
            expenses,
            leaseNri,
            capex,
            discountDay: START,
            method: 'monthly',
            active,
          });
          const nri = {} as Record<Product, Float64Array>;
          for (const p of PRODUCTS) nri[p] = leaseNri;
          const interests: Interests = {
            wi: new Float64Array(n).fill(1),
            nri,
            npi: new Float64Array(n),
            npiType: 'expense',
            wellNri: leaseNri,
            leaseNri,
          };
          const full = runColumns(grid, grossVolume, prices, expenses, interests, capex, START, 'monthly', active);
          for (let r = 0; r < n; r++) full.bfit[r]! += full.econLimitAddBack[r]!;
          return sameBits(lean.bfit, full.bfit) && sameBits(lean.capex, full.capex);
        },
      ),
      { numRuns: 80 },
    );
  });
});
