import { ErrorEnvelope, NormalizationInput, NormalizationView } from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { typeCurveMultipliers, typeCurves } from '../db/schema';
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
  const call = async (method: string, payload?: unknown, id = curve, p = project) => {
    const res = await t.app.request(`/v2/projects/${p}/type-curves/${id}/normalization`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    return { res, body: (await res.json()) as unknown };
  };
  return { headers, project, other, curve, call };
}

/** Two wells with stored multipliers on every phase, as the web application leaves them. */
async function seedMultipliers(s: Awaited<ReturnType<typeof setup>>) {
  const { body } = await postRecords(
    t,
    `/v1/projects/${s.project}/wells`,
    s.headers,
    [0, 1].map((i) => ({ wellName: `W ${i}`, chosenID: `W-${i}`, dataSource: 'di' })),
  );
  const wells = body.results.map((r) => r.id!);
  const appliedAt = t.clock.now();
  await t.deps.db
    .insert(typeCurveMultipliers)
    .values(
      (['oil', 'gas', 'water'] as const).flatMap((phase) =>
        wells.map((wellId) => ({ typeCurveId: s.curve, phase, wellId, eur: 1.1, peak: 0.9, appliedAt })),
      ),
    );
}

async function multiplierCounts(curve: string) {
  const rows = await t.deps.db.select().from(typeCurveMultipliers).where(eq(typeCurveMultipliers.typeCurveId, curve));
  const counts: Record<string, number> = { oil: 0, gas: 0, water: 0 };
  for (const r of rows) counts[r.phase] = (counts[r.phase] ?? 0) + 1;
  return counts;
}

const SEG = { xStart: 0, fitType: 'linear', aValue: 0.5, bValue: 10 };
const empty = {
  xAxis: 'perf_lateral_length',
  yAxis: 'eur',
  targets: [],
  eur: { segments: [] },
  peak: { segments: [] },
};
const normalized = { ...empty, targets: [{ key: 'perf_lateral_length', value: 10000 }], eur: { segments: [SEG] } };
const issue = (body: unknown) => ErrorEnvelope.parse(body).details ?? [];

