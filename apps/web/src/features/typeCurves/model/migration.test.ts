import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import {
  findJsonError,
  initialRun,
  lineAndColumn,
  type PlannedCurve,
  previewMigration,
  type RunEvent,
  type RunState,
  runMigration,
  runReducer,
  type Send,
} from './migration';

const P = 'a00000000000000000000001';
const F = 'b00000000000000000000001';
const W1 = 'c00000000000000000000001';
const W2 = 'c00000000000000000000002';
const NEW = 'e00000000000000000000001';

const flat = (qStart: number) => ({
  segments: [
    { segmentIndex: 0, segmentType: 'flat', startDate: '2024-01-01', endDate: '2024-12-31', qStart, qEnd: qStart },
  ],
  eur: 36.6,
});
const four = (q: number) => ({ best: flat(q), p10: flat(q), p50: flat(q), p90: flat(q) });

/** A V1 type curve as GET /{id} returned it, with representative wells. */
const v1 = (patch: Record<string, unknown> = {}) => ({
  id: 'd00000000000000000000001',
  name: 'Wolfcamp A',
  forecast: F,
  wells: [W1, W2],
  fits: { oil: { type: 'rate', resolution: 'monthly', ...four(100) }, water: { type: 'rate', ...four(50) } },
  representativeWells: [
    { id: W1, rep: true },
    { id: W2, rep: false },
  ],
  ...patch,
});

const plansOf = (text: string): PlannedCurve[] => {
  const r = previewMigration(text, P);
  if (r.kind !== 'plans') throw new Error(`expected plans, got ${JSON.stringify(r)}`);
  return r.curves;
};

describe('findJsonError', () => {
  it('finds nothing in valid JSON', () => {
    expect(findJsonError('{"a": [1, -2.5e3, true, null, "x\\n\\u00e9"]}')).toBeUndefined();
    expect(findJsonError('  [ ]  ')).toBeUndefined();
  });

  it('names the place and the cause of each kind of syntax error', () => {
    expect(findJsonError('{"a": 1 "b": 2}')).toEqual({
      position: 8,
      message: `expected ',' or a closing bracket after the value, found '"'`,
    });
    expect(findJsonError('{"a": 1,}')).toEqual({
      position: 8,
      message: 'a comma must be followed by another property (trailing commas are not JSON)',
    });
    expect(findJsonError('[1, 2,]')).toEqual({
      position: 6,
      message: 'a comma must be followed by another value (trailing commas are not JSON)',
    });
    expect(findJsonError("{'a': 1}")).toEqual({
      position: 1,
      message: 'strings and property names must use double quotes',
    });
    expect(findJsonError('{"a": "open}')).toEqual({
      position: 6,
      message: 'the string is not closed: a closing " is missing',
    });
    expect(findJsonError('{"a": 1} x')).toEqual({ position: 9, message: `unexpected 'x'` });
    expect(findJsonError('{"a": ')).toEqual({ position: 6, message: 'expected a value, found the end of the text' });
    expect(findJsonError('{"a": 01}')?.position).toBe(7);
    expect(findJsonError('{"a": tru}')?.position).toBe(6);
    expect(findJsonError('{"a":"\\q"}')).toEqual({ position: 5, message: 'invalid escape in a string' });
  });

  it('agrees with JSON.parse on which texts are JSON', () => {
    const texts = [
      '{}',
      '[]',
      '"s"',
      '1',
      '-0.5',
      '{"a":{"b":[{}]}}',
      '{',
      '}',
      '[1,]',
      '{"a"}',
      '{"a":1,,}',
      '"a\tb"',
      '1e',
      '--1',
      'nul',
      '{"a":"\\q"}',
      '',
    ];
    for (const t of texts) {
      let valid = true;
      try {
        JSON.parse(t);
      } catch {
        valid = false;
      }
      expect(findJsonError(t) === undefined, t).toBe(valid);
    }
  });
});

describe('lineAndColumn', () => {
  it('gives the 1-based line and column and the line itself', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    expect(lineAndColumn(text, text.indexOf('"b"'))).toEqual({ line: 3, column: 3, lineText: '  "b": 2' });
    expect(lineAndColumn('x', 0)).toEqual({ line: 1, column: 1, lineText: 'x' });
  });
});

