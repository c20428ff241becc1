/*
 * The CAPEX timing companions (spec part 2.7): each `fromHeaders` and `fromSchedule` value names
 * the companion property that carries its offset in days. Split from capex.ts, which validates rows.
 */

/* fromHeaders: each value names a well header; its companion property carries the offset in days. */
const NAMED_HEADERS = [
  ['offset_to_refrac_date', 'refracDate'],
  ['offset_to_completion_end_date', 'completionEndDate'],
  ['offset_to_completion_start_date', 'completionStartDate'],
  ['offset_to_date_rig_release', 'dateRigRelease'],
  ['offset_to_drill_end_date', 'drillEndDate'],
  ['offset_to_drill_start_date', 'drillStartDate'],
  ['offset_to_first_prod_date', 'firstProdDate'],
  ['offset_to_permit_date', 'permitDate'],
  ['offset_to_spud_date', 'spudDate'],
  ['offset_to_til', 'til'],
  ['offset_to_first_prod_date_daily_calc', 'firstProdDateDaily'],
  ['offset_to_first_prod_date_monthly_calc', 'firstProdDateMonthly'],
  ['offset_to_last_prod_date_monthly', 'lastProdDateMonthly'],
  ['offset_to_last_prod_date_daily', 'lastProdDateDaily'],
] as const;
const CUSTOM_HEADER_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
type CustomDateHeader = `customDateHeader${(typeof CUSTOM_HEADER_NUMBERS)[number]}`;

/** `fromHeaders` value → its companion property (custom date headers are their own companion). */
export type FromHeadersCompanions = { [P in (typeof NAMED_HEADERS)[number] as P[0]]: P[1] } & {
  [H in CustomDateHeader]: H;
};
export type FromHeadersValue = keyof FromHeadersCompanions;
export type FromHeadersCompanion = FromHeadersCompanions[FromHeadersValue];
export const FROM_HEADERS_COMPANIONS = Object.fromEntries([
  ...NAMED_HEADERS,
  ...CUSTOM_HEADER_NUMBERS.map((n) => [`customDateHeader${n}`, `customDateHeader${n}`]),
]) as FromHeadersCompanions;

/* fromSchedule: `offset_to_<stage>_<point>` ↔ camel-case `<stage><Point>` (24 pairs). */
const SCHEDULE_STAGES = {
  pad_preparation: 'padPreparation',
  spud: 'spud',
  drill: 'drill',
  completion: 'completion',
} as const;
const SCHEDULE_POINTS = {
  mob_start: 'MobStart',
  mob_end: 'MobEnd',
  start: 'Start',
  end: 'End',
  demob_start: 'DemobStart',
  demob_end: 'DemobEnd',
} as const;
type Stage = keyof typeof SCHEDULE_STAGES;
type Point = keyof typeof SCHEDULE_POINTS;
type SchedulePair = {
  [S in Stage]: {
    [P in Point]: [`offset_to_${S}_${P}`, `${(typeof SCHEDULE_STAGES)[S]}${(typeof SCHEDULE_POINTS)[P]}`];
  }[Point];
}[Stage];
/** `fromSchedule` value → its companion property. */
export type FromScheduleCompanions = { [P in SchedulePair as P[0]]: P[1] };
export type FromScheduleValue = keyof FromScheduleCompanions;
export type FromScheduleCompanion = FromScheduleCompanions[FromScheduleValue];
export const FROM_SCHEDULE_COMPANIONS = Object.fromEntries(
  Object.entries(SCHEDULE_STAGES).flatMap(([stage, stageCamel]) =>
    Object.entries(SCHEDULE_POINTS).map(([point, pointCamel]) => [
      `offset_to_${stage}_${point}`,
      `${stageCamel}${pointCamel}`,
    ]),
  ),
) as FromScheduleCompanions;

const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
export const FROM_HEADERS_VALUES = keysOf(FROM_HEADERS_COMPANIONS);
export const FROM_SCHEDULE_VALUES = keysOf(FROM_SCHEDULE_COMPANIONS);
export const HEADER_COMPANIONS = Object.values(FROM_HEADERS_COMPANIONS) as FromHeadersCompanion[];
export const SCHEDULE_COMPANIONS = Object.values(FROM_SCHEDULE_COMPANIONS) as FromScheduleCompanion[];
