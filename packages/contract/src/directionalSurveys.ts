import { z } from 'zod';
import { noNul, ObjectId, pagingQuery, ResourceMeta } from './common';
import { wellKeyShape } from './resources';
import { WELL_DATA_SOURCES } from './wellHeaders';

/*
 * Directional surveys (issue 21; routes and fields from the service's clients, see
 * `shared/design/service-shapes.md`): one survey per well, its points as parallel arrays, one value
 * per point in each. Rules the service does not publish are ours (docs/decisions/049): depths in
 * FT, measured depths strictly increasing, inclination 0–180°, azimuth 0–360° (both ends
 * included), latitude −90..90 and longitude −180..180 degrees in the survey's `spatialDataType`,
 * 1 to 20,000 points.
 */

/** The datums a survey's latitudes and longitudes are given in. */
export const SPATIAL_DATA_TYPES = ['NAD27', 'NAD83', 'WGS84'] as const;
export type SpatialDataType = (typeof SPATIAL_DATA_TYPES)[number];

/** The point arrays of a survey, in the order the service lists them. */
export const SURVEY_ARRAYS = [
  'measuredDepth',
  'trueVerticalDepth',
  'azimuth',
  'inclination',
  'deviationEW',
  'deviationNS',
  'latitude',
  'longitude',
] as const;
export type SurveyArray = (typeof SURVEY_ARRAYS)[number];

/** Points of one survey, at most. */
export const SURVEY_POINTS_MAX = 20_000;
/** Surveys per POST, at most (a body is at most 8 MB anyway: ~150 surveys of 1,000 points). */
export const SURVEY_WRITE_MAX = 500;
/** Surveys per page of the list. */
export const SURVEY_TAKE_MAX = 200;
export const SURVEY_SORT = ['id', 'createdAt', 'updatedAt'] as const;

/** Depths and offsets are within ±100,000 FT (the well headers' limit). */
const FEET_MAX = 100_000;

const bounded = (field: SurveyArray, min: number, max: number, unit: string) =>
  z
    .number({ error: `${field} values must be numbers` })
    .min(min, `${field} values must be ${min} or more`)
    .max(max, `${field} values must be at most ${max}`)
    .meta({ description: `${field}, ${unit}` });

/** One value of each array: its range and unit. */
const VALUE: Record<SurveyArray, z.ZodNumber> = {
  measuredDepth: bounded('measuredDepth', 0, FEET_MAX, 'FT along the hole'),
  trueVerticalDepth: bounded('trueVerticalDepth', -FEET_MAX, FEET_MAX, 'FT, increasing downward'),
  azimuth: bounded('azimuth', 0, 360, 'degrees clockwise from north'),
  inclination: bounded('inclination', 0, 180, 'degrees from vertical'),
  deviationEW: bounded('deviationEW', -FEET_MAX, FEET_MAX, 'FT east of the surface location (west negative)'),
  deviationNS: bounded('deviationNS', -FEET_MAX, FEET_MAX, 'FT north of the surface location (south negative)'),
  latitude: bounded('latitude', -90, 90, 'degrees'),
  longitude: bounded('longitude', -180, 180, 'degrees'),
};

const pointArray = (field: SurveyArray) => {
  const array = z.array(VALUE[field]).max(SURVEY_POINTS_MAX, `${field} holds at most ${SURVEY_POINTS_MAX} values`);
  return field === 'measuredDepth' ? array.min(1, 'a survey has at least one point') : array;
};

const pointArrays = Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, pointArray(f)])) as {
  [K in SurveyArray]: ReturnType<typeof pointArray>;
};

/** The points of a survey: every array, one value per point. */
export type SurveyPoints = Record<SurveyArray, number[]>;

type Ctx = z.RefinementCtx;

/**
 * Every array given holds as many values as `measuredDepth`: each one that does not is named, with
 * the shortest and the longest array and their lengths.
 */
export function checkSameLength(arrays: Partial<Record<SurveyArray, readonly number[]>>, ctx: Ctx, at: string[] = []) {
  const given = SURVEY_ARRAYS.flatMap((f) => (arrays[f] ? [[f, arrays[f].length] as const] : []));
  const md = arrays.measuredDepth?.length;
  if (md === undefined || given.every(([, n]) => n === md)) return;
  const shortest = given.reduce((a, b) => (b[1] < a[1] ? b : a));
  const longest = given.reduce((a, b) => (b[1] > a[1] ? b : a));
  for (const [f, n] of given) {
    if (n === md) continue;
    ctx.addIssue({
      code: 'custom',
      path: [...at, f],
      message: `${f} holds ${n} values and measuredDepth ${md}: every array holds one value per point (shortest ${shortest[0]}: ${shortest[1]}, longest ${longest[0]}: ${longest[1]})`,
      params: { rule: 'same length as measuredDepth' },
    });
  }
}

/** Measured depths strictly increase: the first index where one does not is named, with both values. */
export function checkIncreasing(md: readonly number[], ctx: Ctx, at: string[] = []) {
  for (let i = 1; i < md.length; i++) {
    if (md[i]! > md[i - 1]!) continue;
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'measuredDepth', i],
      message: `measuredDepth[${i}] (${md[i]}) must be greater than measuredDepth[${i - 1}] (${md[i - 1]}): measured depths strictly increase`,
      params: { rule: 'strictly increasing' },
    });
    return;
  }
}

/** Depths named once: the first repeat is named with the index of its first mention. */
export function checkDistinct(depths: readonly number[], ctx: Ctx, path: (string | number)[], what: string) {
  const seen = new Map<number, number>();
  for (const [i, d] of depths.entries()) {
    const first = seen.get(d);
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, i],
        message: `${what} ${d} is named twice (indexes ${first} and ${i})`,
        params: { rule: 'unique' },
      });
      return;
    }
    seen.set(d, i);
  }
}

