import {
  ForecastParameterInvalid,
  ForecastParameterMultiStatus,
  ForecastParameterNotFound,
  ForecastParameterView,
  ForecastParameterWriteResult,
} from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postRecords, signedIn } from '../test/fixtures';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const MISSING_ID = '6523f1a2b4c5d6e7f8091a2b';

/** A project with three wells, a forecast holding the first two, and a second project with its own forecast. */
async function setup() {
  const { headers } = await signedIn(t);
  const projects = await postRecords(t, '/v1/projects', headers, [{ name: 'Main' }, { name: 'Other' }]);
  const [p, q] = projects.body.results.map((r) => r.id!) as [string, string];
  const wells = await postRecords(
    t,
    `/v1/projects/${p}/wells`,
    headers,
    [0, 1, 2].map((i) => ({ wellName: `W ${i}`, chosenID: `W-${i}`, dataSource: 'di' })),
  );
  const w = wells.body.results.map((r) => r.id!) as [string, string, string];
  const f = await postRecords(t, `/v1/projects/${p}/forecasts`, headers, [
    { name: 'F', wells: [w[0], w[1]] },
    { name: 'Prob', type: 'probabilistic', wells: [w[0]] },
  ]);
  const [forecast, probabilistic] = f.body.results.map((r) => r.id!) as [string, string];
  const other = await postRecords(t, `/v1/projects/${q}/forecasts`, headers, [{ name: 'Elsewhere', wells: [] }]);
  return {
    headers,
    project: p,
    wells: w,
    forecast,
    probabilistic,
    otherProject: q,
    otherForecast: other.body.results[0]!.id!,
  };
}

const THREE = [
  {
    segmentType: 'arps_modified',
    startDate: '2025-01-01',
    endDate: '2027-12-31',
    qStart: 1200,
    b: 1.1,
    dEff: 0.65,
    realizedDEffSw: 0.08,
  },
  { segmentType: 'exp_dec', startDate: '2028-01-01', endDate: '2034-12-31', qStart: 180, dEff: 0.08 },
  { segmentType: 'flat', startDate: '2035-01-01', endDate: '2040-12-31', qStart: 90 },
];

const path = (project: string, forecast: string, well: string, phase = 'oil', series = 'best') =>
  `/v1/projects/${project}/forecasts/${forecast}/parameters/${well}/${phase}/${series}`;

