import { econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { modelRequests } from './testing';

/*
 * Riskings' well-count table (`risking.wellStream`, decision 038) through the API: stored and served
 * as sent; a count or percentage out of the service's range, and a table mixing the two, are 400
 * records naming the field, the rule and the value.
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());
const { setup, send, write, count } = modelRequests(() => t);

const example = econModelExample('riskings') as { risking: Record<string, unknown> };

describe(`riskings: the well count (${BACKEND})`, () => {
  it('stores count and percentage tables and serves them as sent; a PUT without one drops it', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/riskings`;
    const counts = {
      rows: [
        { offsetToFpd: { start: 1, end: 24 }, count: 2 },
        { offsetToFpd: { start: 25, end: 1200 }, count: 1.5 },
      ],
    };
    const percent = {
      rows: [
        { dates: '2026-01-01', percentage: 4 },
        { dates: '2028-01-01', percentage: 25 },
      ],
    };
    const out = await write('POST', base, s.headers, [
      { name: 'Pad', risking: { ...example.risking, wellStream: counts } },
      { name: 'Share', risking: { wellStream: percent } },
    ]);
    expect(out.results.map((r) => r.code)).toEqual([201, 201]);
    const pad = (await send('GET', `${base}/${out.results[0]!.id}`, s.headers)).body as { risking: object };
    expect(pad.risking).toEqual({ ...example.risking, wellStream: counts });
    const share = (await send('GET', `${base}/${out.results[1]!.id}`, s.headers)).body as { risking: object };
    expect(share.risking).toEqual({ riskProd: true, riskNglDripCondViaGasRisk: true, wellStream: percent });

    const put = await write('PUT', base, s.headers, { name: 'Pad', risking: { riskProd: false } });
    expect(put.results[0]).toMatchObject({ status: 'OK', code: 200 });
    const after = (await send('GET', `${base}/${out.results[0]!.id}`, s.headers)).body as { risking: object };
    expect(after.risking).toEqual({ riskProd: false, riskNglDripCondViaGasRisk: true });
  });

  it('a count of 0, a percentage over the limit and mixed units are 400 records naming field, rule and value', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/riskings`;
    const out = await write('POST', base, s.headers, [
      { name: 'Zero', risking: { wellStream: { rows: [{ entireWellLife: 'Flat', count: 0 }] } } },
      { name: 'Huge', risking: { wellStream: { rows: [{ dates: '2026-01-01', percentage: 1_000_001 }] } } },
      {
        name: 'Mixed',
        risking: {
          wellStream: {
            rows: [
              { dates: '2026-01-01', count: 2 },
              { dates: '2027-01-01', percentage: 50 },
            ],
          },
        },
      },
    ]);
    expect(out.results.map((r) => r.code)).toEqual([400, 400, 400]);
    expect(out.results.map((r) => r.errors!.map((e) => [e.location, e.rule, e.value]))).toEqual([
      [['[0].risking.wellStream.rows[0].count', 'min 1', 0]],
      [['[1].risking.wellStream.rows[0].percentage', 'max 1000000', 1_000_001]],
      [['[2].risking.wellStream.rows', 'one unit per table', expect.anything()]],
    ]);
    expect(out.results[0]!.errors![0]!.message).toContain('count must be at least 1');
    expect(await count(base, s.headers)).toBe('0');
  });
});

describe(`riskings: the shut-in table beside risking (${BACKEND})`, () => {
  const CLIENT_ROW = {
    phase: 'all',
    dates: { startDate: '2023-04-01', endDate: '2023-04-11' },
    repeatRangeOfDates: 'no_repeat',
    totalOccurrences: 1,
    unit: 'day',
    multiplier: 1,
    scalePostShutInEndCriteria: 'dates',
    scalePostShutInEnd: '2023-04-12',
    fixedExpense: true,
    capex: true,
  };

  it('takes the body a client of the service sends and serves it back; the service’s forms stored', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/riskings`;
    const out = await write('POST', base, s.headers, {
      name: 'Frac hits',
      risking: example.risking,
      shutIn: {
        rows: [
          CLIENT_ROW,
          { phase: 'gas', offsetToAsOf: 3, repeatRangeOfDates: 'monthly', scalePostShutInEndCriteria: 'econ_limit' },
        ],
      },
    });
    expect(out.results[0]).toMatchObject({ status: 'Created', code: 201 });
    const got = (await send('GET', `${base}/${out.results[0]!.id}`, s.headers)).body as { shutIn: { rows: unknown[] } };
    expect(got.shutIn.rows).toEqual([
      CLIENT_ROW,
      {
        phase: 'gas',
        offsetToAsOf: { start: 1, end: 3, period: 3 },
        unit: 'month',
        repeatRangeOfDates: 'no_repeat',
        totalOccurrences: 1,
        multiplier: 1,
        scalePostShutInEndCriteria: 'econ_limit',
        scalePostShutInEnd: ' ',
        fixedExpense: true,
        capex: true,
      },
    ]);
  });

  it('a scale end before the shut-in ends is a 400 record naming field, rule and value; nothing stored', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/riskings`;
    const out = await write('POST', base, s.headers, {
      name: 'Bad',
      risking: {},
      shutIn: { rows: [{ ...CLIENT_ROW, scalePostShutInEnd: '2023-04-01' }] },
    });
    expect(out.results[0]!.errors!.map((e) => [e.location, e.rule, e.value])).toEqual([
      ['[0].shutIn.rows[0].scalePostShutInEnd', 'after the shut-in', '2023-04-01'],
    ]);
    expect(await count(base, s.headers)).toBe('0');
  });
});
