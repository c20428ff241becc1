import { describe, expect, it } from 'vitest';
import { issuesOf } from './econModels/testing';
import { DailyProductionInput, MonthlyProductionInput } from './productions';

const WELL = '6523f1a2b4c5d6e7f8091a2b';
const day = { well: WELL, date: '2024-03-05', oil: 120.5, gas: 300, water: 40, hoursOn: 24 };
const month = { well: WELL, date: '2024-03-01', oil: 3600, gas: 9000, water: 1200, daysOn: 31 };

describe('production records', () => {
  it.each([
    ['a day by well id', DailyProductionInput, day],
    [
      'a day by chosenID and dataSource',
      DailyProductionInput,
      { ...day, well: undefined, chosenID: 'A-1', dataSource: 'di' },
    ],
    [
      'a day with nulls (not measured) and pressures',
      DailyProductionInput,
      { ...day, oil: null, tubingHeadPressure: -3 },
    ],
    ['a month', MonthlyProductionInput, month],
    [
      'a month with custom numbers and a tag',
      MonthlyProductionInput,
      { ...month, customNumber19: -2.5, operationalTag: 'choke change' },
    ],
    ['the date range limits', MonthlyProductionInput, { ...month, date: '1900-01-01' }],
  ])('accepts %s', (_, schema, value) => {
    expect(issuesOf(schema, value)).toEqual([]);
  });

  it.each([
    ['a negative volume', DailyProductionInput, { ...day, gas: -1 }, 'gas', 'too_small'],
    ['a volume past 1e9', MonthlyProductionInput, { ...month, water: 2e9 }, 'water', 'too_big'],
    [
      'a date before 1900-01-01',
      DailyProductionInput,
      { ...day, date: '1899-12-31' },
      'date',
      'range 1900-01-01..2262-04-01',
    ],
    [
      'a date after 2262-04-01',
      DailyProductionInput,
      { ...day, date: '2262-04-02' },
      'date',
      'range 1900-01-01..2262-04-01',
    ],
    [
      'a monthly date not a first of month',
      MonthlyProductionInput,
      { ...month, date: '2024-03-15' },
      'date',
      'first of month',
    ],
    ['no well at all', DailyProductionInput, { ...day, well: undefined }, 'well', 'required'],
    [
      'chosenID without dataSource',
      DailyProductionInput,
      { ...day, well: undefined, chosenID: 'A-1' },
      'dataSource',
      'required',
    ],
    ['a well id that is not one', DailyProductionInput, { ...day, well: 'w1' }, 'well', 'invalid_format'],
    ['hoursOn over 24', DailyProductionInput, { ...day, hoursOn: 25 }, 'hoursOn', 'too_big'],
    ['daysOn over 31', MonthlyProductionInput, { ...month, daysOn: 32 }, 'daysOn', 'too_big'],
    ['a volume as text', MonthlyProductionInput, { ...month, oil: '10' }, 'oil', 'invalid_type'],
  ])('refuses %s, naming the field and the rule', (_, schema, value, path, rule) => {
    expect(issuesOf(schema, value)).toEqual([expect.objectContaining({ path, rule })]);
  });
});