describe('previewMigration', () => {
  it('asks for text when there is none, and says when an array holds no curve', () => {
    expect(previewMigration('  \n', P).kind).toBe('empty');
    expect(previewMigration('[]', P)).toEqual({ kind: 'empty', message: 'The array holds no type curve.' });
  });

  it('reports a JSON syntax error with its line and column', () => {
    const r = previewMigration('{\n  "name": "A"\n  "wells": []\n}', P);
    expect(r).toMatchObject({
      kind: 'syntax',
      error: {
        line: 3,
        column: 3,
        lineText: '  "wells": []',
        message: `expected ',' or a closing bracket after the value, found '"'`,
      },
    });
  });

  it('reports V1 schema issues with their path, indexed when the text holds an array', () => {
    const single = previewMigration(JSON.stringify(v1({ name: '' })), P);
    expect(single).toMatchObject({ kind: 'schema', issues: [{ path: 'name', message: 'name must not be empty' }] });
    const list = previewMigration(JSON.stringify([v1(), v1({ name: 'B', fits: { oil: { type: 'curve' } } }), 'x']), P);
    expect(list.kind).toBe('schema');
    const paths = list.kind === 'schema' ? list.issues.map((i) => i.path) : [];
    expect(paths).toContain('[1].fits.oil.type');
    expect(paths).toContain('[2]');
    expect(paths.some((p) => p.startsWith('[0]'))).toBe(false);
  });

  it('lists unknown keys of strict V1 parts one by one', () => {
    const r = previewMigration(
      JSON.stringify(
        v1({ normalization: { oil: { normalizationType: 'eur', eur: { fitType: '1_to_1' }, smooth: 1 } } }),
      ),
      P,
    );
    expect(r).toMatchObject({ kind: 'schema', issues: [{ path: 'normalization.oil.smooth' }] });
  });

  it('plans POST, PUT fits, PUT normalization per curve, with the notes of what cannot be carried', () => {
    const [a, b] = plansOf(JSON.stringify([v1(), v1({ name: 'B', fits: undefined, id: undefined })]));
    expect(a?.plan.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v2/projects/${P}/type-curves`,
      `PUT /v2/projects/${P}/type-curves/{id}/fits`,
      `PUT /v2/projects/${P}/type-curves/{id}/normalization`,
    ]);
    expect(a?.plan.calls[0]?.body).toEqual({ name: 'Wolfcamp A', forecast: F, wells: [W1, W2], excludedWells: [W2] });
    expect(a?.plan.v1Id).toBe('d00000000000000000000001');
    expect(a?.plan.notes.join('\n')).toMatch(/resolution was dropped/);
    expect(a?.issues).toEqual([]);
    expect(b?.plan.calls.map((c) => c.step)).toEqual(['create', 'normalization']);
    expect(b?.plan.notes.join('\n')).toMatch(/no fits/);
  });

  it('flags a body the V2 contract refuses before anything is sent, naming the step and field', () => {
    const bad = { ...flat(100), segments: [{ ...flat(100).segments[0], segmentType: 'spline' }] };
    const [c] = plansOf(JSON.stringify(v1({ fits: { oil: { type: 'rate', best: bad } } })));
    expect(c?.issues.length).toBeGreaterThan(0);
    expect(c?.issues[0]).toMatchObject({ step: 'fits' });
    expect(c?.issues[0]?.path).toMatch(/^oil\.best\.segments\[0\]/);
  });
});

/** A fake API: answers by method + path pattern; records every call. */
function fakeApi(answer: (method: string, path: string) => unknown) {
  const calls: string[] = [];
  const send: Send = async (method, path) => {
    calls.push(`${method} ${path}`);
    const a = answer(method, path);
    if (a instanceof Error) throw a;
    return a;
  };
  return { calls, send };
}

async function run(curves: PlannedCurve[], send: Send): Promise<{ state: RunState; events: RunEvent[] }> {
  let state = initialRun(curves);
  const events: RunEvent[] = [];
  await runMigration(curves, send, (e) => {
    events.push(e);
    state = runReducer(state, e);
  });
  return { state, events };
}

describe('runMigration', () => {
  const base = `/v2/projects/${P}/type-curves`;

  it('POSTs the curve, then PUTs fits and normalization with the new id, and ends migrated', async () => {
    const api = fakeApi((m) => (m === 'POST' ? { id: NEW, name: 'Wolfcamp A' } : {}));
    const { state } = await run(plansOf(JSON.stringify(v1())), api.send);
    expect(api.calls).toEqual([`POST ${base}`, `PUT ${base}/${NEW}/fits`, `PUT ${base}/${NEW}/normalization`]);
    expect(state.finished).toBe(true);
    expect(state.curves[0]).toMatchObject({ status: 'migrated', id: NEW });
    expect(state.curves[0]?.steps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(state.curves[0]?.steps[1]?.path).toBe(`${base}/${NEW}/fits`);
    expect(state.curves[0]?.rollback).toBeUndefined();
  });

  it('deletes the new curve when a step after the POST fails, keeps the API error, and goes on with the next curve', async () => {
    const refused = new HttpError(400, 'ValidationError', 'oil.best.segments[0].qStart: must be positive', [
      { field: 'oil.best.segments[0].qStart', rule: 'min', message: 'must be positive' },
    ]);
    let posts = 0;
    const api = fakeApi((m, p) => {
      if (m === 'POST') return { id: `e0000000000000000000000${++posts}` };
      if (p.endsWith('/fits') && posts === 1) return refused;
      return m === 'DELETE' ? undefined : {};
    });
    const { state } = await run(plansOf(JSON.stringify([v1(), v1({ name: 'B' })])), api.send);
    expect(api.calls).toEqual([
      `POST ${base}`,
      `PUT ${base}/e00000000000000000000001/fits`,
      `DELETE ${base}/e00000000000000000000001`,
      `POST ${base}`,
      `PUT ${base}/e00000000000000000000002/fits`,
      `PUT ${base}/e00000000000000000000002/normalization`,
    ]);
    const [a, b] = state.curves;
    expect(a?.status).toBe('failed');
    expect(a?.steps.map((s) => s.status)).toEqual(['done', 'failed', 'not run']);
    expect(a?.steps[1]?.error).toEqual({
      status: 400,
      message: 'oil.best.segments[0].qStart: must be positive',
      details: refused.details,
    });
    expect(a?.rollback).toEqual({ status: 'deleted' });
    expect(b).toMatchObject({ status: 'migrated', id: 'e00000000000000000000002' });
  });

  it('deletes nothing when the POST itself is refused (409 name taken)', async () => {
    const api = fakeApi(() => new HttpError(409, 'ConflictError', 'name "Wolfcamp A" is already used in the project'));
    const { state } = await run(plansOf(JSON.stringify(v1())), api.send);
    expect(api.calls).toEqual([`POST ${base}`]);
    expect(state.curves[0]).toMatchObject({ status: 'failed' });
    expect(state.curves[0]?.steps[0]?.error?.status).toBe(409);
    expect(state.curves[0]?.steps.slice(1).map((s) => s.status)).toEqual(['not run', 'not run']);
    expect(state.curves[0]?.rollback).toBeUndefined();
  });

  it('says when deleting the new curve failed too', async () => {
    const api = fakeApi((m) =>
      m === 'POST'
        ? { id: NEW }
        : m === 'DELETE'
          ? new HttpError(500, 'Error', 'boom')
          : new HttpError(404, 'NotFoundError', 'no type curve'),
    );
    const { state } = await run(plansOf(JSON.stringify(v1())), api.send);
    expect(state.curves[0]?.rollback).toEqual({
      status: 'delete failed',
      error: { status: 500, message: 'boom', details: [] },
    });
    expect(state.curves[0]?.id).toBe(NEW);
  });

  it('fails the create step when the POST answer has no id', async () => {
    const api = fakeApi(() => ({}));
    const { state } = await run(plansOf(JSON.stringify(v1())), api.send);
    expect(api.calls).toEqual([`POST ${base}`]);
    expect(state.curves[0]?.steps[0]?.error?.message).toMatch(/without the new id/);
  });

  it('skips, without a call, a curve whose body the V2 contract refuses', async () => {
    const bad = { ...flat(100), segments: [{ ...flat(100).segments[0], segmentType: 'spline' }] };
    const curves = plansOf(JSON.stringify([v1({ fits: { oil: { type: 'rate', best: bad } } }), v1({ name: 'B' })]));
    const api = fakeApi((m) => (m === 'POST' ? { id: NEW } : {}));
    const { state } = await run(curves, api.send);
    expect(api.calls).toHaveLength(3);
    expect(state.curves[0]?.status).toBe('skipped');
    expect(state.curves[0]?.reason).toMatch(/^not run: the V2 contract refuses fits oil\.best\.segments\[0\]/);
    expect(state.curves[1]?.status).toBe('migrated');
  });
});
