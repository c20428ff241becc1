import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, send, signedIn, writeModels } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Escalations (issue 19): the rules the kind-generic tests do not reach, through the API. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe(`escalations (${BACKEND})`, () => {
  it('fills in monthly and compound, reads month periods back, and replaces them by name with dollars by date', async () => {
    const s = await signedIn(t);
    const { body } = await postRecords(t, '/v1/projects', s.headers, [{ name: 'Main' }]);
    const base = `/v1/projects/${body.results[0]!.id!}/econ-models/escalations`;
    const rows = [
      { monthPeriod: { start: 1, end: 12 }, pctPerYear: 5 },
      { monthPeriod: { start: 13, end: 600 }, pctPerYear: 2.5 },
    ];
    const created = await writeModels(t, 'POST', base, s.headers, { name: 'Inflation', escalation: { rows } });
    const id = created.results[0]!.id!;
    expect((await send(t, 'GET', `${base}/${id}`, s.headers)).body).toMatchObject({
      name: 'Inflation',
      escalation: { escalationFrequency: 'monthly', calculationMethod: 'compound', rows },
    });

    const dollars = [
      { dates: '2027-01-01', dollarPerYear: 0.5 },
      { dates: '2029-01-01', dollarPerYear: -0.25 },
    ];
    const escalation = { escalationFrequency: 'yearly', calculationMethod: 'simple', rows: dollars };
    const updated = await writeModels(t, 'PUT', base, s.headers, { name: 'Inflation', escalation });
    expect(updated.results[0]).toMatchObject({ status: 'OK', code: 200, id });
    expect((await send(t, 'GET', `${base}/${id}`, s.headers)).body).toMatchObject({ escalation });
  });

  it('a gap between month periods, mixed units, a rate out of range and an offset of other kinds are 400 records naming field, rule and value', async () => {
    const s = await signedIn(t);
    const base = '/v1/econ-models/escalations';
    const out = await writeModels(t, 'POST', base, s.headers, [
      {
        name: 'Gap',
        escalation: {
          rows: [
            { monthPeriod: { start: 1, end: 12 }, pctPerYear: 3 },
            { monthPeriod: { start: 24, end: 36 }, pctPerYear: 3 },
          ],
        },
      },
      {
        name: 'Mixed',
        escalation: {
          rows: [
            { dates: '2027-01-01', pctPerYear: 3 },
            { dates: '2028-01-01', dollarPerYear: 1 },
          ],
        },
      },
      { name: 'Steep', escalation: { rows: [{ entireWellLife: 'Flat', pctPerYear: 1000.5 }] } },
      { name: 'From FPD', escalation: { rows: [{ offsetToFpd: { start: 1, end: 12 }, pctPerYear: 3 }] } },
    ]);
    expect(out.results.map((r) => r.code)).toEqual([400, 400, 400, 400]);
    expect(out.results[0]!.errors).toEqual([
      expect.objectContaining({
        location: '[0].escalation.rows[1].monthPeriod.start',
        rule: 'consecutive month periods',
        value: 24,
        message: expect.stringContaining('row 2 must start at month 13'),
      }),
    ]);
    expect(out.results[1]!.errors).toEqual([
      expect.objectContaining({ field: 'escalation.rows', rule: 'one unit per table' }),
    ]);
    expect(out.results[2]!.errors).toEqual([
      expect.objectContaining({
        field: 'escalation.rows[0].pctPerYear',
        rule: 'max 1000',
        value: 1000.5,
        message: expect.stringContaining('pctPerYear must be at most 1000'),
      }),
    ]);
    expect(out.results[3]!.errors).toContainEqual(
      expect.objectContaining({ field: 'escalation.rows[0].offsetToFpd', rule: 'unknown field' }),
    );
    expect((await send(t, 'HEAD', base, s.headers)).res.headers.get('x-query-count')).toBe('0');
  });
});
