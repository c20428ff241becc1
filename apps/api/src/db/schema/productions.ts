import { date, doublePrecision, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { wells } from './resources';

/*
 * Daily and monthly production (issue 17): one row per well and date, keyed (well, date). The
 * company is kept on each row so company-scope reads and deletes need no join. Custom numbers
 * (`customNumber0`–`19` monthly, `0`–`4` daily) are one jsonb object, absent ones left out.
 */

const measured = () => ({
  oil: doublePrecision('oil'),
  gas: doublePrecision('gas'),
  water: doublePrecision('water'),
  ngl: doublePrecision('ngl'),
  gasInjection: doublePrecision('gas_injection'),
  waterInjection: doublePrecision('water_injection'),
  co2Injection: doublePrecision('co2_injection'),
  steamInjection: doublePrecision('steam_injection'),
  choke: doublePrecision('choke'),
  operationalTag: text('operational_tag'),
  custom: jsonb('custom'),
});

const keyColumns = () => ({
  wellId: text('well_id')
    .notNull()
    .references(() => wells.id, { onDelete: 'cascade' }),
  // The company of the row's well (scope filters read it without a join). No foreign key: the well's
  // own key to its company holds it, and a second check per row cost a sixth of an import (decision 022).
  companyId: text('company_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
});

export const dailyProductions = pgTable(
  'daily_productions',
  {
    ...keyColumns(),
    ...measured(),
    hoursOn: doublePrecision('hours_on'),
    bottomHolePressure: doublePrecision('bottom_hole_pressure'),
    casingHeadPressure: doublePrecision('casing_head_pressure'),
    tubingHeadPressure: doublePrecision('tubing_head_pressure'),
    flowlinePressure: doublePrecision('flowline_pressure'),
    gasLiftInjectionPressure: doublePrecision('gas_lift_injection_pressure'),
    vesselSeparatorPressure: doublePrecision('vessel_separator_pressure'),
    ...stamps(),
  },
  (t) => [
    primaryKey({ name: 'daily_productions_pk', columns: [t.wellId, t.date] }),
    index('daily_productions_company_idx').on(t.companyId, t.wellId, t.date),
  ],
);

export const monthlyProductions = pgTable(
  'monthly_productions',
  {
    ...keyColumns(),
    ...measured(),
    daysOn: doublePrecision('days_on'),
    ...stamps(),
  },
  (t) => [
    primaryKey({ name: 'monthly_productions_pk', columns: [t.wellId, t.date] }),
    index('monthly_productions_company_idx').on(t.companyId, t.wellId, t.date),
  ],
);
