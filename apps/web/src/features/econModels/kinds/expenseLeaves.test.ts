import { ExpensesFunctions } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { LEAF_TABLES, leafSummary, leafTemplate, unitsOf } from './expenseLeaves';

describe('expense leaves in the console', () => {
  it('places every leaf of the contract once, in its table', () => {
    const paths = LEAF_TABLES.flatMap((t) => t.leaves.map((l) => l.path));
    expect(paths).toHaveLength(20 + 2 + 9 + 1 + 4);
    expect(new Set(paths).size).toBe(paths.length);
    const parsed = ExpensesFunctions.parse({ variableExpenses: {}, fixedExpenses: {}, waterDisposal: {} });
    for (const p of paths) {
      expect(
        p.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], parsed),
        p,
      ).toBeDefined();
    }
  });

  it('a new leaf starts with the service’s settings, valid with a row', () => {
    for (const { path, group } of LEAF_TABLES.flatMap((t) => t.leaves)) {
      const leaf = { ...leafTemplate(group), rows: [{ entireWellLife: 'Flat', [unitsOf(group)[0]!.key]: 0 }] };
      const [top, ...rest] = path.split('.');
      const body: Record<string, unknown> = { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {} };
      body[top!] = rest.reduceRight<unknown>((inner, k) => ({ [k]: inner }), leaf);
      expect(ExpensesFunctions.safeParse(body).success, path).toBe(true);
    }
    expect(leafTemplate('gas')).toMatchObject({ shrinkageCondition: 'unshrunk', calculation: 'wi' });
    expect(leafTemplate('fixed')).toMatchObject({ stopAtEconLimit: true, expenseBeforeFpd: false });
    expect(leafTemplate('water')).not.toHaveProperty('shrinkageCondition');
  });

  it('sums a leaf up in one line', () => {
    expect(leafSummary(undefined, 'oil')).toBe('None');
    expect(leafSummary({ rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] }, 'oil')).toBe('None');
    expect(leafSummary({ rows: [{ entireWellLife: 'Flat', fixedExpense: 8000 }] }, 'fixed')).toBe(
      '8,000 $/month, whole well life',
    );
    expect(
      leafSummary(
        {
          rows: [
            { dates: '2026-01-01', dollarPerMmbtu: 0.3 },
            { dates: '2027-01-01', dollarPerMmbtu: 0.35 },
          ],
        },
        'gas',
      ),
    ).toBe('2 rows from dates, $/MMBTU');
    expect(leafSummary({ rows: [{ gasRate: { start: 0, end: 'inf' }, dollarPerMcf: 0.2 }] }, 'gas')).toBe(
      '0.2 $/MCF, by gas rate (MCF/D)',
    );
  });
});
