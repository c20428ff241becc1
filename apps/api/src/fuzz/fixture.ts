import { ECON_MODEL_KINDS, econModelExample, SURVEY_ARRAYS } from '@econ/contract';
import { expect } from 'vitest';
import { econRunFixture, MODELS, sender } from '../econRuns/testing';
import type { TestApi } from '../test/harness';
import { type FixtureIds, UNKNOWN_ID } from './routes';

/**
 * The data every write route can point at: the econ-run fixture (a signed-in company, a project of
 * wells A–C, a forecast with parameters, a scenario with econ models assigned) plus an econ model
 * of every kind in the project and at company level, a V2 type curve and a lookup table.
 */
export async function fuzzFixture(
  t: TestApi,
  opts: { v2?: boolean } = {},
): Promise<{ ids: FixtureIds; headers: Record<string, string> }> {
  const f = await econRunFixture(t);
  const send = sender(t);
  const created = async (method: string, url: string, body: unknown) => {
    const r = await send(method, url, f.h, body);
    expect(r.res.status, `${url}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    const b = r.body as { id?: string; results?: { id?: string; code: number }[] };
    const id = b.id ?? b.results?.[0]?.id;
    expect(id, `${url}: ${JSON.stringify(r.body)}`).toBeTruthy();
    return id!;
  };
  const econModels: Record<string, string> = {};
  const companyEconModels: Record<string, string> = {};
  const byName = async (url: string, name: string) => {
    const r = await send('GET', `${url}?take=200`, f.h);
    return (r.body as { id: string; name: string }[]).find((m) => m.name === name)?.id;
  };
  for (const kind of ECON_MODEL_KINDS) {
    const body = { ...econModelExample(kind), ...MODELS[kind] };
    const url = `/v1/projects/${f.p}/econ-models/${kind}`;
    econModels[kind] =
      (await byName(url, `M ${kind}`)) ?? (await created('POST', url, [{ ...body, name: `M ${kind}` }]));
    companyEconModels[kind] = await created('POST', `/v1/econ-models/${kind}`, [{ ...body, name: `C ${kind}` }]);
  }
  // V2 type curves only once V2 is live (the V1 routes are fuzzed on an API before the switch-over).
  const typeCurveId =
    opts.v2 === false
      ? UNKNOWN_ID
      : await created('POST', `/v2/projects/${f.p}/type-curves`, {
          name: 'TC',
          forecast: f.forecast,
          wells: [f.a, f.b],
        });
  const lookupTableId =
    opts.v2 === false
      ? UNKNOWN_ID
      : await created('POST', `/v2/projects/${f.p}/type-curves/lookup-tables`, {
          name: 'LT',
          rules: [{ typeCurve: typeCurveId }],
        });
  // Well A's directional survey (two points), so PUT /v1/directional-surveys/{id} meets a stored one.
  const directionalSurveyId = await created('POST', '/v1/directional-surveys', {
    chosenID: 'A',
    dataSource: 'internal',
    spatialDataType: 'WGS84',
    ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, f === 'measuredDepth' ? [0, 100] : [0, 0]])),
  });
  const credential = (await send('GET', '/admin/credentials', adminAuth(t))).body as {
    id: string;
    companyId: string;
  }[];
  return {
    headers: f.h,
    ids: {
      companyId: credential[0]!.companyId,
      projectId: f.p,
      forecastId: f.forecast,
      scenarioId: f.scenario,
      wellId: f.a,
      credentialId: credential[0]!.id,
      typeCurveId,
      lookupTableId,
      directionalSurveyId,
      econModels,
      companyEconModels,
    },
  };
}

export const adminAuth = (t: TestApi) => ({ authorization: `Bearer ${t.config.adminToken}` });