describe(`type-curve normalization (${BACKEND})`, () => {
  it('accepts a phase without the factor its y-axis does not use, and reads it back as empty segments', async () => {
    const s = await setup();
    const { peak: _p, ...eurOnly } = normalized;
    const { eur: _e, ...peakOnly } = { ...normalized, yAxis: 'peak', peak: { segments: [SEG] } };
    const put = await s.call('PUT', { oil: eurOnly, gas: peakOnly, water: { ...eurOnly, yAxis: 'eur_per_pll' } });
    expect(put.res.status).toBe(200);
    const view = NormalizationView.parse((await s.call('GET')).body);
    expect(view.oil).toMatchObject({ yAxis: 'eur', eur: { segments: [SEG] }, peak: { segments: [] } });
    expect(view.gas).toMatchObject({ yAxis: 'peak', eur: { segments: [] }, peak: { segments: [SEG] } });
    expect(view.water).toMatchObject({ yAxis: 'eur_per_pll', peak: { segments: [] } });
    const missing = await s.call('PUT', { oil: eurOnly, gas: { ...peakOnly, yAxis: 'eur_and_peak' }, water: eurOnly });
    expect(missing.res.status).toBe(400);
    expect(issue(missing.body)).toEqual([expect.objectContaining({ field: 'gas.eur', rule: 'required' })]);
    expect(NormalizationView.parse((await s.call('GET')).body)).toEqual(view);
  });

  it('reads a never-normalized type curve as three empty phases, and that body is a valid PUT body', async () => {
    const s = await setup();
    const { res, body } = await s.call('GET');
    expect(res.status).toBe(200);
    expect(body).toEqual({ oil: empty, gas: empty, water: empty });
    expect(NormalizationInput.safeParse(body).success).toBe(true);
    const put = await s.call('PUT', body);
    expect(put.res.status).toBe(200);
    expect(put.body).toEqual(body);
  });

  it('PUT replaces the whole document and returns it as GET does; leaving out linkedTo removes the link', async () => {
    const s = await setup();
    t.clock.set('2026-11-22T12:30:00Z');
    const doc = {
      oil: normalized,
      gas: { ...normalized, yAxis: 'peak', peak: { segments: [SEG] } },
      water: { ...empty, linkedTo: 'oil' },
    };
    const first = await s.call('PUT', doc);
    expect(first.res.status).toBe(200);
    expect(NormalizationView.parse(first.body)).toEqual(doc);
    expect((await s.call('GET')).body).toEqual(doc);
    const [curve] = await t.deps.db.select().from(typeCurves).where(eq(typeCurves.id, s.curve));
    expect(curve?.updatedAt.toISOString()).toBe('2026-11-22T12:30:00.000Z');

    const unlinked = { oil: normalized, gas: empty, water: empty };
    expect((await s.call('PUT', unlinked)).body).toEqual(unlinked);
    const read = (await s.call('GET')).body as { water: object; gas: object };
    expect(read.water).not.toHaveProperty('linkedTo');
    expect(read.gas).toEqual(empty);
  });

  it('with customBasisKey reads xAxis as the composite ratio; written back it is refused until xAxis is dropped', async () => {
    const s = await setup();
    const basis = {
      yAxis: 'eur',
      customBasisKey: 'basis_1',
      targets: [{ key: 'oil_eur/perf_lateral_length', value: 2 }],
      eur: { segments: [SEG] },
      peak: { segments: [] },
    };
    const { res, body } = await s.call('PUT', { oil: basis, gas: empty, water: empty });
    expect(res.status).toBe(200);
    const view = NormalizationView.parse(body);
    expect(view.oil).toEqual({ ...basis, xAxis: 'oil_eur/perf_lateral_length' });
    expect((await s.call('GET')).body).toEqual(body);

    const back = await s.call('PUT', view);
    expect(back.res.status).toBe(400);
    expect(issue(back.body)).toEqual([
      expect.objectContaining({ field: 'oil.xAxis', rule: 'no composite ratio', value: 'oil_eur/perf_lateral_length' }),
    ]);
    const { xAxis: _dropped, ...oil } = view.oil;
    const again = await s.call('PUT', { ...view, oil });
    expect(again.res.status).toBe(200);
    expect(again.body).toEqual(body);
  });

  it('deletes the stored multipliers of each empty phase only, never recomputing the others (write rule 3)', async () => {
    const s = await setup();
    await seedMultipliers(s);
    expect(await multiplierCounts(s.curve)).toEqual({ oil: 2, gas: 2, water: 2 });
    // oil normalized; gas linked to oil (not empty); water normalized on peak only while its yAxis is eur: empty.
    await s.call('PUT', {
      oil: normalized,
      gas: { ...empty, linkedTo: 'oil' },
      water: { ...empty, peak: { segments: [SEG] } },
    });
    expect(await multiplierCounts(s.curve)).toEqual({ oil: 2, gas: 2, water: 0 });
    const kept = await t.deps.db.select().from(typeCurveMultipliers).where(eq(typeCurveMultipliers.phase, 'oil'));
    expect(kept.map((r) => [r.eur, r.peak])).toEqual([
      [1.1, 0.9],
      [1.1, 0.9],
    ]);
    // oil emptied: oil and gas (linked to an empty phase) lose theirs.
    await s.call('PUT', { oil: empty, gas: { ...empty, linkedTo: 'oil' }, water: empty });
    expect(await multiplierCounts(s.curve)).toEqual({ oil: 0, gas: 0, water: 0 });
  });

  it('a gas phase linked to an empty phase loses its multipliers even with its own segments', async () => {
    const s = await setup();
    await seedMultipliers(s);
    await s.call('PUT', { oil: normalized, gas: { ...normalized, linkedTo: 'water' }, water: empty });
    expect(await multiplierCounts(s.curve)).toEqual({ oil: 2, gas: 0, water: 0 });
  });

  it.each([
    ['a missing phase', { oil: normalized, gas: empty }, 'water', 'water is required'],
    ['an array body', [normalized], '', 'must be an object with oil, gas and water'],
    [
      'a phase linked to itself',
      { oil: normalized, gas: { ...empty, linkedTo: 'gas' }, water: empty },
      'gas.linkedTo',
      'itself',
    ],
    [
      '6 segments',
      {
        oil: { ...normalized, eur: { segments: [0, 1, 2, 3, 4, 5].map((x) => ({ ...SEG, xStart: x })) } },
        gas: empty,
        water: empty,
      },
      'oil.eur.segments',
      'at most 5',
    ],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, payload, field, message) => {
    const s = await setup();
    await seedMultipliers(s);
    const before = (await s.call('PUT', { oil: normalized, gas: normalized, water: normalized })).body;
    const { res, body } = await s.call('PUT', payload);
    expect(res.status).toBe(400);
    expect(issue(body)).toContainEqual(expect.objectContaining({ field, message: expect.stringContaining(message) }));
    expect((await s.call('GET')).body).toEqual(before);
    expect(await multiplierCounts(s.curve)).toEqual({ oil: 2, gas: 2, water: 2 });
  });

  it('404s for a type curve not in the project, or a project not the company’s', async () => {
    const s = await setup();
    const elsewhere = await insertCurve(s.other, 'Elsewhere');
    const doc = { oil: empty, gas: empty, water: empty };
    for (const method of ['GET', 'PUT']) {
      const payload = method === 'PUT' ? doc : undefined;
      expect((await s.call(method, payload, elsewhere)).res.status).toBe(404);
      expect((await s.call(method, payload, s.curve, s.other)).res.status).toBe(404);
    }
    const intruder = await setup('Intruder Oil');
    const res = await t.app.request(`/v2/projects/${s.project}/type-curves/${s.curve}/normalization`, {
      method: 'PUT',
      headers: intruder.headers,
      body: JSON.stringify(doc),
    });
    expect(res.status).toBe(404);
  });
});
