import { ErrorEnvelope, ForecastOutput, ForecastParameterMultiStatus, ForecastVolumes } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const TOL = 1e-9;

/** exp_dec with d = 0.36525/year: D = 0.001/day exactly; 2025 has 365 days. */
const EXP = { segmentType: 'exp_dec', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100, d: 0.36525 };
const FLAT = { segmentType: 'flat', startDate: '2026-01-01', endDate: '2026-01-31', qStart: 50 };
/** Σ_{i=0}^{n−1} q0·e^(−D·i): a geometric sum, derived by hand. */
const geometric = (q0: number, D: number, n: number) => (q0 * (1 - Math.exp(-D * n))) / (1 - Math.exp(-D));

async function setup(wellCount = 3) {
  const { headers } = await signedIn(t);
  const { body: pb } = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }]);
  const project = pb.results[0]!.id!;
  const { body: wb } = await postRecords(
    t,
    `/v1/projects/${project}/wells`,
    headers,
    Array.from({ length: wellCount }, (_, i) => ({ wellName: `W ${i}`, chosenID: `W-${i}`, dataSource: 'di' })),
  );
  const wells = wb.results.map((r) => r.id!).sort();
  const { body: fb } = await postRecords(t, `/v1/projects/${project}/forecasts`, headers, [
    { name: 'Det' },
    { name: 'Prob', type: 'probabilistic' },
  ]);
  const [forecast, probabilistic] = fb.results.map((r) => r.id!) as [string, string];
  const write = async (records: unknown[], f = forecast) => {
    const res = await t.app.request(`/v1/projects/${project}/forecasts/${f}/parameters`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(records),
    });
    const out = ForecastParameterMultiStatus.parse(await res.json());
    expect(out.failedCount, JSON.stringify(out.results)).toBe(0);
  };
  const get = async (suffix: string, f = forecast, method = 'GET') => {
    const res = await t.app.request(`/v1/projects/${project}/forecasts/${f}/${suffix}`, { method, headers });
    return { res, body: method === 'HEAD' ? undefined : ((await res.json()) as unknown) };
  };
  return { headers, project, wells, forecast, probabilistic, write, get };
}

const rate = (well: string, phase: string, segments: unknown[], series = 'best') => ({
  well,
  forecastType: 'rate',
  phase,
  series,
  segments,
});

