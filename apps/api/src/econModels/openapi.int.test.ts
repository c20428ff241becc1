import { ECON_MODEL_KINDS, econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* The econ-model routes in the OpenAPI document: every kind under both scopes, one object per request body. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe(`the OpenAPI document (${BACKEND})`, () => {
  it('describes both kinds under project and company scopes, with field descriptions', async () => {
    const res = await t.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const kind of ['pricing', 'expenses']) {
      for (const path of [`/v1/projects/{projectId}/econ-models/${kind}`, `/v1/econ-models/${kind}`]) {
        expect(doc.paths[path]?.post, path).toBeDefined();
        expect(doc.paths[path]?.get, path).toBeDefined();
        expect(doc.paths[`${path}/{id}`]?.get, path).toBeDefined();
      }
    }
    const text = JSON.stringify(doc);
    expect(text).toContain('$/MCF');
    expect(text).toContain('strictly increasing');
  });

  it('documents each kind’s request as one object (envelope and functions), not an allOf no body satisfies', async () => {
    const doc = (await (await t.app.request('/openapi.json')).json()) as {
      components: {
        schemas: Record<
          string,
          { allOf?: unknown; additionalProperties?: unknown; properties?: object; required?: string[] }
        >;
      };
    };
    for (const kind of ECON_MODEL_KINDS) {
      const input = doc.components.schemas[`EconModelInput_${kind}_project`]!;
      expect(input.allOf, kind).toBeUndefined();
      expect(input.additionalProperties, kind).toBe(false);
      expect(Object.keys(input.properties!), kind).toEqual(
        expect.arrayContaining(['name', 'tags', ...Object.keys(econModelExample(kind))]),
      );
      expect(input.required, kind).toContain('name');
    }
  });
});
