import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { stamps } from './columns';
import { wells } from './resources';

/*
 * Directional surveys (issue 21, decision 049): one row per survey, one per well; each point array
 * a `double precision[]` column, one value per point (equal lengths checked here too).
 */

const points = (name: string) => doublePrecision(name).array().notNull();

export const directionalSurveys = pgTable(
  'directional_surveys',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    wellId: text('well_id')
      .notNull()
      .references(() => wells.id, { onDelete: 'cascade' }),
    spatialDataType: text('spatial_data_type').notNull(),
    measuredDepth: points('measured_depth'),
    trueVerticalDepth: points('true_vertical_depth'),
    azimuth: points('azimuth'),
    inclination: points('inclination'),
    deviationEW: points('deviation_ew'),
    deviationNS: points('deviation_ns'),
    latitude: points('latitude'),
    longitude: points('longitude'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('directional_surveys_well_uq').on(t.wellId),
    index('directional_surveys_company_idx').on(t.companyId, t.id),
    check(
      'directional_surveys_points_ck',
      sql`cardinality(${t.measuredDepth}) >= 1
        and cardinality(${t.trueVerticalDepth}) = cardinality(${t.measuredDepth})
        and cardinality(${t.azimuth}) = cardinality(${t.measuredDepth})
        and cardinality(${t.inclination}) = cardinality(${t.measuredDepth})
        and cardinality(${t.deviationEW}) = cardinality(${t.measuredDepth})
        and cardinality(${t.deviationNS}) = cardinality(${t.measuredDepth})
        and cardinality(${t.latitude}) = cardinality(${t.measuredDepth})
        and cardinality(${t.longitude}) = cardinality(${t.measuredDepth})`,
    ),
  ],
);