describe(`forecast outputs (${BACKEND})`, () => {
  it('reports per well and phase the segments and the EUR in BBL or MCF, the data frequency and timestamps', async () => {
    const s = await setup();
    await s.write([
      rate(s.wells[0]!, 'oil', [EXP, FLAT]),
      { ...rate(s.wells[0]!, 'gas', [FLAT]), dataFrequency: 'daily' },
      rate(s.wells[0]!, 'oil', [FLAT], 'p10'),
    ]);
    const { res, body } = await s.get(`outputs?well=${s.wells[0]}&phase=oil`);
    expect(res.status).toBe(200);
    const [oil, ...rest] = (body as unknown[]).map((x) => ForecastOutput.parse(x));
    expect(rest).toHaveLength(0);
    expect(oil).toMatchObject({ well: s.wells[0], phase: 'oil', forecastType: 'rate', data_freq: 'monthly' });
    expect(rel(oil!.best!.eur!, geometric(100, 0.001, 365) + 50 * 31)).toBeLessThan(TOL);
    expect(oil!.best!.segments.map((x) => x.segmentType)).toEqual(['exp_dec', 'flat']);
    expect(rel(oil!.best!.segments[0]!.qEnd, 100 * Math.exp(-0.364))).toBeLessThan(TOL);
    expect(oil!.p10!.eur).toBe(50 * 31);
    expect(oil!.forecastSubType).toBeUndefined();
    expect(oil!.createdAt).toBe('2026-11-22T12:00:00.000Z');

    const gas = ForecastOutput.parse(((await s.get(`outputs?well=${s.wells[0]}&phase=gas`)).body as unknown[])[0]);
    expect(gas).toMatchObject({ phase: 'gas', data_freq: 'daily' });
  });

  it('a ratio forecast multiplies its ratio by the base phase, day by day', async () => {
    const s = await setup();
    await s.write([
      rate(s.wells[0]!, 'oil', [EXP, FLAT]),
      {
        well: s.wells[0],
        forecastType: 'ratio',
        phase: 'gas',
        series: 'best',
        basePhase: 'oil',
        // 2 MCF/BBL over Dec 2025 – Feb 2026: oil exists only to 2026-01-31.
        segments: [{ segmentType: 'flat', startDate: '2025-12-01', endDate: '2026-02-28', qStart: 2 }],
      },
    ]);
    const { body } = await s.get(`outputs?well=${s.wells[0]}&phase=gas`);
    const gas = ForecastOutput.parse((body as unknown[])[0]);
    // Oil in December 2025: days 334..364 of the exponential; January 2026 flat 50.
    const december = geometric(100, 0.001, 365) - geometric(100, 0.001, 334);
    const expected = 2 * (december + 50 * 31);
    expect(gas.forecastType).toBe('ratio');
    expect(rel(gas.best!.eur!, expected)).toBeLessThan(TOL);
    expect(gas.ratio).toMatchObject({ basePhase: 'oil', eur: gas.best!.eur });
  });

  it('a ratio whose base phase has no segments has a null EUR', async () => {
    const s = await setup();
    await s.write([
      { well: s.wells[1], forecastType: 'ratio', phase: 'water', series: 'best', basePhase: 'oil', segments: [FLAT] },
    ]);
    const out = ForecastOutput.parse(((await s.get('outputs')).body as unknown[])[0]);
    expect(out.best!.eur).toBeNull();
  });

  it('on a probabilistic forecast forecastType is rate and the detail is in forecastSubType', async () => {
    const s = await setup();
    await s.write(
      [
        rate(s.wells[0]!, 'oil', [FLAT]),
        { well: s.wells[0], forecastType: 'ratio', phase: 'gas', series: 'best', basePhase: 'oil', segments: [FLAT] },
      ],
      s.probabilistic,
    );
    const { body } = await s.get('outputs', s.probabilistic);
    const [gas, oil] = (body as unknown[])
      .map((x) => ForecastOutput.parse(x))
      .sort((a, b) => a.phase.localeCompare(b.phase));
    expect(gas).toMatchObject({ forecastType: 'rate', forecastSubType: 'ratio' });
    expect(oil).toMatchObject({ forecastType: 'rate', forecastSubType: 'rate' });
    expect(gas!.best!.eur).toBe(50 * 31 * 50);
  });

  it('filters by well (at most 100 values, repeatable or comma-separated) and phase', async () => {
    const s = await setup();
    await s.write(s.wells.flatMap((w) => ['oil', 'gas'].map((p) => rate(w, p, [FLAT]))));
    const ids = (b: unknown) => (b as { well: string; phase: string }[]).map((x) => `${x.well.slice(-2)}:${x.phase}`);
    const all = await s.get('outputs');
    expect((all.body as unknown[]).length).toBe(6);
    const some = await s.get(`outputs?well=${s.wells[0]}&well=${s.wells[2]}&phase=gas`);
    expect(ids(some.body)).toEqual([`${s.wells[0]!.slice(-2)}:gas`, `${s.wells[2]!.slice(-2)}:gas`]);
    const commas = await s.get(`outputs?well=${s.wells[0]},${s.wells[2]}&phase=gas`);
    expect(commas.body).toEqual(some.body);

    const hundred = Array.from({ length: 100 }, () => s.wells[1]).join('&well=');
    expect((await s.get(`outputs?well=${hundred}`)).res.status).toBe(200);
    const tooMany = await s.get(`outputs?well=${hundred}&well=${s.wells[0]}`);
    expect(tooMany.res.status).toBe(400);
    const err = ErrorEnvelope.parse(tooMany.body).details![0]!;
    expect(err).toMatchObject({ field: 'query.well', rule: 'max 100' });
    const badPhase = await s.get('outputs?phase=steam');
    expect(badPhase.res.status).toBe(400);
    expect(ErrorEnvelope.parse(badPhase.body).details![0]).toMatchObject({ field: 'query.phase[0]', value: 'steam' });
    const badWell = await s.get('outputs?well=nope');
    expect(ErrorEnvelope.parse(badWell.body).details![0]).toMatchObject({ field: 'query.well[0]', value: 'nope' });
  });

  it('pages with skip/take (at most 1000), a Link header and HEAD X-Query-Count', async () => {
    const s = await setup();
    await s.write(s.wells.flatMap((w) => ['oil', 'gas', 'water'].map((p) => rate(w, p, [FLAT]))));
    const head = await s.get('outputs', s.forecast, 'HEAD');
    expect(head.res.headers.get('x-query-count')).toBe('9');
    const page = await s.get('outputs?skip=2&take=3');
    expect((page.body as unknown[]).length).toBe(3);
    const base = `${BASE_URL}/v1/projects/${s.project}/forecasts/${s.forecast}/outputs`;
    expect(page.res.headers.get('link')).toBe(
      `<${base}?skip=5&take=3>;rel="next",<${base}?skip=0&take=3>;rel="prev",<${base}?skip=0&take=3>;rel="first"`,
    );
    expect((await s.get('outputs?take=1000')).res.status).toBe(200);
    const over = await s.get('outputs?take=1001');
    expect(over.res.status).toBe(400);
    expect(ErrorEnvelope.parse(over.body).details![0]).toMatchObject({ field: 'take', rule: 'max 1000' });
  });

  it('404 for a forecast not in the project; 401 without credentials', async () => {
    const s = await setup();
    const missing = await s.get('outputs', '6523f1a2b4c5d6e7f8091a2b');
    expect(missing.res.status).toBe(404);
    const res = await t.app.request(`/v1/projects/${s.project}/forecasts/${s.forecast}/outputs`);
    expect(res.status).toBe(401);
  });
});

