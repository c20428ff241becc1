import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { modelRequests } from './testing';

/*
 * The row periods the service's clients send beside the others (decision 041), through the API:
 * `seasonal` calendar months on risking phase tables, `offsetToEndHistory` and
 * `offsetToFirstSegment` on every dated table (a number: the row's length), stored and read back
 * in the `{start, end, period}` form; a month named twice is a 400 record naming it.
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());
const { setup, send, write, count } = modelRequests(() => t);

describe(`row periods from the end of history, the first segment, and by calendar month (${BACKEND})`, () => {
  it('a riskings model with seasonal rows and months from the first segment is stored and read back', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/riskings`;
    const oil = {
      rows: [
        { seasonal: 'Jan', multiplier: 50 },
        { seasonal: 'Feb', multiplier: 50 },
        { seasonal: 'Dec', multiplier: 80 },
      ],
    };
    const created = await write('POST', base, s.headers, {
      name: 'Winter',
      risking: {
        oil,
        gas: {
          rows: [
            { offsetToFirstSegment: 6, multiplier: 90 },
            { offsetToFirstSegment: 1, multiplier: 100 },
          ],
        },
      },
    });
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as { risking: unknown };
    expect(got.risking).toEqual({
      riskProd: true,
      riskNglDripCondViaGasRisk: true,
      oil,
      gas: {
        rows: [
          { offsetToFirstSegment: { start: 1, end: 6, period: 6 }, multiplier: 90 },
          { offsetToFirstSegment: { start: 7, end: 7, period: 1 }, multiplier: 100 },
        ],
      },
    });
  });

  it('a month named twice is a 400 record naming it; the well count takes no seasonal rows', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/riskings`;
    const out = await write('POST', base, s.headers, [
      {
        name: 'Twice',
        risking: {
          water: {
            rows: [
              { seasonal: 'Jan', multiplier: 50 },
              { seasonal: 'Jul', multiplier: 50 },
              { seasonal: 'Jan', multiplier: 70 },
            ],
          },
        },
      },
      { name: 'Count', risking: { wellStream: { rows: [{ seasonal: 'Jan', count: 2 }] } } },
    ]);
    expect(out.results.map((r) => r.code)).toEqual([400, 400]);
    expect(out.results[0]!.errors!.map((e) => [e.location, e.rule, e.value])).toEqual([
      ['[0].risking.water.rows[2].seasonal', 'each month once', 'Jan'],
    ]);
    expect(out.results[0]!.errors![0]!.message).toContain('each month at most once: row 3 repeats Jan (row 1)');
    expect(out.results[1]!.errors![0]).toMatchObject({
      location: '[1].risking.wellStream.rows[0].seasonal',
      message: 'risking.wellStream.rows[0].seasonal is not a field of this resource',
    });
    expect(await count(base, s.headers)).toBe('0');
  });

  it('an expenses model with offsetToEndHistory: 6 (a number) reads back as {start, end, period}', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/expenses`;
    const created = await write('POST', base, s.headers, {
      name: 'After history',
      variableExpenses: {},
      fixedExpenses: {
        monthlyWellCost: {
          rows: [
            { offsetToEndHistory: 6, fixedExpense: 9000 },
            { offsetToEndHistory: 12, fixedExpense: 7000 },
          ],
        },
      },
      waterDisposal: {},
    });
    expect(created.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as {
      fixedExpenses: { monthlyWellCost: unknown };
    };
    expect(got.fixedExpenses.monthlyWellCost).toMatchObject({
      rows: [
        { offsetToEndHistory: { start: 1, end: 6, period: 6 }, fixedExpense: 9000 },
        { offsetToEndHistory: { start: 7, end: 18, period: 12 }, fixedExpense: 7000 },
      ],
    });
  });
});
