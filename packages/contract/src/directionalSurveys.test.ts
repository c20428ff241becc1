import { describe, expect, it } from 'vitest';
import {
  DirectionalSurveyInput,
  DirectionalSurveyListQuery,
  DirectionalSurveyUpdate,
  SURVEY_POINTS_MAX,
} from './directionalSurveys';
import { issuesOf } from './econModels/testing';

/** A small survey: vertical, then building toward the east. */
const points = () => ({
  measuredDepth: [0, 1000, 2000, 2500],
  trueVerticalDepth: [0, 1000, 1990, 2450],
  azimuth: [0, 0, 90, 90],
  inclination: [0, 0, 10, 30],
  deviationEW: [0, 0, 87, 300],
  deviationNS: [0, 0, 0, 0],
  latitude: [31.9, 31.9, 31.9, 31.9],
  longitude: [-102.1, -102.1, -102.0997, -102.099],
});
const survey = (patch: Record<string, unknown> = {}) => ({
  chosenID: '42329400000000',
  dataSource: 'internal',
  spatialDataType: 'WGS84',
  ...points(),
  ...patch,
});
const put = (patch: Record<string, unknown>) => ({ spatialDataType: 'WGS84', dataSource: 'internal', ...patch });

describe('a directional survey as written', () => {
  it.each([
    ['four points', survey()],
    ['one point (a tie-on)', survey(Object.fromEntries(Object.entries(points()).map(([k, v]) => [k, v.slice(0, 1)])))],
    ['the ends of the angle ranges', survey({ azimuth: [0, 360, 359.99, 0], inclination: [0, 180, 90, 0] })],
    ['the ends of latitude and longitude', survey({ latitude: [-90, 90, 0, 0], longitude: [-180, 180, 0, 0] })],
    ['a projectID', survey({ projectID: '6523f1a2b4c5d6e7f8091a2b' })],
    ['projectID null (any well of the company)', survey({ projectID: null })],
    ['each datum', survey({ spatialDataType: 'NAD27' })],
    [
      'negative TVD and deviations',
      survey({ trueVerticalDepth: [-50, 950, 1940, 2400], deviationNS: [0, -3, -9, -20] }),
    ],
  ])('accepts %s', (_, value) => {
    expect(issuesOf(DirectionalSurveyInput, value)).toEqual([]);
  });

  it('names each array of another length than measuredDepth, with the shortest and longest and their lengths', () => {
    const issues = issuesOf(DirectionalSurveyInput, survey({ azimuth: [0, 0, 90], latitude: [1, 1, 1, 1, 1] }));
    expect(issues.map((i) => [i.path, i.rule])).toEqual([
      ['azimuth', 'same length as measuredDepth'],
      ['latitude', 'same length as measuredDepth'],
    ]);
    expect(issues[0]!.message).toBe(
      'azimuth holds 3 values and measuredDepth 4: every array holds one value per point (shortest azimuth: 3, longest latitude: 5)',
    );
  });

  it.each([
    [
      'a repeated depth',
      [0, 1000, 1000, 2500],
      2,
      'measuredDepth[2] (1000) must be greater than measuredDepth[1] (1000)',
    ],
    [
      'a lower depth',
      [0, 1000, 2000, 1999.5],
      3,
      'measuredDepth[3] (1999.5) must be greater than measuredDepth[2] (2000)',
    ],
  ])('refuses %s naming the index and both values', (_, md, index, message) => {
    const issues = issuesOf(DirectionalSurveyInput, survey({ measuredDepth: md }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: `measuredDepth[${index}]`, rule: 'strictly increasing' });
    expect(issues[0]!.message).toContain(message);
  });

  it.each([
    ['inclination below 0', { inclination: [0, -0.5, 0, 0] }, 'inclination[1]', 'too_small'],
    ['inclination above 180', { inclination: [0, 0, 180.5, 0] }, 'inclination[2]', 'too_big'],
    ['azimuth below 0', { azimuth: [-1, 0, 0, 0] }, 'azimuth[0]', 'too_small'],
    ['azimuth above 360', { azimuth: [0, 0, 0, 360.01] }, 'azimuth[3]', 'too_big'],
    ['latitude above 90', { latitude: [0, 90.1, 0, 0] }, 'latitude[1]', 'too_big'],
    ['latitude below -90', { latitude: [0, 0, -91, 0] }, 'latitude[2]', 'too_small'],
    ['longitude below -180', { longitude: [0, 0, -180.5, 0] }, 'longitude[2]', 'too_small'],
    ['longitude above 180', { longitude: [181, 0, 0, 0] }, 'longitude[0]', 'too_big'],
    ['a negative measured depth', { measuredDepth: [-1, 1000, 2000, 2500] }, 'measuredDepth[0]', 'too_small'],
    ['a TVD past 100,000 FT', { trueVerticalDepth: [0, 0, 0, 100_001] }, 'trueVerticalDepth[3]', 'too_big'],
    ['a deviation past -100,000 FT', { deviationEW: [0, -100_001, 0, 0] }, 'deviationEW[1]', 'too_small'],
    ['a string', { deviationNS: [0, '12', 0, 0] }, 'deviationNS[1]', 'invalid_type'],
    ['a null', { inclination: [0, null, 0, 0] }, 'inclination[1]', 'invalid_type'],
    ['Infinity', { trueVerticalDepth: [0, Number.POSITIVE_INFINITY, 0, 0] }, 'trueVerticalDepth[1]', 'invalid_type'],
    ['a number for an array', { azimuth: 90 }, 'azimuth', 'invalid_type'],
    ['a missing array', { longitude: undefined }, 'longitude', 'invalid_type'],
    ['another datum', { spatialDataType: 'EPSG:4326' }, 'spatialDataType', 'invalid_value'],
    ['another data source', { dataSource: 'somewhere' }, 'dataSource', 'invalid_value'],
    ['no chosenID', { chosenID: undefined }, 'chosenID', 'invalid_type'],
    ['a projectID that is no id', { projectID: 'p1' }, 'projectID', 'invalid_format'],
    ['an unknown field', { color: 'red' }, '', 'unrecognized_keys'],
  ])('refuses %s, naming the array and the index', (_, patch, path, rule) => {
    const issues = issuesOf(DirectionalSurveyInput, survey(patch));
    expect(issues.map((i) => [i.path, i.rule])).toContainEqual([path, rule]);
  });

  it('refuses a survey with no point', () => {
    const empty = Object.fromEntries(Object.keys(points()).map((k) => [k, []]));
    expect(issuesOf(DirectionalSurveyInput, survey(empty))).toEqual([
      expect.objectContaining({ path: 'measuredDepth', rule: 'too_small' }),
    ]);
  });

  it(`takes ${SURVEY_POINTS_MAX} points and refuses one more`, () => {
    const n = (k: number) => ({
      ...Object.fromEntries(Object.keys(points()).map((f) => [f, new Array(k).fill(0)])),
      measuredDepth: Array.from({ length: k }, (_, i) => i),
    });
    expect(issuesOf(DirectionalSurveyInput, survey(n(SURVEY_POINTS_MAX)))).toEqual([]);
    const issues = issuesOf(DirectionalSurveyInput, survey(n(SURVEY_POINTS_MAX + 1)));
    expect(issues.map((i) => [i.path, i.rule])).toContainEqual(['measuredDepth', 'too_big']);
  });
});

