import { MultiStatus, OwnershipQualifier, Tag, UserRoles } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sender } from '../econRuns/testing';
import { adminHeaders, postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

/* Tags, ownership qualifiers and user roles (issue 21, decision 053). */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const results = (body: unknown) => MultiStatus.parse(body).results;

describe(`/v1/tags (${BACKEND})`, () => {
  it('creates (207, 409 for a name taken or repeated), lists with paging and HEAD', async () => {
    const s = await signedIn(t);
    const r = await send('POST', '/v1/tags', s.headers, [
      { name: 'Permian', description: 'Permian wells' },
      { name: 'Bakken' },
      { name: 'Bakken' },
      { name: '' },
    ]);
    expect(r.res.status).toBe(207);
    expect(results(r.body).map((x) => x.code)).toEqual([201, 201, 409, 400]);
    expect(results(r.body)[3]!.errors![0]!.location).toBe('[3].name');
    expect(results((await send('POST', '/v1/tags', s.headers, { name: 'Permian' })).body)[0]!.code).toBe(409);
    const list = await send('GET', '/v1/tags?sort=name&take=1', s.headers);
    expect((list.body as unknown[]).map((x) => Tag.parse(x))).toMatchObject([{ name: 'Bakken', description: '' }]);
    expect(list.res.headers.get('Link')).toContain('rel="next"');
    expect((await send('GET', '/v1/tags?name=Permian', s.headers)).body).toMatchObject([
      { description: 'Permian wells' },
    ]);
    const head = await t.app.request('/v1/tags', { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('X-Query-Count')).toBe('2');
  });

  it('is scoped to the company; 401; limits', async () => {
    const s = await signedIn(t);
    await send('POST', '/v1/tags', s.headers, { name: 'Mine' });
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', '/v1/tags', other.headers)).body).toEqual([]);
    expect(results((await send('POST', '/v1/tags', other.headers, { name: 'Mine' })).body)[0]!.code).toBe(201);
    expect((await t.app.request('/v1/tags')).status).toBe(401);
    const many = Array.from({ length: 501 }, (_, i) => ({ name: `T${i}` }));
    expect((await send('POST', '/v1/tags', s.headers, many)).res.status).toBe(400);
    expect((await send('GET', '/v1/tags?take=201', s.headers)).res.status).toBe(400);
  });
});

const initial = (wi: number, nri: number) => ({ initialOwnership: { workingInterest: wi, netRevenueInterest: nri } });

async function wellsOf(h: Record<string, string>) {
  const { body: pb } = await postRecords(t, '/v1/projects', h, [{ name: 'P' }]);
  const { body: wb } = await postRecords(t, `/v1/projects/${pb.results[0]!.id}/wells`, h, [
    { wellName: 'A', chosenID: 'A1', dataSource: 'internal' },
    { wellName: 'B', chosenID: 'B1', dataSource: 'di' },
  ]);
  return wb.results.map((r) => r.id!) as [string, string];
}

describe(`/v1/ownership-qualifiers (${BACKEND})`, () => {
  it('creates by well id or chosenID + dataSource, fills the service defaults, upserts by well and key', async () => {
    const s = await signedIn(t);
    const [a, b] = await wellsOf(s.headers);
    const r = await send('POST', '/v1/ownership-qualifiers', s.headers, [
      { well: a, qualifierKey: 'q1', ownership: { name: 'Base', ...initial(20, 10) } },
      { chosenID: 'B1', dataSource: 'di', qualifierKey: 'q1', ownership: initial(0, 0) },
      { well: a, qualifierKey: 'q1', ownership: initial(50, 40) },
      { well: a, qualifierKey: 'q2', ownership: initial(150, 40) },
      { chosenID: 'B1', dataSource: 'internal', qualifierKey: 'q9', ownership: initial(1, 1) },
      { qualifierKey: 'q3', ownership: initial(1, 1) },
    ]);
    expect(r.res.status).toBe(207);
    const res = results(r.body);
    expect(res.map((x) => x.code)).toEqual([201, 201, 409, 400, 404, 400]);
    expect(res[0]).toMatchObject({ well: a, qualifierKey: 'q1' });
    expect(res[3]!.errors![0]!.location).toBe('[3].ownership.initialOwnership.workingInterest');
    expect(res[4]!.errors![0]).toMatchObject({ location: '[4].chosenID', rule: 'well of the company' });
    expect(res[5]!.errors![0]).toMatchObject({ location: '[5].well', rule: 'required' });

    const one = OwnershipQualifier.parse((await send('GET', `/v1/ownership-qualifiers/${res[0]!.id}`, s.headers)).body);
    expect(one).toMatchObject({ well: a, chosenID: 'A1', dataSource: 'internal', qualifierKey: 'q1' });
    expect(one.ownership).toMatchObject({
      name: 'Base',
      initialOwnership: {
        workingInterest: 20,
        netRevenueInterest: 10,
        leaseNetRevenueInterest: 50,
        netProfitInterestType: 'expense',
        netProfitInterest: 0,
      },
      firstReversion: null,
    });
    const bq = (await send('GET', `/v1/ownership-qualifiers?well=${b}`, s.headers)).body as OwnershipQualifier[];
    expect(bq[0]!.ownership.initialOwnership.leaseNetRevenueInterest).toBe(100);

    const put = await send('PUT', '/v1/ownership-qualifiers', s.headers, [
      { well: a, qualifierKey: 'q1', ownership: initial(50, 40) },
      { well: a, qualifierKey: 'q2', ownership: initial(100, 75) },
    ]);
    expect(results(put.body).map((x) => [x.code, x.id === res[0]!.id])).toEqual([
      [200, true],
      [201, false],
    ]);
    const q1 = (await send('GET', `/v1/ownership-qualifiers?well=${a}&qualifierKey=q1`, s.headers))
      .body as OwnershipQualifier[];
    expect(q1.map((q) => q.ownership.initialOwnership.leaseNetRevenueInterest)).toEqual([80]);
    const page = await send('GET', '/v1/ownership-qualifiers?sort=qualifierKey&take=2', s.headers);
    expect(page.res.headers.get('Link')).toContain('rel="next"');
    const head = await t.app.request('/v1/ownership-qualifiers', { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('X-Query-Count')).toBe('3');
  });

  it('a well holds at most 10 qualifiers; other companies see nothing and write to no well of ours; 401', async () => {
    const s = await signedIn(t);
    const [a] = await wellsOf(s.headers);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ well: a, qualifierKey: `k${i}`, ownership: initial(1, 1) }));
    const r = await send('POST', '/v1/ownership-qualifiers', s.headers, eleven);
    expect(results(r.body).map((x) => x.code)).toEqual([...Array(10).fill(201), 400]);
    expect(results(r.body)[10]!.errors![0]!.rule).toBe('max 10 per well');
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', '/v1/ownership-qualifiers', other.headers)).body).toEqual([]);
    const id = results(r.body)[0]!.id!;
    expect((await send('GET', `/v1/ownership-qualifiers/${id}`, other.headers)).res.status).toBe(404);
    const theirs = await send('POST', '/v1/ownership-qualifiers', other.headers, {
      well: a,
      qualifierKey: 'x',
      ownership: initial(1, 1),
    });
    expect(results(theirs.body)[0]!.code).toBe(404);
    expect((await t.app.request('/v1/ownership-qualifiers')).status).toBe(401);
    expect((await send('GET', '/v1/ownership-qualifiers/nope', s.headers)).res.status).toBe(400);
  });
});

