import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { econModelExample } from './examples';
import { RiskingFunctions, RiskingFunctionsView } from './risking';
import { issuesOf } from './testing';

/* Riskings' well-count table (`wellStream`, decision 038); the phase rows are rows.ts's (rows.test.ts). */

const body = (wellStream: unknown) => ({ risking: { wellStream } });
const issues = (b: unknown) => issuesOf(RiskingFunctions, b);

describe('RiskingFunctions: wellStream', () => {
  it('accepts the example, count rows and percentage rows over the dated-row periods', () => {
    expect(issues(econModelExample('riskings'))).toEqual([]);
    const tables = [
      [{ entireWellLife: 'Flat', count: 2.5 }],
      [
        { offsetToFpd: { start: 1, end: 12 }, count: 2 },
        { offsetToFpd: { start: 13, end: 1200 }, count: 1 },
      ],
      [
        { dates: '2026-01-01', percentage: 4 },
        { dates: '2028-01-01', percentage: 50 },
        { dates: '2030-01-01', percentage: 0 },
      ],
      [{ offsetToAsOf: { start: 1, end: 6 }, count: 250_000 }],
      [{ offsetToDiscountDate: { start: -2, end: 6 }, percentage: 1_000_000 }],
    ];
    for (const rows of tables) expect(issues(body({ rows })), JSON.stringify(rows)).toEqual([]);
    expect(RiskingFunctions.parse(body({ rows: tables[1] })).risking.wellStream).toEqual({ rows: tables[1] });
    // Left out: no table (the engine's default, one well from first production).
    expect(RiskingFunctions.parse({ risking: {} }).risking.wellStream).toBeUndefined();
  });

  it('refuses counts and percentages out of the service’s range, naming the field, the rule and the bound', () => {
    const cases: [unknown, string, string][] = [
      [{ entireWellLife: 'Flat', count: 0 }, 'count', 'count must be at least 1'],
      [{ entireWellLife: 'Flat', count: 250_001 }, 'count', 'count must be at most 250000'],
      [{ entireWellLife: 'Flat', count: 1.0000001 }, 'count', 'count must have at most 6 decimals'],
      [{ entireWellLife: 'Flat', count: '2' }, 'count', 'count must be a number'],
      [{ entireWellLife: 'Flat', percentage: -1 }, 'percentage', 'percentage must be at least 0'],
      [{ entireWellLife: 'Flat', percentage: 1_000_001 }, 'percentage', 'percentage must be at most 1000000'],
    ];
    for (const [row, key, message] of cases) {
      expect(issues(body({ rows: [row] })), message).toEqual([
        {
          path: `risking.wellStream.rows[0].${key}`,
          message: expect.stringContaining(message),
          rule: expect.any(String),
        },
      ]);
    }
  });

  it('takes one value key per table and per row, the dated-row periods only', () => {
    expect(
      issues(
        body({
          rows: [
            { dates: '2026-01-01', count: 2 },
            { dates: '2027-01-01', percentage: 50 },
          ],
        }),
      ),
    ).toEqual([
      {
        path: 'risking.wellStream.rows',
        message: 'every row of a table takes the same value key (got count and percentage)',
        rule: 'one unit per table',
      },
    ]);
    expect(issues(body({ rows: [{ entireWellLife: 'Flat', count: 2, percentage: 50 }] }))).toEqual([
      {
        path: 'risking.wellStream.rows[0]',
        message: 'a row takes exactly one of count, percentage (got count and percentage)',
        rule: 'exactly one value',
      },
    ]);
    expect(issues(body({ rows: [{ entireWellLife: 'Flat', multiplier: 10 }] })).map((i) => i.message)).toEqual([
      'Unrecognized key: "multiplier"',
      'a row needs exactly one of count, percentage',
    ]);
    expect(issues(body({ rows: [{ monthPeriod: { start: 1, end: 2 }, count: 1 }] }))[0]?.message).toBe(
      'Unrecognized key: "monthPeriod"',
    );
    expect(issues(body({ rows: [] }))[0]).toMatchObject({
      path: 'risking.wellStream.rows',
      message: 'rows must hold at least one row',
    });
    expect(issues(body({ rows: [{ count: 1 }], extra: 1 })).map((i) => [i.path, i.message])).toEqual([
      ['risking.wellStream.rows[0]', expect.stringContaining('a row needs exactly one of entireWellLife, dates')],
      ['risking.wellStream', 'Unrecognized key: "extra"'],
    ]);
  });

  it('renders to JSON Schema', () => {
    expect(JSON.stringify(z.toJSONSchema(RiskingFunctions, { io: 'input' }))).toContain('percentage');
    expect(() => z.toJSONSchema(RiskingFunctionsView, { io: 'output' })).not.toThrow();
  });
});
