import { EmissionFunctions, type EmissionRow, econModelExample } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { EconError } from './econError';
import { emissionMasses } from './emissions';
import { expectClose } from './test/fixtures';

/*
 * Reference cases by hand: a well of three months, 3,000 BBL of oil, 9,000 MCF of gas, 6,000 BBL of
 * water and 600 BBL of NGL a month, on half of the first month (FPD mid-month) and the whole of the
 * next two.
 */

const VOLUMES = {
  oil: [3000, 3000, 3000],
  gas: [9000, 9000, 9000],
  water: [6000, 6000, 6000],
  ngl: [600, 600, 600],
};
const WELL = { volumes: VOLUMES, wellMonths: [0.5, 1, 1], newWells: [1, 0, 0] };

const row = (extra: Partial<EmissionRow>): EmissionRow => ({
  selected: true,
  category: 'other',
  co2e: 0,
  co2: 0,
  ch4: 0,
  n2o: 0,
  unit: 'mt_per_mmcf',
  escalationModel: 'none',
  ...extra,
});
const masses = (rows: EmissionRow[], inputs = {}) => {
  const out = emissionMasses(rows, { ...WELL, ...inputs });
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].map((x) => Math.round(x * 1e9) / 1e9)]));
};

describe('emissions: monthly masses by unit', () => {
  it('per MMCF of gas: 9 MMCF × 1.5 MT CO2 = 13.5 MT a month, each species on its own', () => {
    expect(masses([row({ co2e: 2, co2: 1.5, ch4: 0.01, n2o: 0.0001 })])).toEqual({
      co2e: [18, 18, 18],
      co2: [13.5, 13.5, 13.5],
      ch4: [0.09, 0.09, 0.09],
      n2o: [0.0009, 0.0009, 0.0009],
    });
  });

  it('per MBBL of oil by default, of water or NGL when the row says so', () => {
    expect(masses([row({ unit: 'mt_per_mbbl', co2: 2 })]).co2).toEqual([6, 6, 6]);
    expect(masses([row({ unit: 'mt_per_mbbl', phase: 'water', co2: 2 })]).co2).toEqual([12, 12, 12]);
    expect(masses([row({ unit: 'mt_per_mbbl', phase: 'ngl', co2: 2 })]).co2).toEqual([1.2, 1.2, 1.2]);
    // No drip condensate volume: nothing.
    expect(masses([row({ unit: 'mt_per_mbbl', phase: 'dripCondensate', co2: 2 })]).co2).toEqual([0, 0, 0]);
  });

  it('per MBOE: (3,000 + 600 + 9,000 ÷ 6) BOE = 5.1 MBOE, or with 10 MCF per BOE 4.5 MBOE', () => {
    expect(masses([row({ unit: 'mt_per_mboe', co2e: 1 })]).co2e).toEqual([5.1, 5.1, 5.1]);
    expect(masses([row({ unit: 'mt_per_mboe', co2e: 1 })], { gasMcfPerBoe: 10 }).co2e).toEqual([4.5, 4.5, 4.5]);
  });

  it('per well and month by the share of the month produced; per year ÷ 12; per new well once', () => {
    expect(masses([row({ unit: 'mt_per_well_per_month', ch4: 0.09 })]).ch4).toEqual([0.045, 0.09, 0.09]);
    expect(masses([row({ unit: 'mt_per_well_per_year', ch4: 1.2 })]).ch4).toEqual([0.05, 0.1, 0.1]);
    expect(masses([row({ unit: 'mt_per_new_well', co2e: 350 })]).co2e).toEqual([350, 0, 0]);
  });

  it('sums the selected rows only; escalation multiplies its row by month', () => {
    const flare = row({ co2: 1.5 });
    const leaks = row({ unit: 'mt_per_well_per_month', co2: 0.2 });
    const off = row({ unit: 'mt_per_mboe', co2: 100, selected: false });
    expect(masses([flare, leaks, off]).co2).toEqual([13.6, 13.7, 13.7]);
    expect(masses([flare, leaks, off], { escalation: [[1, 1.1, 1.21]] }).co2).toEqual([13.6, 15.05, 16.535]);
  });

  it('identities: no rows, or every rate 0, give zero masses', () => {
    const zeros = { co2e: [0, 0, 0], co2: [0, 0, 0], ch4: [0, 0, 0], n2o: [0, 0, 0] };
    expect(masses([])).toEqual(zeros);
    expect(masses([row({}), row({ unit: 'mt_per_well_per_month' })])).toEqual(zeros);
  });

  it('the example model (flare, equipment leaks, combustion) on the reference well', () => {
    const { emissions } = EmissionFunctions.parse(econModelExample('emissions'));
    const out = emissionMasses(emissions.rows, WELL);
    // CO2e: 9 MMCF × 1.655 + well-month × 2.522 + 5.1 MBOE × 6.568.
    expectClose(out.co2e[1]!, 9 * 1.655 + 2.522 + 5.1 * 6.568);
    expectClose(out.co2e[0]!, 9 * 1.655 + 0.5 * 2.522 + 5.1 * 6.568);
    expectClose(out.ch4[2]!, 9 * 0.0055 + 0.09 + 5.1 * 0.012);
  });

  it('refuses arrays of another length, a per-new-well row without newWells, a BOE factor of 0', () => {
    expect(() => emissionMasses([], { volumes: { oil: [1, 2] }, wellMonths: [1, 1, 1] })).toThrow(
      new EconError('volumes.oil', 2, 'must hold one value per month (3, as wellMonths)'),
    );
    expect(() => emissionMasses([row({ unit: 'mt_per_new_well' })], { volumes: {}, wellMonths: [1] })).toThrow(
      /emissions\.rows\[0\]\.unit needs the month of first production/,
    );
    expect(() => emissionMasses([], { volumes: {}, wellMonths: [1], gasMcfPerBoe: 0 })).toThrow(/gasMcfPerBoe/);
  });
});