const SpatialDataType = z
  .enum(SPATIAL_DATA_TYPES, { error: `spatialDataType must be one of ${SPATIAL_DATA_TYPES.join(', ')}` })
  .meta({ description: 'the datum of `latitude` and `longitude`' });

/**
 * A survey as clients write it (`POST /v1/directional-surveys`): the well by `chosenID` +
 * `dataSource` (with `projectID`, the well must be in that project) and every point array.
 */
export const DirectionalSurveyInput = z
  .strictObject({
    ...wellKeyShape,
    projectID: ObjectId.nullable()
      .optional()
      .meta({ description: 'the project the well must belong to (left out or null: any well of the company)' }),
    spatialDataType: SpatialDataType,
    ...pointArrays,
  })
  .superRefine((s, ctx) => {
    checkSameLength(s, ctx);
    checkIncreasing(s.measuredDepth, ctx);
  })
  .meta({ id: 'DirectionalSurveyInput' });
export type DirectionalSurveyInput = z.infer<typeof DirectionalSurveyInput>;

/** `update` of a PUT: the points at these measured depths get the values of the arrays given. */
const SurveyPointUpdate = z
  .strictObject({
    measuredDepth: pointArray('measuredDepth').meta({ description: 'the depths of the points to change' }),
    ...Object.fromEntries(SURVEY_ARRAYS.slice(1).map((f) => [f, pointArray(f).optional()])),
  } as { measuredDepth: z.ZodArray<z.ZodNumber> } & {
    [K in Exclude<SurveyArray, 'measuredDepth'>]: z.ZodOptional<z.ZodArray<z.ZodNumber>>;
  })
  .meta({
    description: 'points matched by `measuredDepth`; each array given holds the new value of each point',
  });

/** `add` of a PUT: new points, each array given whole. */
const SurveyPointAdd = z.strictObject(pointArrays).meta({ description: 'new points (kept sorted by measured depth)' });

/**
 * `PUT /v1/directional-surveys/{id}`: `remove` (the points at these measured depths), then `update`
 * (the points at these depths get the values given), then `add` (new points), in one transaction;
 * the survey must then still follow every rule.
 */
export const DirectionalSurveyUpdate = z
  .strictObject({
    spatialDataType: SpatialDataType.meta({ description: "the survey's datum (a change of datum is a 400)" }),
    dataSource: z
      .enum(WELL_DATA_SOURCES, { error: `dataSource must be one of ${WELL_DATA_SOURCES.join(', ')}` })
      .meta({ description: "the data source of the survey's well" }),
    update: SurveyPointUpdate.optional(),
    add: SurveyPointAdd.optional(),
    remove: z
      .array(VALUE.measuredDepth)
      .max(SURVEY_POINTS_MAX, `remove holds at most ${SURVEY_POINTS_MAX} depths`)
      .optional()
      .meta({ description: 'measured depths of the points to delete' }),
  })
  .superRefine((u, ctx) => {
    if (!u.update && !u.add && !u.remove) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'send at least one of update, add and remove',
        params: { rule: 'one of update, add, remove' },
      });
    }
    if (u.update) {
      checkSameLength(u.update, ctx, ['update']);
      checkDistinct(u.update.measuredDepth, ctx, ['update', 'measuredDepth'], 'measured depth');
    }
    if (u.add) {
      checkSameLength(u.add, ctx, ['add']);
      checkDistinct(u.add.measuredDepth, ctx, ['add', 'measuredDepth'], 'measured depth');
    }
    if (u.remove) checkDistinct(u.remove, ctx, ['remove'], 'measured depth');
  })
  .meta({ id: 'DirectionalSurveyUpdate' });
export type DirectionalSurveyUpdate = z.infer<typeof DirectionalSurveyUpdate>;

/** A stored survey. */
export const DirectionalSurvey = ResourceMeta.extend({
  well: ObjectId,
  project: ObjectId.nullable().meta({ description: "the well's project" }),
  chosenID: z.string(),
  dataSource: z.enum(WELL_DATA_SOURCES),
  spatialDataType: z.enum(SPATIAL_DATA_TYPES),
  ...Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, z.array(z.number())])),
} as {
  well: typeof ObjectId;
  project: z.ZodNullable<typeof ObjectId>;
  chosenID: z.ZodString;
  dataSource: z.ZodEnum<{ [K in (typeof WELL_DATA_SOURCES)[number]]: K }>;
  spatialDataType: z.ZodEnum<{ [K in SpatialDataType]: K }>;
} & { [K in SurveyArray]: z.ZodArray<z.ZodNumber> }).meta({ id: 'DirectionalSurvey' });
export type DirectionalSurvey = z.infer<typeof DirectionalSurvey>;

/** The filters of the survey list, with paging. */
export const DirectionalSurveyListQuery = pagingQuery(SURVEY_SORT, SURVEY_TAKE_MAX).extend({
  well: z
    .array(ObjectId)
    .max(1000, 'well takes at most 1000 values')
    .optional()
    .meta({ description: 'well ids, repeatable' }),
  chosenID: z
    .array(noNul(z.string().max(64)))
    .max(1000, 'chosenID takes at most 1000 values')
    .optional()
    .meta({ description: "the wells' chosen IDs, repeatable" }),
  dataSource: z.enum(WELL_DATA_SOURCES).optional(),
  project: ObjectId.optional().meta({ description: 'only the surveys of the wells of this project' }),
  projectID: ObjectId.optional().meta({ description: 'the same as `project`' }),
});
export type DirectionalSurveyListQuery = z.infer<typeof DirectionalSurveyListQuery>;
