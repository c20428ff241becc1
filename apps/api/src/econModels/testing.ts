import { EconModelMultiStatus } from '@econ/contract';
import { expect } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import type { TestApi } from '../test/harness';

type Headers = Record<string, string>;

/**
 * Requests of the econ-model tests against `api()` (the test file's API, reset between tests): a
 * signed-in company with a project, a request, a 207 write parsed, a list's X-Query-Count.
 */
export function modelRequests(api: () => TestApi) {
  async function send(method: string, url: string, headers: Headers, body?: unknown) {
    const res = await api().app.request(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { res, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
  }
  return {
    send,
    async setup() {
      const signed = await signedIn(api());
      const { body } = await postRecords(api(), '/v1/projects', signed.headers, [{ name: 'Main' }]);
      return { ...signed, project: body.results[0]!.id! };
    },
    async write(method: 'POST' | 'PUT', url: string, headers: Headers, body: unknown) {
      const r = await send(method, url, headers, body);
      expect(r.res.status, JSON.stringify(r.body)).toBe(207);
      return EconModelMultiStatus.parse(r.body);
    },
    count: async (url: string, headers: Headers) => (await send('HEAD', url, headers)).res.headers.get('x-query-count'),
  };
}
