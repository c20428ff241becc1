import { describe, expect, it } from 'vitest';
import { FIELDS, guessMapping, mappingProblems } from './columns';

describe('FIELDS', () => {
  it("are the contract's record fields but the well's and the date, per resolution", () => {
    expect(FIELDS.daily).toContain('hoursOn');
    expect(FIELDS.daily).toContain('tubingHeadPressure');
    expect(FIELDS.daily).not.toContain('daysOn');
    expect(FIELDS.monthly).toContain('daysOn');
    expect(FIELDS.monthly).toContain('customNumber19');
    expect(FIELDS.monthly).not.toContain('hoursOn');
    for (const f of [...FIELDS.daily, ...FIELDS.monthly])
      expect(['well', 'chosenID', 'dataSource', 'date']).not.toContain(f);
  });
});

describe('guessMapping', () => {
  it('maps well, date and volumes from common spellings, units aside', () => {
    const m = guessMapping(
      ['API 14', 'Production Date', 'Oil (BBL)', 'Gas MCF', 'Water BBL', 'NGL', 'Hours On', 'Notes'],
      'daily',
    );
    expect(m.targets).toEqual(['well', 'date', 'oil', 'gas', 'water', 'ngl', 'hoursOn', 'ignore']);
    expect(m.wellMatch).toBe('api');
  });
  it('reads the kind of well key from the well header', () => {
    expect(guessMapping(['Well ID', 'Date', 'Oil'], 'daily').wellMatch).toBe('id');
    expect(guessMapping(['chosenID', 'Date', 'Oil'], 'daily').wellMatch).toBe('chosenID');
    expect(guessMapping(['Well Name', 'Date', 'Oil'], 'daily').wellMatch).toBe('wellName');
    expect(guessMapping(['UWI', 'Date', 'Oil'], 'daily').wellMatch).toBe('api');
    expect(guessMapping(['Well', 'Date', 'Oil'], 'daily').wellMatch).toBe('auto');
  });
  it('prefers an id-like well column to a name column, leaving the name ignored', () => {
    const m = guessMapping(['Well Name', 'Chosen ID', 'Date', 'Oil'], 'daily');
    expect(m.targets).toEqual(['ignore', 'well', 'date', 'oil']);
    expect(m.wellMatch).toBe('chosenID');
  });
  it('takes days on for monthly and hours on for daily, and the month column as the date', () => {
    expect(guessMapping(['Well', 'Month', 'Days On', 'Oil'], 'monthly').targets).toEqual([
      'well',
      'date',
      'daysOn',
      'oil',
    ]);
    expect(guessMapping(['Well', 'Month', 'Days On', 'Oil'], 'daily').targets).toEqual([
      'well',
      'date',
      'ignore',
      'oil',
    ]);
  });
  it('maps exact field names (any case) and pressure synonyms', () => {
    const m = guessMapping(
      ['well', 'date', 'gasInjection', 'CUSTOMNUMBER3', 'BHP', 'Tubing Pressure', 'choke size'],
      'daily',
    );
    expect(m.targets.slice(2)).toEqual([
      'gasInjection',
      'customNumber3',
      'bottomHolePressure',
      'tubingHeadPressure',
      'choke',
    ]);
  });
  it('gives a target to the first column claiming it only', () => {
    expect(guessMapping(['Well', 'Date', 'Oil', 'Oil BBL'], 'daily').targets).toEqual([
      'well',
      'date',
      'oil',
      'ignore',
    ]);
  });
});

describe('mappingProblems', () => {
  const headers = ['a', 'b', 'c', 'd'];
  it('is empty for a well, a date and a value', () => {
    expect(
      mappingProblems({ targets: ['well', 'date', 'oil', 'ignore'], wellMatch: 'auto' }, headers, 'daily'),
    ).toEqual([]);
  });
  it('asks for a well column, a date column and a value column', () => {
    const p = mappingProblems(
      { targets: ['ignore', 'ignore', 'ignore', 'ignore'], wellMatch: 'auto' },
      headers,
      'daily',
    );
    expect(p).toEqual([
      'Choose the column that names the well.',
      'Choose the date column.',
      'Choose at least one value column (oil, gas, water…).',
    ]);
  });
  it('refuses a target chosen twice, naming the columns', () => {
    const p = mappingProblems({ targets: ['well', 'date', 'oil', 'oil'], wellMatch: 'auto' }, headers, 'daily');
    expect(p).toEqual(['oil is chosen for 2 columns (c, d): keep one.']);
  });
  it('refuses a field of the other resolution', () => {
    const p = mappingProblems({ targets: ['well', 'date', 'daysOn', 'ignore'], wellMatch: 'auto' }, headers, 'daily');
    expect(p[0]).toMatch(/daysOn is not a field of daily production/);
  });
});
