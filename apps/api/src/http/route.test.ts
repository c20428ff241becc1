import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { onError } from './onError';
import { route } from './route';

/** An app with one route of each input kind; each handler echoes what it read. */
function testApp() {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(onError);
  const Params = z.object({ id: z.string().regex(/^\d+$/, 'id must be digits') });
  route(
    app,
    {
      method: 'get',
      path: '/things/{id}',
      tag: 't',
      auth: 'none',
      summary: 'get',
      params: Params,
      query: z.object({ tag: z.array(z.string()).max(2).optional(), limit: z.coerce.number().int().max(9).optional() }),
      responses: { 200: { description: 'ok' } },
    },
    (c, input) => c.json({ params: input.params, query: input.query }),
  );
  route(
    app,
    {
      method: 'post',
      path: '/things/{id}',
      tag: 't',
      auth: 'none',
      summary: 'post',
      params: Params,
      body: z.strictObject({ name: z.string().min(1) }),
      responses: { 200: { description: 'ok' } },
    },
    async (c, input) => c.json({ order: ['params', input.params.id], body: await input.body() }),
  );
  route(
    app,
    {
      method: 'put',
      path: '/things',
      tag: 't',
      auth: 'none',
      summary: 'bulk',
      records: { schema: z.object({ name: z.string() }), max: 2, single: 'wrap', noun: 'things' },
      responses: { 207: { description: 'ok' } },
    },
    async (c, input) => c.json(await input.records()),
  );
  return app;
}

const send = async (app: OpenAPIHono<AppEnv>, method: string, path: string, body?: string) => {
  const res = await app.request(path, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { details?: { field: string; rule: string }[] } & Record<string, unknown>,
  };
};

describe('route(): handlers read the input their spec documents, validated', () => {
  it('params and query: validated when read, repeatable query fields take every value', async () => {
    const app = testApp();
    expect((await send(app, 'GET', '/things/12?tag=a&tag=b&limit=3')).body).toEqual({
      params: { id: '12' },
      query: { tag: ['a', 'b'], limit: 3 },
    });
    const badPath = await send(app, 'GET', '/things/x1');
    expect(badPath.status).toBe(400);
    expect(badPath.body.details?.[0]).toMatchObject({ field: 'path.id', value: 'x1' });
    const badQuery = await send(app, 'GET', '/things/1?tag=a&tag=b&tag=c');
    expect(badQuery.body.details?.[0]).toMatchObject({ field: 'query.tag', rule: 'max 2' });
    expect((await send(app, 'GET', '/things/1?limit=10')).body.details?.[0]).toMatchObject({ field: 'query.limit' });
  });

  it('body: validated with the documented schema; 415 for another content type', async () => {
    const app = testApp();
    expect((await send(app, 'POST', '/things/7', '{"name":"n"}')).body).toEqual({
      order: ['params', '7'],
      body: { name: 'n' },
    });
    const extra = await send(app, 'POST', '/things/7', '{"name":"n","x":1}');
    expect(extra.status).toBe(400);
    expect(extra.body.details?.[0]).toMatchObject({ field: 'x', rule: 'unknown field' });
    const text = await app.request('/things/7', {
      method: 'POST',
      body: 'name',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('records: the array shape is checked at the route (one object wraps), each record is left to the pipeline', async () => {
    const app = testApp();
    expect((await send(app, 'PUT', '/things', '{"name":"a"}')).body).toEqual([{ name: 'a' }]);
    expect((await send(app, 'PUT', '/things', '[{"name":1},{"bad":true}]')).body).toEqual([{ name: 1 }, { bad: true }]);
    for (const [body, rule] of [
      ['[]', 'min 1'],
      ['[{},{},{}]', 'max 2'],
      ['"x"', 'type array'],
    ] as const) {
      const r = await send(app, 'PUT', '/things', body);
      expect(r.status, body).toBe(400);
      expect(r.body.details?.[0], body).toMatchObject({ field: '', rule });
    }
  });

  it('documents what it enforces: params, query, body and the records as one record or an array of them', () => {
    const doc = testApp().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    const get = doc.paths?.['/things/{id}']?.get;
    expect(get?.parameters?.map((p) => ('name' in p ? p.name : ''))).toEqual(['id', 'tag', 'limit']);
    const put = JSON.stringify(doc.paths?.['/things']?.put?.requestBody);
    expect(put).toContain('anyOf');
    expect(put).toContain('"maxItems":2');
    expect(Object.keys(doc.paths?.['/things/{id}']?.post?.responses ?? {})).toContain('400');
  });
});
