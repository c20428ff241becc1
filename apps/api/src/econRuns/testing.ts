import { type EconModelKind, econModelExample, ForecastParameterMultiStatus } from '@econ/contract';
import { expect } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import type { TestApi } from '../test/harness';

type Headers = Record<string, string>;

export const sender = (t: TestApi) =>
  async function send(method: string, url: string, headers: Headers, body?: unknown) {
    const res = await t.app.request(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, body: text ? (JSON.parse(text) as unknown) : undefined };
  };

/** Models of our reference well: numbers simple enough to check by hand. */
export const MODELS: Partial<Record<EconModelKind, Record<string, unknown>>> = {
  'date-settings': {
    ...econModelExample('date-settings'),
    dateSetting: {
      ...(econModelExample('date-settings').dateSetting as object),
      maxWellLife: 5,
      asOfDate: { date: '2027-01-01' },
      discountDate: { date: '2027-01-01' },
    },
  },
  'ownership-reversions': {
    ownership: {
      initialOwnership: {
        workingInterest: 100,
        netProfitInterestType: 'expense',
        netProfitInterest: 0,
        netRevenueInterest: 80,
        leaseNetRevenueInterest: 80,
      },
    },
  },
  pricing: {
    priceModel: {
      oil: { rows: [{ entireWellLife: 'Flat', price: 70 }] },
      gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3 }] },
      ngl: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
      dripCondensate: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 0 }] },
    },
  },
  // Every leaf at its default: no expense.
  expenses: { variableExpenses: {}, fixedExpenses: {}, waterDisposal: {} },
  'general-options': econModelExample('general-options'),
  'production-taxes': { data: { state: 'custom', rows: [] } },
};

/**
 * A company, a project of wells A, B, C; a forecast with A: oil 100 BBL/d and gas 500 MCF/d flat,
 * B: oil 200 BBL/d flat (2026–2035), C: nothing; scenario S over A–C with MODELS assigned to all.
 */
export async function econRunFixture(
  t: TestApi,
  opts: { assign?: boolean; models?: Partial<Record<EconModelKind, Record<string, unknown>>> } = {},
) {
  const send = sender(t);
  const s = await signedIn(t);
  const h = s.headers;
  const { body: pb } = await postRecords(t, '/v1/projects', h, [{ name: 'Main' }]);
  const p = pb.results[0]!.id!;
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${p}/wells`,
    h,
    ['A', 'B', 'C'].map((wellName) => ({ wellName, chosenID: wellName, dataSource: 'internal' })),
  );
  const [a, b, c] = wb.results.map((r) => r.id!) as [string, string, string];
  const { body: fb } = await postRecords(t, `/v1/projects/${p}/forecasts`, h, [{ name: 'Det' }]);
  const forecast = fb.results[0]!.id!;
  const flat = (qStart: number) => [{ segmentType: 'flat', startDate: '2026-01-01', endDate: '2035-12-31', qStart }];
  const put = await t.app.request(`/v1/projects/${p}/forecasts/${forecast}/parameters`, {
    method: 'PUT',
    headers: h,
    body: JSON.stringify([
      { well: a, forecastType: 'rate', phase: 'oil', series: 'best', segments: flat(100) },
      { well: a, forecastType: 'rate', phase: 'gas', series: 'best', segments: flat(500) },
      { well: b, forecastType: 'rate', phase: 'oil', series: 'best', segments: flat(200) },
    ]),
  });
  expect(ForecastParameterMultiStatus.parse(await put.json()).failedCount).toBe(0);
  const { body: sb } = await postRecords(t, `/v1/projects/${p}/scenarios`, h, [{ name: 'S' }]);
  const scenario = sb.results[0]!.id!;
  if (opts.assign !== false) {
    for (const [kind, body] of Object.entries({ ...MODELS, ...opts.models })) {
      const m = await send('POST', `/v1/projects/${p}/econ-models/${kind}`, h, [{ name: `M ${kind}`, ...body }]);
      expect(m.res.status, JSON.stringify(m.body)).toBe(207);
      const id = (m.body as { results: { id: string; code: number }[] }).results[0]!;
      expect(id.code, JSON.stringify(m.body)).toBe(201);
      const r = await send('POST', `/v1/projects/${p}/econ-models/${kind}/${id.id}/assignments`, h, [
        { scenario, allWells: true },
      ]);
      expect(r.res.status).toBe(207);
    }
  }
  const runs = `/v1/projects/${p}/scenarios/${scenario}/econ-runs`;
  return { h, p, a, b, c, forecast, scenario, runs };
}