async function send(method: string, url: string, headers: Headers, body?: unknown, raw?: string) {
  const res = await t.app.request(url, {
    method,
    headers,
    ...(body !== undefined || raw !== undefined ? { body: raw ?? JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { res, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const invalidBody = (body: unknown) => ForecastParameterInvalid.parse(body);
const firstError = (body: unknown) => invalidBody(body).results[0]!.errors[0]!;

async function stored(s: Awaited<ReturnType<typeof setup>>, well = s.wells[0], phase = 'oil', series = 'best') {
  const { res, body } = await send('GET', path(s.project, s.forecast, well, phase, series), s.headers);
  expect(res.status).toBe(200);
  const view = ForecastParameterView.parse(body);
  return view.segments.length ? view : undefined;
}

describe(`forecast parameters, single combination (${BACKEND})`, () => {
  it('POST inserts, answers {message, segmentsCount, id}; the segments read back with their computed fields', async () => {
    const s = await setup();
    const { res, body } = await send('POST', path(s.project, s.forecast, s.wells[0]), s.headers, THREE);
    expect(res.status).toBe(201);
    expect(ForecastParameterWriteResult.parse(body)).toEqual({
      message: 'Successfully inserted 3 segments',
      segmentsCount: 3,
      id: s.forecast,
    });
    const view = await stored(s);
    expect(view).toMatchObject({ forecastType: 'rate', dataFrequency: 'monthly', well: s.wells[0], series: 'best' });
    const [a, e, f] = view!.segments;
    // arps_modified: dEff as sent, d computed: D = ((1 − dEff)^−b − 1)/(b·Y) per day, so d = D·Y.
    expect(a!.dEff).toBe(0.65);
    expect(a!.d).toBeCloseTo((0.35 ** -1.1 - 1) / 1.1, 12);
    expect(a!.dSw).toBeCloseTo(-Math.log(1 - 0.08), 12);
    // Δ_sw = (D/D_sw − 1)/(b·D) ≈ 10.4 years: after this 3-year segment ends.
    expect(a!.switchDate).toBeNull();
    // exp_dec: q(end) = q0·e^(−D·Δ) with D = −ln(1 − dEff)/Y.
    const D = -Math.log(0.92) / 365.25;
    const days = (Date.parse('2034-12-31') - Date.parse('2028-01-01')) / 86_400_000;
    expect(e!.qEnd).toBeCloseTo(180 * Math.exp(-D * days), 9);
    expect(e!.d).toBeCloseTo(-Math.log(0.92), 12);
    expect(f).toMatchObject({ segmentType: 'flat', qStart: 90, qEnd: 90 });
    expect(f!.d).toBeUndefined();
  });

  it('arps_modified reports the first day on its exponential tail', async () => {
    const s = await setup();
    const long = { ...THREE[0], endDate: '2054-12-31' };
    await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, [long]);
    const Y = 365.25;
    const D = (0.35 ** -1.1 - 1) / (1.1 * Y);
    const Dsw = -Math.log(0.92) / Y;
    const days = Math.ceil((D / Dsw - 1) / (1.1 * D));
    const expected = new Date(Date.parse('2025-01-01T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
    expect((await stored(s))!.segments[0]!.switchDate).toBe(expected);
  });

  it('GET of a combination with nothing stored: no segments, and the kind its phase already has', async () => {
    const s = await setup();
    const empty = await send('GET', path(s.project, s.forecast, s.wells[0], 'gas', 'p10'), s.headers);
    expect(ForecastParameterView.parse(empty.body)).toMatchObject({
      segments: [],
      updatedAt: null,
      forecastType: 'rate',
      dataFrequency: 'monthly',
    });
    await send('PUT', `/v1/projects/${s.project}/forecasts/${s.forecast}/parameters`, s.headers, [
      {
        well: s.wells[0],
        forecastType: 'ratio',
        basePhase: 'oil',
        phase: 'gas',
        series: 'best',
        dataFrequency: 'daily',
        segments: [THREE[2]],
      },
    ]);
    const sibling = await send('GET', path(s.project, s.forecast, s.wells[0], 'gas', 'p10'), s.headers);
    expect(ForecastParameterView.parse(sibling.body)).toMatchObject({
      segments: [],
      forecastType: 'ratio',
      basePhase: 'oil',
      dataFrequency: 'daily',
    });
  });

  it('POST fails with 400 when segments already exist, and leaves them unchanged', async () => {
    const s = await setup();
    await send('POST', path(s.project, s.forecast, s.wells[0]), s.headers, THREE);
    const { res, body } = await send('POST', path(s.project, s.forecast, s.wells[0]), s.headers, [THREE[2]]);
    expect(res.status).toBe(400);
    expect(firstError(body)).toMatchObject({ field: 'segments', rule: 'not already stored', recordIndex: 0 });
    expect(firstError(body).message).toMatch(/already exist/);
    expect((await stored(s))!.segments).toHaveLength(3);
  });

  it('two concurrent POSTs for one combination: exactly one inserts', async () => {
    const s = await setup();
    const url = path(s.project, s.forecast, s.wells[0]);
    const results = await Promise.all([0, 1, 2].map(() => send('POST', url, s.headers, [THREE[2]])));
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 400, 400]);
  });

  it('PUT replaces every segment of the combination; the phase keeps its kind', async () => {
    const s = await setup();
    await send('POST', path(s.project, s.forecast, s.wells[0]), s.headers, THREE);
    const { res, body } = await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, [
      { segmentType: 'linear', startDate: '2025-01-01', endDate: '2025-12-31', qStart: 100, slope: -0.1 },
    ]);
    expect(res.status).toBe(201);
    expect(ForecastParameterWriteResult.parse(body)).toMatchObject({ segmentsCount: 1, id: s.forecast });
    const view = await stored(s);
    expect(view!.segments).toHaveLength(1);
    expect(view!.segments[0]!.qEnd).toBeCloseTo(100 - 0.1 * 364, 9);
  });

  it('PUT creates a missing combination', async () => {
    const s = await setup();
    const { res } = await send('PUT', path(s.project, s.forecast, s.wells[1], 'gas', 'p50'), s.headers, [THREE[1]]);
    expect(res.status).toBe(201);
    expect(await stored(s, s.wells[1], 'gas', 'p50')).toMatchObject({ phase: 'gas', series: 'p50' });
  });

  it('accepts at most 25 segments per request (POST and PUT)', async () => {
    const s = await setup();
    const segments = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        segmentType: 'flat',
        startDate: `${2000 + i}-01-01`,
        endDate: `${2000 + i}-12-31`,
        qStart: 10,
      }));
    for (const method of ['POST', 'PUT']) {
      const { res, body } = await send(method, path(s.project, s.forecast, s.wells[0]), s.headers, segments(26));
      expect(res.status).toBe(400);
      expect(firstError(body)).toMatchObject({ field: '', rule: 'max 25' });
    }
    expect(await stored(s)).toBeUndefined();
    const ok = await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, segments(25));
    expect(ok.res.status).toBe(201);
  });

  const seg = (over: Record<string, unknown>) => ({
    segmentType: 'exp_dec',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    qStart: 100,
    dEff: 0.3,
    ...over,
  });
  const drop = (o: Record<string, unknown>, k: string) =>
    Object.fromEntries(Object.entries(o).filter(([x]) => x !== k));

  it.each([
    ['an unknown segment type', [seg({ segmentType: 'hyperbolic' })], '[0].segmentType', 'enum', 'hyperbolic'],
    ['qStart missing', [drop(seg({}), 'qStart')], '[0].qStart', 'is required for segmentType', undefined],
    ['b missing on arps', [seg({ segmentType: 'arps' })], '[0].b', 'is required for segmentType', undefined],
    ['d and dEff both missing', [drop(seg({}), 'dEff')], '[0].d', 'or dEff is required for segmentType', undefined],
    ['both d and dEff', [seg({ d: 0.3 })], '[0].dEff', 'not with d', 0.3],
    ['dEff of 1', [seg({ dEff: 1 })], '[0].dEff', 'must be below 1', 1],
    [
      'an arps_inc with a pole',
      [seg({ segmentType: 'arps_inc', b: -0.5, d: 0.2, dEff: undefined })],
      '[0].b',
      'rejected for arps_inc',
      -0.5,
    ],
    [
      'realizedDEffSw missing',
      [seg({ segmentType: 'arps_modified', b: 1 })],
      '[0].realizedDEffSw',
      'is required',
      undefined,
    ],
    ['linear without slope', [seg({ segmentType: 'linear', dEff: undefined })], '[0].slope', 'is required', undefined],
    [
      'a field the type does not take',
      [seg({ segmentType: 'flat', dEff: undefined, b: 1 })],
      '[0].b',
      'not for flat',
      1,
    ],
    [
      'a date before 1900-01-01',
      [seg({ startDate: '1899-12-31' })],
      '[0].startDate',
      'range 1900-01-01..2262-04-01',
      '1899-12-31',
    ],
    [
      'a date after 2262-04-01',
      [seg({ endDate: '2262-04-02' })],
      '[0].endDate',
      'range 1900-01-01..2262-04-01',
      '2262-04-02',
    ],
    ['not a date', [seg({ endDate: '2025-02-30' })], '[0].endDate', 'calendar date', '2025-02-30'],
    [
      'endDate not after startDate',
      [seg({ endDate: '2025-01-01' })],
      '[0].endDate',
      'must be after startDate',
      '2025-01-01',
    ],
    [
      'a gap',
      [seg({}), seg({ startDate: '2026-01-02', endDate: '2026-12-31' })],
      '[1].startDate',
      'contiguous',
      '2026-01-02',
    ],
    [
      'an overlap',
      [seg({}), seg({ startDate: '2025-12-31', endDate: '2026-12-31' })],
      '[1].startDate',
      'contiguous',
      '2025-12-31',
    ],
    ['an unknown field', [seg({ rate: 3 })], '[0].rate', 'unknown field', 3],
    ['a string number', [seg({ qStart: '100' })], '[0].qStart', 'type number', '100'],
    ['no segment', [], '', 'min 1', []],
  ])('400 naming the field, rule and value for %s; nothing stored', async (_, body, field, rule, value) => {
    const s = await setup();
    for (const method of ['POST', 'PUT']) {
      const r = await send(method, path(s.project, s.forecast, s.wells[0]), s.headers, body);
      expect(r.res.status).toBe(400);
      const err = firstError(r.body);
      expect(err.field).toBe(field);
      expect(err.rule).toContain(rule);
      if (value === undefined) expect(err).not.toHaveProperty('value');
      else expect(err.value).toEqual(value);
      expect(err.recordIndex).toBe(Number(/\[(\d+)\]/.exec(field)?.[1] ?? 0));
      expect(err.message.length).toBeGreaterThan(10);
    }
    expect(await stored(s)).toBeUndefined();
  });

  it('maps the deprecated fields (diEffSec, targetDSwEffSec, flatValue) and recomputes qEnd', async () => {
    const s = await setup();
    const { res } = await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, [
      { ...drop(THREE[0]!, 'dEff'), realizedDEffSw: undefined, diEffSec: 0.65, targetDSwEffSec: 0.08, qEnd: 1 },
      { ...THREE[1], qEnd: 999_999 },
      { segmentType: 'flat', startDate: '2035-01-01', endDate: '2040-12-31', flatValue: 90, qEnd: 3 },
    ]);
    expect(res.status).toBe(201);
    const deprecated = (await stored(s))!.segments;
    await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, THREE);
    expect(deprecated).toEqual((await stored(s))!.segments);
    expect(deprecated[2]).toMatchObject({ qStart: 90, qEnd: 90 });
  });

  it('a deprecated field sent with its replacement is a 400', async () => {
    const s = await setup();
    const { res, body } = await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, [
      { segmentType: 'flat', startDate: '2035-01-01', endDate: '2040-12-31', flatValue: 90, qStart: 80 },
    ]);
    expect(res.status).toBe(400);
    expect(firstError(body)).toMatchObject({ field: '[0].flatValue', rule: 'not with qStart', value: 90 });
  });

  it('body problems are general errors: not an array, malformed JSON', async () => {
    const s = await setup();
    const notArray = await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, THREE[0]);
    expect(notArray.res.status).toBe(400);
    expect(invalidBody(notArray.body).generalErrors[0]).toMatchObject({ location: 'body' });
    const malformed = await send('PUT', path(s.project, s.forecast, s.wells[0]), s.headers, undefined, '[{');
    expect(malformed.res.status).toBe(400);
    expect(invalidBody(malformed.body).generalErrors[0]!.message).toMatch(/JSON/);
  });

  it.each([
    ['phase', 'condensate', 'best'],
    ['series', 'oil', 'p99'],
  ])('a bad %s in the path is a 400 naming it', async (name, phase, series) => {
    const s = await setup();
    const { res, body } = await send('PUT', path(s.project, s.forecast, s.wells[0], phase, series), s.headers, THREE);
    expect(res.status).toBe(400);
    expect(invalidBody(body).generalErrors[0]).toMatchObject({ location: `path.${name}` });
  });

  it('404 {message, code: 404} for a forecast not in the project, and for an unknown project', async () => {
    const s = await setup();
    for (const url of [
      path(s.project, s.otherForecast, s.wells[0]),
      path(s.project, MISSING_ID, s.wells[0]),
      path(MISSING_ID, s.forecast, s.wells[0]),
    ]) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const { res, body } = await send(
          method,
          url,
          s.headers,
          method === 'POST' || method === 'PUT' ? THREE : undefined,
        );
        expect(res.status).toBe(404);
        expect(ForecastParameterNotFound.parse(body).code).toBe(404);
      }
    }
  });

  it('a well not in the forecast is a 400 naming wellId', async () => {
    const s = await setup();
    for (const well of [s.wells[2], MISSING_ID]) {
      const { res, body } = await send('PUT', path(s.project, s.forecast, well), s.headers, THREE);
      expect(res.status).toBe(400);
      expect(firstError(body)).toMatchObject({ field: 'wellId', value: well, rule: 'well in forecast' });
    }
  });

  it('DELETE removes the combination: 204 with X-Delete-Count, then 0', async () => {
    const s = await setup();
    await send('POST', path(s.project, s.forecast, s.wells[0]), s.headers, THREE);
    await send('POST', path(s.project, s.forecast, s.wells[0], 'oil', 'p10'), s.headers, [THREE[2]]);
    const first = await send('DELETE', path(s.project, s.forecast, s.wells[0]), s.headers);
    expect(first.res.status).toBe(204);
    expect(first.res.headers.get('x-delete-count')).toBe('3');
    expect(await stored(s)).toBeUndefined();
    expect(await stored(s, s.wells[0], 'oil', 'p10')).toBeDefined();
    const again = await send('DELETE', path(s.project, s.forecast, s.wells[0]), s.headers);
    expect(again.res.status).toBe(204);
    expect(again.res.headers.get('x-delete-count')).toBe('0');
  });

  it('refuses a request without credentials (401)', async () => {
    const s = await setup();
    const { res } = await send(
      'PUT',
      path(s.project, s.forecast, s.wells[0]),
      { 'content-type': 'application/json' },
      THREE,
    );
    expect(res.status).toBe(401);
  });
});

