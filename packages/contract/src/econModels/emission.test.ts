import { describe, expect, it } from 'vitest';
import {
  EMISSION_CATEGORIES,
  EMISSION_RATE_MAX,
  EMISSION_ROWS_MAX,
  EMISSION_UNITS,
  EmissionFunctions,
  emissionUnitPhases,
} from './emission';
import { econModelExample } from './examples';
import { issuesOf } from './testing';

const row = (extra: Record<string, unknown> = {}) => ({
  category: 'flare',
  co2e: 1,
  co2: 1,
  ch4: 0,
  n2o: 0,
  unit: 'mt_per_mmcf',
  ...extra,
});
const issues = (...rows: unknown[]) => issuesOf(EmissionFunctions, { emissions: { rows } });

describe('emissions: accepted', () => {
  it('takes the example (flare, equipment leaks, combustion) as it is', () => {
    const example = econModelExample('emissions');
    expect(EmissionFunctions.parse(example)).toEqual(example);
  });

  it('fills selected false and escalationModel "none" as the service does; takes no rows', () => {
    expect(EmissionFunctions.parse({ emissions: { rows: [row()] } }).emissions.rows[0]).toEqual({
      ...row(),
      selected: false,
      escalationModel: 'none',
    });
    expect(issues()).toEqual([]);
  });

  it('takes every category and unit, rates from 0 to the maximum, an escalation model id', () => {
    for (const category of EMISSION_CATEGORIES) expect(issues(row({ category }))).toEqual([]);
    for (const { key } of EMISSION_UNITS) expect(issues(row({ unit: key }))).toEqual([]);
    expect(issues(row({ co2e: 0, co2: EMISSION_RATE_MAX, ch4: 0.000001, n2o: 12.5 }))).toEqual([]);
    expect(issues(row({ escalationModel: '0123456789abcdef01234567' }))).toEqual([]);
  });

  it('takes the phases each per-volume unit allows', () => {
    for (const { key } of EMISSION_UNITS)
      for (const phase of emissionUnitPhases(key)) expect(issues(row({ unit: key, phase }))).toEqual([]);
    expect(emissionUnitPhases('mt_per_mbbl')).toEqual(['oil', 'water', 'ngl', 'dripCondensate']);
  });
});

describe('emissions: refused', () => {
  it('a negative rate or one above the maximum, naming the species', () => {
    for (const k of ['co2e', 'co2', 'ch4', 'n2o']) {
      expect(issues(row({ [k]: -0.1 }))).toEqual([
        { path: `emissions.rows[0].${k}`, message: `${k} must be at least 0`, rule: 'too_small' },
      ]);
      expect(issues(row({ [k]: EMISSION_RATE_MAX + 1 }))[0]?.message).toBe(`${k} must be at most ${EMISSION_RATE_MAX}`);
    }
  });

  it('a missing rate, category or unit; an unknown category or unit', () => {
    const { ch4: _, ...noCh4 } = row();
    expect(issues(noCh4)[0]).toMatchObject({ path: 'emissions.rows[0].ch4', message: 'ch4 must be a number' });
    const { unit: __, ...noUnit } = row();
    expect(issues(noUnit)[0]?.message).toMatch(/^unit is required \(one of mt_per_mbbl/);
    expect(issues(row({ category: 'fugitive' }))[0]).toMatchObject({
      path: 'emissions.rows[0].category',
      message: expect.stringMatching(/^category must be one of associated_gas, .*, other$/),
    });
    expect(issues(row({ unit: 'kg_per_bbl' }))[0]?.path).toBe('emissions.rows[0].unit');
  });

  it('a phase the unit does not take, naming both', () => {
    expect(issues(row({ unit: 'mt_per_mmcf', phase: 'oil' }))).toEqual([
      {
        path: 'emissions.rows[0].phase',
        message: 'phase oil does not go with unit mt_per_mmcf (it takes gas)',
        rule: 'a phase of mt_per_mmcf',
      },
    ]);
    expect(issues(row({ unit: 'mt_per_mbbl', phase: 'gas' }))[0]?.message).toBe(
      'phase gas does not go with unit mt_per_mbbl (it takes oil, water, ngl, dripCondensate)',
    );
    expect(issues(row({ unit: 'mt_per_well_per_month', phase: 'oil' }))[0]?.message).toBe(
      'phase oil does not go with unit mt_per_well_per_month, which is not per volume: leave phase out',
    );
  });

  it('an escalation model that is not "none" or an id; a selected that is not a boolean; extra keys', () => {
    expect(issues(row({ escalationModel: 'yearly' }))[0]?.path).toBe('emissions.rows[0].escalationModel');
    expect(issues(row({ selected: 'yes' }))[0]?.message).toBe('selected must be true or false');
    expect(issues(row({ price: 40 }))[0]).toMatchObject({ path: 'emissions.rows[0]', rule: 'unrecognized_keys' });
  });

  it(`more than ${EMISSION_ROWS_MAX} rows`, () => {
    expect(issues(...Array.from({ length: EMISSION_ROWS_MAX + 1 }, () => row()))[0]).toMatchObject({
      path: 'emissions.rows',
      message: `rows must hold at most ${EMISSION_ROWS_MAX} rows`,
    });
  });
});
