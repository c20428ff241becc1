import { type DirectionalSurveyUpdate, SURVEY_ARRAYS, SURVEY_POINTS_MAX, type SurveyPoints } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { editPoints } from './surveyEdit';

/** Three points at 0, 1000 and 2000 FT whose every value is its depth plus the array's place (to see moves). */
const stored = (): SurveyPoints =>
  Object.fromEntries(
    SURVEY_ARRAYS.map((f, k) => [f, [0, 1000, 2000].map((d) => (k === 0 ? d : d / 100 + k))]),
  ) as SurveyPoints;

const change = (patch: Partial<DirectionalSurveyUpdate>): DirectionalSurveyUpdate => ({
  spatialDataType: 'WGS84',
  dataSource: 'internal',
  ...patch,
});

const pointAt = (depth: number, value: number) =>
  Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, [f === 'measuredDepth' ? depth : value]])) as SurveyPoints;

describe('editPoints', () => {
  it('updates only the arrays given at the depths given', () => {
    const r = editPoints(stored(), change({ update: { measuredDepth: [1000], inclination: [45], azimuth: [90] } }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.points.inclination).toEqual([3, 45, 23]);
    expect(r.points.azimuth).toEqual([2, 90, 22]);
    expect(r.points.latitude).toEqual(stored().latitude);
    expect(r.points.measuredDepth).toEqual([0, 1000, 2000]);
  });

  it('adds points in measured-depth order, whatever order add gives them in', () => {
    const add = {
      ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, [7, 8]])),
      measuredDepth: [3000, 500],
    } as SurveyPoints;
    const r = editPoints(stored(), change({ add }));
    expect(r.ok && r.points.measuredDepth).toEqual([0, 500, 1000, 2000, 3000]);
    expect(r.ok && r.points.inclination).toEqual([3, 8, 13, 23, 7]);
  });

  it('removes points, then updates, then adds (a removed depth may be added back)', () => {
    const r = editPoints(
      stored(),
      change({ remove: [1000, 2000], update: { measuredDepth: [0], longitude: [-100] }, add: pointAt(1000, 5) }),
    );
    expect(r.ok && r.points.measuredDepth).toEqual([0, 1000]);
    expect(r.ok && r.points.longitude).toEqual([-100, 5]);
  });

  it.each([
    ['a remove of an unknown depth', change({ remove: [0, 1500] }), 'remove[1]', 'existing point', 1500],
    [
      'an update of an unknown depth',
      change({ update: { measuredDepth: [2000, 999], azimuth: [1, 2] } }),
      'update.measuredDepth[1]',
      'existing point',
      999,
    ],
    [
      'an update of a depth removed first',
      change({ remove: [2000], update: { measuredDepth: [2000], azimuth: [1] } }),
      'update.measuredDepth[0]',
      'existing point',
      2000,
    ],
    [
      'an add of a depth the survey has',
      change({ add: pointAt(1000, 1) }),
      'add.measuredDepth[0]',
      'new measured depth',
      1000,
    ],
  ])('refuses %s, naming it', (_, c, field, rule, value) => {
    const r = editPoints(stored(), c);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.details).toEqual([expect.objectContaining({ field, rule, value })]);
  });

  it('refuses to remove every point', () => {
    const r = editPoints(stored(), change({ remove: [0, 1000, 2000] }));
    expect(!r.ok && r.details[0]).toMatchObject({ field: 'remove', rule: 'min 1 point' });
  });

  it(`refuses a result past ${SURVEY_POINTS_MAX} points`, () => {
    const add = {
      ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, new Array(SURVEY_POINTS_MAX - 2).fill(1)])),
      measuredDepth: Array.from({ length: SURVEY_POINTS_MAX - 2 }, (_, i) => 3000 + i),
    } as SurveyPoints;
    expect(editPoints(stored(), change({ add })).ok).toBe(false);
    const fits = { ...add, ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, add[f].slice(1)])) } as SurveyPoints;
    expect(editPoints(stored(), change({ add: fits })).ok).toBe(true);
  });

  it('leaves the stored points alone', () => {
    const s = stored();
    editPoints(s, change({ update: { measuredDepth: [0], azimuth: [45] } }));
    expect(s).toEqual(stored());
  });
});