describe(`forecast parameters, bulk PUT (${BACKEND})`, () => {
  const bulk = (s: Awaited<ReturnType<typeof setup>>, body: unknown) =>
    send('PUT', `/v1/projects/${s.project}/forecasts/${s.forecast}/parameters`, s.headers, body);

  it('always 207 with one result per record in order; each record whole or not at all', async () => {
    const s = await setup();
    // A stored combination that a failing record tries to replace: it must stay as it was.
    await send('POST', path(s.project, s.forecast, s.wells[1], 'water'), s.headers, THREE);
    const records = [
      { well: s.wells[0], forecastType: 'rate', phase: 'oil', series: 'best', segments: THREE },
      {
        well: s.wells[1],
        forecastType: 'rate',
        phase: 'water',
        series: 'best',
        segments: [THREE[0], { ...THREE[2], startDate: '2035-01-02' }],
      },
      { well: s.wells[2], forecastType: 'rate', phase: 'oil', series: 'best', segments: THREE },
      {
        well: s.wells[0],
        forecastType: 'ratio',
        phase: 'gas',
        series: 'best',
        segments: [THREE[2]],
        basePhase: 'oil',
        dataFrequency: 'daily',
      },
      { well: s.wells[0], forecastType: 'rate', phase: 'oil', series: 'best', segments: THREE },
      { well: s.wells[1], forecastType: 'ratio', phase: 'gas', series: 'best', segments: [THREE[2]] },
      { well: s.wells[1], forecastType: 'ratio', phase: 'gas', series: 'best', segments: [THREE[2]], basePhase: 'gas' },
      { well: s.wells[1], forecastType: 'rate', phase: 'gas', series: 'p90', segments: [THREE[2]], basePhase: 'oil' },
      { well: s.wells[1], forecastType: 'rate', phase: 'vapour', series: 'best', segments: [THREE[2]] },
    ];
    const { res, body } = await bulk(s, records);
    expect(res.status).toBe(207);
    const out = ForecastParameterMultiStatus.parse(body);
    expect(out.results.map((r) => r.code)).toEqual([201, 400, 404, 201, 400, 400, 400, 400, 400]);
    expect(out).toMatchObject({ successCount: 2, failedCount: 7, generalErrors: [] });
    expect(out.results[0]).toMatchObject({ status: 'Created', segmentsCount: 3 });
    const fields = out.results.map((r) => r.errors?.[0]?.field);
    expect(fields).toEqual([
      undefined,
      'segments[1].startDate',
      'well',
      undefined,
      'well',
      'basePhase',
      'basePhase',
      'basePhase',
      'phase',
    ]);
    out.results.forEach((r, i) => {
      if (r.errors) for (const e of r.errors) expect(e.recordIndex).toBe(i);
    });
    expect(out.results[4]!.errors![0]!.rule).toBe('unique combination');
    expect(out.results[8]!.errors![0]).toMatchObject({ value: 'vapour', rule: 'enum' });
    // Applied records are stored with their kind; the failed replacement left the old segments.
    expect(await stored(s)).toMatchObject({ forecastType: 'rate', dataFrequency: 'monthly' });
    expect(await stored(s, s.wells[0], 'gas')).toMatchObject({
      forecastType: 'ratio',
      basePhase: 'oil',
      dataFrequency: 'daily',
    });
    expect((await stored(s, s.wells[1], 'water'))!.segments).toHaveLength(3);
    expect(await stored(s, s.wells[1], 'gas')).toBeUndefined();
    expect(await stored(s, s.wells[1], 'gas', 'p90')).toBeUndefined();
  });

  it('a ratio must be based on a rate phase, and a base phase cannot become a ratio', async () => {
    const s = await setup();
    const rec = (phase: string, forecastType: string, basePhase?: string) => ({
      well: s.wells[0],
      phase,
      forecastType,
      series: 'best',
      segments: [THREE[2]],
      ...(basePhase ? { basePhase } : {}),
    });
    const first = ForecastParameterMultiStatus.parse(
      (await bulk(s, [rec('oil', 'rate'), rec('gas', 'ratio', 'oil')])).body,
    );
    expect(first.successCount).toBe(2);
    const second = ForecastParameterMultiStatus.parse(
      (await bulk(s, [rec('water', 'ratio', 'gas'), rec('oil', 'ratio', 'water')])).body,
    );
    expect(second.results.map((r) => r.code)).toEqual([400, 400]);
    expect(second.results[0]!.message).toMatch(/gas is itself a ratio/);
    expect(second.results[1]!.message).toMatch(/oil is the base of the gas ratio/);
    expect(second.results.map((r) => r.errors?.[0]?.field)).toEqual(['basePhase', 'forecastType']);
    expect(await stored(s, s.wells[0], 'water')).toBeUndefined();
    expect(await stored(s)).toMatchObject({ forecastType: 'rate' });
  });

  it('limits: at most 25 records, at least one, an array; 25 segments per record', async () => {
    const s = await setup();
    const record = (i: number) => ({
      well: s.wells[i % 2],
      forecastType: 'rate',
      phase: ['oil', 'gas', 'water'][i % 3],
      series: ['p10', 'p50', 'p90', 'best'][Math.floor(i / 6) % 4],
      segments: [THREE[2]],
    });
    const tooMany = await bulk(
      s,
      Array.from({ length: 26 }, (_, i) => record(i)),
    );
    expect(tooMany.res.status).toBe(400);
    expect(invalidBody(tooMany.body).generalErrors[0]!.message).toMatch(/At most 25/);
    for (const body of [[], { well: s.wells[0] }]) {
      const r = await bulk(s, body);
      expect(r.res.status).toBe(400);
      expect(invalidBody(r.body).generalErrors).toHaveLength(1);
    }
    const full = await bulk(
      s,
      Array.from({ length: 24 }, (_, i) => record(i)),
    );
    expect(ForecastParameterMultiStatus.parse(full.body).successCount).toBe(24);
    const long = Array.from({ length: 26 }, (_, i) => ({
      segmentType: 'flat',
      startDate: `${2000 + i}-01-01`,
      endDate: `${2000 + i}-12-31`,
      qStart: 1,
    }));
    const r = ForecastParameterMultiStatus.parse((await bulk(s, [{ ...record(0), segments: long }])).body);
    expect(r.results[0]!.errors![0]).toMatchObject({ field: 'segments', rule: 'max 25' });
  });

  it('404 {message, code} for a forecast not in the project', async () => {
    const s = await setup();
    const { res, body } = await send(
      'PUT',
      `/v1/projects/${s.project}/forecasts/${s.otherForecast}/parameters`,
      s.headers,
      [],
    );
    expect(res.status).toBe(404);
    expect(ForecastParameterNotFound.parse(body)).toMatchObject({ code: 404 });
  });
});
