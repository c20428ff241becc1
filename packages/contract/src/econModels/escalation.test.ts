import { describe, expect, it } from 'vitest';
import { EscalationFunctions, escalationView } from './escalation';
import { econModelExample } from './examples';
import { issuesOf } from './testing';

const issues = (escalation: unknown) => issuesOf(EscalationFunctions, { escalation });
const flat = (row: Record<string, unknown>) => ({ rows: [{ entireWellLife: 'Flat', ...row }] });

describe('escalation', () => {
  it('takes the example, and fills in monthly and compound', () => {
    expect(issuesOf(EscalationFunctions, econModelExample('escalations'))).toEqual([]);
    expect(EscalationFunctions.parse({ escalation: flat({ pctPerYear: 3 }) }).escalation).toEqual({
      escalationFrequency: 'monthly',
      calculationMethod: 'compound',
      rows: [{ entireWellLife: 'Flat', pctPerYear: 3 }],
    });
  });

  it('takes each frequency, method and period, with percent or dollars', () => {
    for (const escalationFrequency of ['monthly', 'yearly', 'constant'])
      for (const calculationMethod of ['compound', 'simple'])
        expect(issues({ escalationFrequency, calculationMethod, ...flat({ dollarPerYear: -2.5 }) })).toEqual([]);
    expect(
      issues({
        rows: [
          { dates: '2027-01-01', pctPerYear: 3 },
          { dates: '2028-01-01', pctPerYear: -2 },
        ],
      }),
    ).toEqual([]);
    expect(
      issues({
        rows: [
          { monthPeriod: { start: 1, end: 12 }, pctPerYear: 3 },
          { monthPeriod: { start: 13, end: 60 }, pctPerYear: 2 },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses an unknown frequency or method, naming the value', () => {
    expect(issues({ escalationFrequency: 'quarterly', ...flat({ pctPerYear: 3 }) })).toEqual([
      {
        path: 'escalation.escalationFrequency',
        message: 'escalationFrequency must be one of monthly, yearly, constant (got "quarterly")',
        rule: 'invalid_value',
      },
    ]);
    expect(issues({ calculationMethod: 'continuous', ...flat({ pctPerYear: 3 }) })[0]?.message).toBe(
      'calculationMethod must be one of compound, simple (got "continuous")',
    );
  });

  it('pctPerYear runs from −100 to 1000, dollarPerYear ±1e10, both to 6 decimals', () => {
    expect(issues(flat({ pctPerYear: -100 }))).toEqual([]);
    expect(issues(flat({ pctPerYear: 1000 }))).toEqual([]);
    expect(issues(flat({ pctPerYear: -100.5 }))).toEqual([
      { path: 'escalation.rows[0].pctPerYear', message: 'pctPerYear must be at least -100', rule: 'too_small' },
    ]);
    expect(issues(flat({ pctPerYear: 1000.5 }))[0]?.message).toBe('pctPerYear must be at most 1000');
    expect(issues(flat({ dollarPerYear: 1e10 }))).toEqual([]);
    expect(issues(flat({ dollarPerYear: -1.1e10 }))[0]?.message).toBe('dollarPerYear must be at least -10000000000');
    expect(issues(flat({ dollarPerYear: 2e10 }))[0]?.message).toBe('dollarPerYear must be at most 10000000000');
    expect(issues(flat({ pctPerYear: 3.0000001 }))[0]).toMatchObject({
      path: 'escalation.rows[0].pctPerYear',
      rule: 'precision 0.000001',
    });
  });

  it('a row takes exactly one period and one value; a table one period and one value key', () => {
    expect(issues({ rows: [{ pctPerYear: 3 }] })[0]).toMatchObject({
      message: 'a row needs exactly one of entireWellLife, dates, monthPeriod',
      rule: 'exactly one period',
    });
    expect(issues({ rows: [{ entireWellLife: 'Flat', pctPerYear: 3, dollarPerYear: 1 }] })[0]).toMatchObject({
      message: 'a row takes exactly one of pctPerYear, dollarPerYear (got pctPerYear and dollarPerYear)',
      rule: 'exactly one value',
    });
    expect(
      issues({
        rows: [
          { dates: '2027-01-01', pctPerYear: 3 },
          { dates: '2028-01-01', dollarPerYear: 1 },
        ],
      })[0],
    ).toMatchObject({ rule: 'one unit per table' });
    expect(issues({ rows: [] })[0]?.message).toBe('rows must hold at least one row');
  });

  it('refuses the offsets of other kinds, and month periods out of order', () => {
    expect(issues({ rows: [{ offsetToFpd: { start: 1, end: 12 }, pctPerYear: 3 }] })).toContainEqual({
      path: 'escalation.rows[0]',
      message: 'Unrecognized key: "offsetToFpd"',
      rule: 'unrecognized_keys',
    });
    expect(
      issues({
        rows: [
          { monthPeriod: { start: 1, end: 12 }, pctPerYear: 3 },
          { monthPeriod: { start: 24, end: 36 }, pctPerYear: 2 },
        ],
      }),
    ).toEqual([
      {
        path: 'escalation.rows[1].monthPeriod.start',
        message:
          'monthPeriod rows follow one another: row 2 must start at month 13 (the month after row 1’s end), not 24',
        rule: 'consecutive month periods',
      },
    ]);
    expect(issues({ rows: [{ monthPeriod: { start: 0, end: 12 }, pctPerYear: 3 }] })[0]).toMatchObject({
      path: 'escalation.rows[0].monthPeriod.start',
      message: 'start must be at least 1',
    });
  });

  it('refuses extra keys and a missing table; the view is what was stored', () => {
    expect(issues({ ...flat({ pctPerYear: 3 }), escalationStart: 'fpd' })[0]?.rule).toBe('unrecognized_keys');
    expect(issues({})[0]?.path).toBe('escalation.rows');
    const stored = EscalationFunctions.parse(econModelExample('escalations'));
    expect(escalationView(stored)).toEqual(stored);
  });
});