describe(`forecast volumes (${BACKEND})`, () => {
  it('daily volumes: the rate at each whole-day index, from the first start to the last end', async () => {
    const s = await setup();
    await s.write([rate(s.wells[0]!, 'oil', [EXP, FLAT]), rate(s.wells[0]!, 'water', [FLAT])]);
    const { res, body } = await s.get('daily-volumes');
    expect(res.status).toBe(200);
    const [w] = (body as unknown[]).map((x) => ForecastVolumes.parse(x));
    expect(w).toMatchObject({ well: s.wells[0], resolution: 'daily' });
    expect(w!.phases.map((p) => p.phase)).toEqual(['oil', 'water']);
    const oil = w!.phases[0]!.series[0]!;
    expect(oil).toMatchObject({ series: 'best', startDate: '2025-01-01', endDate: '2026-01-31' });
    expect(oil.volumes).toHaveLength(365 + 31);
    for (const i of [0, 1, 100, 364]) expect(rel(oil.volumes[i]!, 100 * Math.exp(-0.001 * i))).toBeLessThan(TOL);
    expect(oil.volumes[365]).toBe(50);
    expect(rel(oil.eur, geometric(100, 0.001, 365) + 50 * 31)).toBeLessThan(TOL);
  });

  it('monthly volumes: the sum of the days of each calendar month present, labelled by its first day', async () => {
    const s = await setup();
    const partial = { segmentType: 'flat', startDate: '2025-01-20', endDate: '2025-03-10', qStart: 10 };
    await s.write([rate(s.wells[0]!, 'oil', [EXP, FLAT]), rate(s.wells[1]!, 'gas', [partial])]);
    const { body } = await s.get('monthly-volumes');
    const [a, b] = (body as unknown[]).map((x) => ForecastVolumes.parse(x));
    const oil = a!.phases[0]!.series[0]!;
    expect(oil).toMatchObject({ startDate: '2025-01-01', endDate: '2026-01-01' });
    expect(oil.volumes).toHaveLength(13);
    expect(rel(oil.volumes[0]!, geometric(100, 0.001, 31))).toBeLessThan(TOL);
    expect(rel(oil.volumes[1]!, geometric(100, 0.001, 59) - geometric(100, 0.001, 31))).toBeLessThan(TOL);
    expect(oil.volumes[12]).toBe(50 * 31);
    // A partial first and last month is the sum of the days present, not scaled.
    expect(b!.phases[0]!.series[0]!.volumes).toEqual([12 * 10, 28 * 10, 10 * 10]);
    expect(b!.phases[0]!.series[0]!.startDate).toBe('2025-01-01');
  });

  it('pages per well: daily and monthly take at most 200 (clients page daily with take=200); Link and HEAD count wells', async () => {
    const s = await setup(3);
    await s.write(s.wells.flatMap((w) => ['oil', 'gas'].map((p) => rate(w, p, [FLAT]))));
    expect((await s.get('monthly-volumes', s.forecast, 'HEAD')).res.headers.get('x-query-count')).toBe('3');
    const page = await s.get('monthly-volumes?take=2');
    expect((page.body as { well: string }[]).map((x) => x.well)).toEqual(s.wells.slice(0, 2));
    expect(page.res.headers.get('link')).toContain('skip=2&take=2>;rel="next"');
    const reversed = await s.get('daily-volumes?sort=-well&phase=gas');
    expect((reversed.body as { well: string }[]).map((x) => x.well)).toEqual([...s.wells].reverse());
    expect((reversed.body as { phases: { phase: string }[] }[])[0]!.phases.map((p) => p.phase)).toEqual(['gas']);
    expect((await s.get('daily-volumes?take=200')).res.status).toBe(200);
    expect((await s.get('daily-volumes?take=201')).res.status).toBe(400);
    expect((await s.get('monthly-volumes?take=200')).res.status).toBe(200);
    expect((await s.get('monthly-volumes?take=201')).res.status).toBe(400);
  });
});
