import { ErrorEnvelope, TypeCurveFitsView } from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { typeCurveFits, typeCurves } from '../db/schema';
import { newObjectId } from '../ids';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** A type curve inserted straight into the DB (the CRUD routes are another part). */
async function insertCurve(projectId: string, name = 'TC') {
  const id = newObjectId(t.deps.clock);
  const now = t.clock.now();
  await t.deps.db.insert(typeCurves).values({ id, projectId, name, createdAt: now, updatedAt: now });
  return id;
}

async function setup(company = 'Acme Energy') {
  const { headers } = await signedIn(t, company);
  const { body } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [project, other] = body.results.map((r) => r.id!) as [string, string];
  const curve = await insertCurve(project);
  const call = async (method: string, suffix: string, payload?: unknown, id = curve, p = project) => {
    const res = await t.app.request(`/v2/projects/${p}/type-curves/${id}/fits${suffix}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    return { res, body: (await res.json()) as unknown };
  };
  return { headers, project, other, curve, call };
}

const LINEAR = {
  segmentIndex: 0,
  segmentType: 'linear',
  startDate: '2025-01-01',
  endDate: '2025-01-31',
  qStart: 500,
  slope: -2.5,
};
const FLAT = { segmentIndex: 0, segmentType: 'flat', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100 };
const rateFit = { fitType: 'rate', regressionType: 'cum', eurPercentileMatched: true, best: { segments: [LINEAR] } };
const gasRatio = {
  fitType: 'ratio',
  regressionType: 'rate',
  eurPercentileMatched: false,
  ratio: { basePhase: 'oil', p50: { segments: [FLAT] } },
};

const issue = (body: unknown) => ErrorEnvelope.parse(body).details ?? [];

describe(`type-curve fits (${BACKEND})`, () => {
  it('gives {} for a never-fitted type curve', async () => {
    const s = await setup();
    const { res, body } = await s.call('GET', '');
    expect(res.status).toBe(200);
    expect(body).toEqual({});
  });

  it('PUT stores the fits and returns them as GET does: per-phase updatedAt = now, linear slope read as its sign', async () => {
    const s = await setup();
    t.clock.set('2026-11-22T12:20:00Z');
    const { res, body } = await s.call('PUT', '', {
      oil: { ...rateFit, updatedAt: '2000-01-01T00:00:00Z' },
      gas: gasRatio,
    });
    expect(res.status).toBe(200);
    const view = TypeCurveFitsView.parse(body);
    expect(view.oil).toEqual({
      fitType: 'rate',
      regressionType: 'cum',
      eurPercentileMatched: true,
      best: { segments: [{ ...LINEAR, slope: -1 }] },
      updatedAt: '2026-11-22T12:20:00.000Z',
    });
    expect(view.gas).toEqual({ ...gasRatio, updatedAt: '2026-11-22T12:20:00.000Z' });
    expect((await s.call('GET', '')).body).toEqual(body);
    // Segment fields come back in the spec's order (jsonb reorders keys).
    const raw = body as { oil: { best: { segments: object[] } } };
    expect(Object.keys(raw.oil.best.segments[0] ?? {})).toEqual(Object.keys(LINEAR));
    // The written slope is stored; only the read form is its sign.
    const [row] = await t.deps.db.select().from(typeCurveFits).where(eq(typeCurveFits.phase, 'oil'));
    expect((row!.fit as typeof rateFit).best.segments[0]?.slope).toBe(-2.5);
    const [curve] = await t.deps.db.select().from(typeCurves).where(eq(typeCurves.id, s.curve));
    expect(curve?.updatedAt.toISOString()).toBe('2026-11-22T12:20:00.000Z');
  });

  it('PUT is a full replace: a stored phase missing from the body is deleted, written phases get a new updatedAt', async () => {
    const s = await setup();
    await s.call('PUT', '', { oil: rateFit, gas: gasRatio });
    t.clock.set('2026-11-22T12:40:00Z');
    const { res, body } = await s.call('PUT', '', { water: { ...rateFit, best: { segments: [FLAT] } } });
    expect(res.status).toBe(200);
    expect(Object.keys(body as object)).toEqual(['water']);
    expect((body as { water: { updatedAt: string } }).water.updatedAt).toBe('2026-11-22T12:40:00.000Z');
    expect(await t.deps.db.select().from(typeCurveFits)).toHaveLength(1);
  });

  it('a GET body is a valid PUT body (lossy only for linear slopes)', async () => {
    const s = await setup();
    const first = (await s.call('PUT', '', { oil: rateFit, gas: gasRatio })).body;
    const again = await s.call('PUT', '', first);
    expect(again.res.status).toBe(200);
    expect(again.body).toEqual(first);
  });

  it('filters by phase, repeatable or comma-separated; an unknown phase is a 400 naming phase and the value', async () => {
    const s = await setup();
    await s.call('PUT', '', { oil: rateFit, gas: gasRatio, water: { ...rateFit, best: { segments: [FLAT] } } });
    expect(Object.keys((await s.call('GET', '?phase=gas')).body as object)).toEqual(['gas']);
    expect(Object.keys((await s.call('GET', '?phase=water&phase=oil')).body as object)).toEqual(['oil', 'water']);
    expect(Object.keys((await s.call('GET', '?phase=gas,water')).body as object)).toEqual(['gas', 'water']);
    expect(Object.keys((await s.call('GET', '?phase=')).body as object)).toEqual(['oil', 'gas', 'water']);
    const bad = await s.call('GET', '?phase=oil&phase=ngl');
    expect(bad.res.status).toBe(400);
    expect(issue(bad.body)).toEqual([
      expect.objectContaining({ field: 'query.phase[1]', value: 'ngl', message: expect.stringContaining('phase') }),
    ]);
  });

  it.each([
    ['an array body', [{ oil: rateFit }], '', 'must be an object keyed by phase'],
    ['a non-object body', 'oil', '', 'must be an object keyed by phase'],
    ['an empty body', {}, '', 'at least one phase'],
    ['a removed V1 field', { oil: { ...rateFit, resolution: 'daily' } }, 'oil.resolution', 'resolution was removed'],
    [
      'eur on a series',
      { oil: { ...rateFit, best: { segments: [LINEAR], eur: 5 } } },
      'oil.best.eur',
      'eur was removed',
    ],
    ['a ratio whose base is not in the body', { gas: gasRatio }, 'gas.ratio.basePhase', 'basePhase oil has no fit'],
    [
      'eurPercentileMatched on a ratio fit',
      { oil: rateFit, gas: { ...gasRatio, eurPercentileMatched: true } },
      'gas.eurPercentileMatched',
      'must be false',
    ],
    [
      'segments out of order',
      { oil: { ...rateFit, best: { segments: [{ ...LINEAR, segmentIndex: 1 }] } } },
      'oil.best.segments[0].segmentIndex',
      'segmentIndex must be 0',
    ],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, payload, field, message) => {
    const s = await setup();
    const before = (await s.call('PUT', '', { oil: rateFit })).body;
    t.clock.set('2026-11-22T12:40:00Z');
    const { res, body } = await s.call('PUT', '', payload);
    expect(res.status).toBe(400);
    expect(issue(body)).toContainEqual(expect.objectContaining({ field, message: expect.stringContaining(message) }));
    expect((await s.call('GET', '')).body).toEqual(before);
    const [curve] = await t.deps.db.select().from(typeCurves).where(eq(typeCurves.id, s.curve));
    expect(curve?.updatedAt.toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });

  it('404s for a type curve not in the project, or a project not the company’s', async () => {
    const s = await setup();
    const elsewhere = await insertCurve(s.other, 'Elsewhere');
    for (const method of ['GET', 'PUT']) {
      const payload = method === 'PUT' ? { oil: rateFit } : undefined;
      expect((await s.call(method, '', payload, elsewhere)).res.status).toBe(404);
      expect((await s.call(method, '', payload, newObjectId(t.deps.clock))).res.status).toBe(404);
    }
    const intruder = await setup('Intruder Oil');
    const res = await t.app.request(`/v2/projects/${s.project}/type-curves/${s.curve}/fits`, {
      headers: intruder.headers,
    });
    expect(res.status).toBe(404);
    expect(await t.deps.db.select().from(typeCurveFits)).toHaveLength(0);
  });
});