describe(`/v1/users/roles (${BACKEND})`, () => {
  it('answers the directory the operator records, with roles; scoped to the company', async () => {
    const s = await signedIn(t);
    const put = await send('PUT', `/admin/companies/${s.company.id}/users`, adminHeaders, [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'Ada@Example.com',
        resourceRoles: [
          { resourceId: s.company.id, resourceType: 'company', roles: ['admin'] },
          { resourceId: 'p1', resourceType: 'project', roles: ['editor', 'editor'] },
        ],
      },
      { firstName: 'Bo', lastName: 'Reed', email: 'bo@example.com' },
      { firstName: 'X', lastName: 'Y', email: 'not-an-email' },
    ]);
    expect(put.res.status).toBe(207);
    expect(results(put.body).map((x) => x.code)).toEqual([201, 201, 400]);
    expect(results(put.body)[2]!.errors![0]!.location).toBe('[2].email');
    const again = await send('PUT', `/admin/companies/${s.company.id}/users`, adminHeaders, {
      firstName: 'Ada',
      lastName: 'King',
      email: 'ada@example.com',
      resourceRoles: [{ resourceId: s.company.id, resourceType: 'company', roles: ['engineer'] }],
    });
    expect(results(again.body)[0]!.code).toBe(200);

    const list = (await send('GET', '/v1/users/roles?sort=email', s.headers)).body as unknown[];
    const users = list.map((u) => UserRoles.parse(u));
    expect(users.map((u) => [u.email, u.lastName, u.resourceRoles])).toEqual([
      ['ada@example.com', 'King', [{ resourceId: s.company.id, resourceType: 'company', roles: ['engineer'] }]],
      ['bo@example.com', 'Reed', []],
    ]);
    expect(((await send('GET', '/v1/users/roles?email=bo@example.com', s.headers)).body as unknown[]).length).toBe(1);
    const head = await t.app.request('/v1/users/roles', { method: 'HEAD', headers: s.headers });
    expect(head.headers.get('X-Query-Count')).toBe('2');
    const other = await signedIn(t, 'Other Co');
    expect((await send('GET', '/v1/users/roles', other.headers)).body).toEqual([]);

    const del = await send('DELETE', `/admin/companies/${s.company.id}/users/${users[1]!.userId}`, adminHeaders);
    expect(del.res.headers.get('X-Delete-Count')).toBe('1');
    expect(((await send('GET', '/v1/users/roles', s.headers)).body as unknown[]).length).toBe(1);
  });

  it('401 without credentials; the admin route needs the admin token and a known company', async () => {
    const s = await signedIn(t);
    expect((await t.app.request('/v1/users/roles')).status).toBe(401);
    const body = JSON.stringify({ email: 'a@b.co' });
    expect(
      (
        await t.app.request(`/admin/companies/${s.company.id}/users`, {
          method: 'PUT',
          headers: { ...s.headers },
          body,
        })
      ).status,
    ).toBe(401);
    const unknown = await send('PUT', '/admin/companies/ffffffffffffffffffffffff/users', adminHeaders, {
      email: 'a@b.co',
    });
    expect(unknown.res.status).toBe(404);
    expect((await send('GET', '/v1/users/roles?sort=nope', s.headers)).res.status).toBe(400);
  });
});
