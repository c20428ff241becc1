import { type EconModelKind, EconModelMultiStatus, econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/*
 * Fluid models, emissions and operations (issue 19, decision 035) through the API: each is stored
 * and served in full, and the rules of its own (a composition's sum, a phase of a unit, overlapping
 * shut-ins) are 400 records naming the field, the rule and the value.
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function project() {
  const signed = await signedIn(t);
  const { body } = await postRecords(t, '/v1/projects', signed.headers, [{ name: 'Main' }]);
  return {
    headers: signed.headers,
    base: (kind: EconModelKind) => `/v1/projects/${body.results[0]!.id}/econ-models/${kind}`,
  };
}

async function post(headers: Record<string, string>, url: string, record: unknown) {
  const res = await t.app.request(url, { method: 'POST', headers, body: JSON.stringify(record) });
  expect(res.status).toBe(207);
  return EconModelMultiStatus.parse(await res.json()).results[0]!;
}

describe(`fluid models, emissions and operations (${BACKEND})`, () => {
  it('each is served in full as sent, with the defaults filled in', async () => {
    const s = await project();
    const bodies: [EconModelKind, Record<string, unknown>][] = [
      ['fluid-models', { fluidModel: { ngl: { specificGravity: 0.51, composition: { C3: { percentage: 100 } } } } }],
      [
        'emissions',
        {
          emissions: {
            rows: [{ category: 'flare', co2e: 1, co2: 1, ch4: 0, n2o: 0, unit: 'mt_per_mbbl', phase: 'water' }],
          },
        },
      ],
      [
        'operations',
        {
          operations: {
            shutIn: { rows: [{ offsetToFpd: { start: 2, end: 3 }, resume: 'calendar', multiplierMonths: 4 }] },
          },
        },
      ],
    ];
    const filled = [
      { fluidModel: { ngl: { criteria: 'flat', specificGravity: 0.51, composition: { C3: { percentage: 100 } } } } },
      {
        emissions: {
          rows: [
            {
              selected: false,
              category: 'flare',
              co2e: 1,
              co2: 1,
              ch4: 0,
              n2o: 0,
              unit: 'mt_per_mbbl',
              phase: 'water',
              escalationModel: 'none',
            },
          ],
        },
      },
      {
        operations: {
          shutIn: {
            rows: [
              {
                phase: 'all',
                offsetToFpd: { start: 2, end: 3 },
                resume: 'calendar',
                multiplier: 100,
                multiplierMonths: 4,
              },
            ],
          },
        },
      },
    ];
    for (const [i, [kind, body]] of bodies.entries()) {
      const created = await post(s.headers, s.base(kind), { name: 'Full', ...body });
      expect(created, kind).toMatchObject({ status: 'Created', code: 201 });
      const got = await t.app.request(`${s.base(kind)}/${created.id}`, { headers: s.headers });
      const doc = (await got.json()) as Record<string, unknown>;
      const fn = Object.keys(body)[0]!;
      expect({ [fn]: doc[fn] }, kind).toEqual(filled[i]);
    }
  });

  it('a composition off 100 names the phase and the total; nothing is stored', async () => {
    const s = await project();
    const out = await post(s.headers, s.base('fluid-models'), {
      name: 'Bad gas',
      fluidModel: { gas: { composition: { C1: { percentage: 90 }, C2: { percentage: 9.5 } } } },
    });
    expect(out).toMatchObject({ status: 'Error', code: 400 });
    expect(out.errors).toEqual([
      expect.objectContaining({
        location: '[0].fluidModel.gas.composition',
        field: 'fluidModel.gas.composition',
        rule: 'sum 100 ± 0.01',
        message: expect.stringContaining('the gas composition sums to 99.5 mole %'),
        value: { C1: { percentage: 90 }, C2: { percentage: 9.5 } },
      }),
    ]);
    const head = await t.app.request(s.base('fluid-models'), { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('x-query-count')).toBe('0');
  });

  it('an emission phase its unit does not take, and a negative rate, are named', async () => {
    const s = await project();
    const example = econModelExample('emissions') as { emissions: { rows: Record<string, unknown>[] } };
    const [flare, leaks] = example.emissions.rows;
    const out = await post(s.headers, s.base('emissions'), {
      name: 'Bad rows',
      emissions: {
        rows: [
          { ...flare, phase: 'oil' },
          { ...leaks, ch4: -1 },
        ],
      },
    });
    expect(out.errors).toEqual([
      expect.objectContaining({
        field: 'emissions.rows[0].phase',
        rule: 'a phase of mt_per_mmcf',
        message: expect.stringContaining('phase oil does not go with unit mt_per_mmcf (it takes gas)'),
        value: 'oil',
      }),
      expect.objectContaining({ field: 'emissions.rows[1].ch4', value: -1 }),
    ]);
  });

  it('overlapping shut-ins of a phase, and an empty operations model, are refused', async () => {
    const s = await project();
    const out = await post(s.headers, s.base('operations'), {
      name: 'Overlap',
      operations: {
        shutIn: {
          rows: [
            { phase: 'gas', dates: { startDate: '2027-06-01', endDate: '2027-06-30' } },
            { phase: 'all', dates: { startDate: '2027-06-20', endDate: '2027-07-10' } },
          ],
        },
      },
    });
    expect(out.errors).toEqual([
      expect.objectContaining({
        field: 'operations.shutIn.rows[1].dates',
        rule: 'no overlapping shut-ins',
        message: expect.stringContaining('shut-in row 2 (2027-06-20 to 2027-07-10) overlaps row 1'),
      }),
    ]);
    const empty = await post(s.headers, s.base('operations'), { name: 'Empty', operations: {} });
    expect(empty.errors).toEqual([expect.objectContaining({ field: 'operations', rule: 'at least one table' })]);
  });
});