describe('a PUT of a directional survey', () => {
  const one = { measuredDepth: [3000] };
  const addOne = Object.fromEntries(
    Object.entries(points()).map(([k, v]) => [k, [k === 'measuredDepth' ? 3000 : v[3]]]),
  );

  it.each([
    ['an update of one array', put({ update: { measuredDepth: [1000], inclination: [0.5] } })],
    ['an update of every array', put({ update: { ...points() } })],
    ['an add', put({ add: addOne })],
    ['a remove', put({ remove: [2500] })],
    ['all three', put({ remove: [2500], update: { measuredDepth: [1000], azimuth: [12] }, add: addOne })],
    ['an add in any order', put({ add: { ...points(), measuredDepth: [4000, 3000, 3500, 3200] } })],
  ])('accepts %s', (_, value) => {
    expect(issuesOf(DirectionalSurveyUpdate, value)).toEqual([]);
  });

  it.each([
    ['nothing to change', put({}), '', 'one of update, add, remove'],
    ['an update without measuredDepth', put({ update: { inclination: [1] } }), 'update.measuredDepth', 'invalid_type'],
    [
      'an update array of another length',
      put({ update: { measuredDepth: [1000, 2000], azimuth: [1] } }),
      'update.azimuth',
      'same length as measuredDepth',
    ],
    [
      'an update naming a depth twice',
      put({ update: { measuredDepth: [1000, 2000, 1000], azimuth: [1, 2, 3] } }),
      'update.measuredDepth[2]',
      'unique',
    ],
    [
      'an update value out of range',
      put({ update: { measuredDepth: [1000], inclination: [190] } }),
      'update.inclination[0]',
      'too_big',
    ],
    ['an add without an array', put({ add: { ...addOne, latitude: undefined } }), 'add.latitude', 'invalid_type'],
    [
      'an add array of another length',
      put({ add: { ...addOne, longitude: [1, 2] } }),
      'add.longitude',
      'same length as measuredDepth',
    ],
    [
      'an add naming a depth twice',
      put({ add: { ...points(), measuredDepth: [3000, 3100, 3000, 3200] } }),
      'add.measuredDepth[2]',
      'unique',
    ],
    ['an add value out of range', put({ add: { ...addOne, azimuth: [-5] } }), 'add.azimuth[0]', 'too_small'],
    ['a remove naming a depth twice', put({ remove: [1000, 1000] }), 'remove[1]', 'unique'],
    ['a remove of a non-number', put({ remove: ['1000'] }), 'remove[0]', 'invalid_type'],
    [
      'no spatialDataType',
      { dataSource: 'internal', update: { ...one, azimuth: [1] } },
      'spatialDataType',
      'invalid_value',
    ],
    ['no dataSource', { spatialDataType: 'NAD83', remove: [1] }, 'dataSource', 'invalid_value'],
    ['an unknown field', put({ remove: [1], replace: true }), '', 'unrecognized_keys'],
  ])('refuses %s', (_, value, path, rule) => {
    expect(issuesOf(DirectionalSurveyUpdate, value).map((i) => [i.path, i.rule])).toContainEqual([path, rule]);
  });
});

describe('the survey list query', () => {
  it('takes repeatable wells and chosen IDs and refuses a chosenID holding U+0000', () => {
    expect(issuesOf(DirectionalSurveyListQuery, { well: ['6523f1a2b4c5d6e7f8091a2b'], chosenID: ['A', 'B'] })).toEqual(
      [],
    );
    expect(issuesOf(DirectionalSurveyListQuery, { chosenID: ['A\u0000'] }).map((i) => i.path)).toEqual(['chosenID[0]']);
    expect(issuesOf(DirectionalSurveyListQuery, { take: '201' }).map((i) => i.path)).toEqual(['take']);
  });
});
