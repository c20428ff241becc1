import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** The fit, normalization and volumes routes are in the OpenAPI document with their descriptions. */
it('documents the fit, normalization and volumes routes', async () => {
  const res = await t.app.request('/openapi.json');
  expect(res.status).toBe(200);
  const doc = (await res.json()) as {
    paths: Record<
      string,
      Record<string, { description?: string; parameters?: { name: string; required?: boolean }[] }>
    >;
  };
  const base = '/v2/projects/{projectId}/type-curves/{id}';
  expect(Object.keys(doc.paths[`${base}/fits`] ?? {})).toEqual(['get', 'put']);
  expect(Object.keys(doc.paths[`${base}/normalization`] ?? {})).toEqual(['get', 'put']);
  const volumes = doc.paths[`${base}/volumes`]?.get;
  expect(volumes?.parameters?.find((p) => p.name === 'resolution')?.required).toBe(true);
  expect(volumes?.parameters?.map((p) => p.name)).not.toContain('sort');
  expect(doc.paths[`${base}/fits`]?.put?.description).toContain('lossy for linear slopes only');
  expect(doc.paths[`${base}/normalization`]?.get?.description).toContain('perf_lateral_length');
});
