import { z } from 'zod';
import { ObjectId } from '../common';
import { DateString, exactlyOne, range } from './fields';

/* Date settings, econ functions `dateSetting` and `cutOff` (spec part 2.3). */

export const DYNAMIC_DATES = ['first_of_next_year', 'first_of_next_month'] as const;
export const PRODUCTION_DATA_RESOLUTIONS = ['same_as_forecast', 'monthly', 'daily'] as const;

/**
 * A boolean choice of an exactly-one-of object (`fpd: true`, `noCutOff: true`, …). Sending the
 * key is the choice, so its value must be true: `false` names nothing, and is refused rather than
 * read as "not sent".
 */
const chosen = (field: string) =>
  z.literal(true, {
    error: `${field} must be true: sending ${field} chooses it (false chooses nothing; send another choice instead)`,
  });

const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });

const dateChoice = (field: string) =>
  exactlyOne(field, {
    date: DateString,
    dynamic: z.enum(DYNAMIC_DATES, { error: `dynamic must be one of ${DYNAMIC_DATES.join(', ')}` }),
    fpd: chosen('fpd'),
    majorSegment: chosen('majorSegment'),
  });

const fpdSource = (field: string) =>
  exactlyOne(field, {
    date: DateString,
    wellHeader: chosen('wellHeader').meta({ description: 'FPD from the well header first-production-date item' }),
    forecast: chosen('forecast').meta({ description: 'FPD from any applied schedule first, then the forecast' }),
    linkToWells: ObjectId.meta({ description: "start date and FPD tie to the selected entity's economic limit" }),
    notUsed: chosen('notUsed').meta({ description: 'source dismissed' }),
    productionData: chosen('productionData').meta({ description: 'FPD from the date of first production' }),
  });

const FpdSourceHierarchy = z
  .strictObject({
    firstFpdSource: fpdSource('firstFpdSource'),
    secondFpdSource: fpdSource('secondFpdSource'),
    thirdFpdSource: fpdSource('thirdFpdSource'),
    fourthFpdSource: fpdSource('fourthFpdSource'),
    useForecastSchedule: bool('useForecastSchedule').meta({
      description: 'whether the forecast schedule is used when there is no production',
    }),
  })
  .meta({ id: 'DateSettingsFpdSourceHierarchy' });

/** The `dateSetting` econ function (spec part 2.3). */
export const DateSetting = z
  .strictObject({
    maxWellLife: range('maxWellLife', 0, 100).meta({ description: 'years' }),
    asOfDate: dateChoice('asOfDate'),
    discountDate: dateChoice('discountDate'),
    cashFlowPriorAsOfDate: bool('cashFlowPriorAsOfDate'),
    productionDataResolution: z.enum(PRODUCTION_DATA_RESOLUTIONS, {
      error: `productionDataResolution must be one of ${PRODUCTION_DATA_RESOLUTIONS.join(', ')}`,
    }),
    fpdSourceHierarchy: FpdSourceHierarchy,
  })
  .meta({ id: 'DateSettingsDateSetting' });
export type DateSetting = z.infer<typeof DateSetting>;

/** Cut-off triggers that look at cash flow: they take triggerEclCapex, includeCapex, econLimitDelay. */
export const CASH_FLOW_TRIGGERS = ['maxCumCashFlow', 'firstNegativeCashFlow', 'lastPositiveCashFlow'] as const;
/** The end-of-life triggers of `cutOff`, exactly one of which is sent (spec part 2.3). */
export const CUT_OFF_TRIGGERS = [
  ...CASH_FLOW_TRIGGERS,
  'noCutOff',
  'oilRate',
  'gasRate',
  'waterRate',
  'date',
  'yearsFromAsOf',
  'linkToWells',
] as const;
export type CutOffTrigger = (typeof CUT_OFF_TRIGGERS)[number];

/**
 * Fields of `cutOff` that are required with, and only allowed with, some triggers, each with the
 * value a form starts from when a trigger that takes it is chosen.
 */
export const CUT_OFF_COMPANIONS: readonly {
  field: 'triggerEclCapex' | 'includeCapex' | 'econLimitDelay' | 'discount' | 'tolerateNegativeCF';
  triggers: readonly CutOffTrigger[];
  initial: boolean | number;
}[] = [
  { field: 'triggerEclCapex', triggers: CASH_FLOW_TRIGGERS, initial: false },
  { field: 'includeCapex', triggers: CASH_FLOW_TRIGGERS, initial: false },
  { field: 'econLimitDelay', triggers: CASH_FLOW_TRIGGERS, initial: 0 },
  { field: 'discount', triggers: ['maxCumCashFlow'], initial: 0 },
  { field: 'tolerateNegativeCF', triggers: ['firstNegativeCashFlow'], initial: 0 },
];

/** `a`, `a or b`, `a, b or c`. */
const orList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Clients of the service send every companion whatever the trigger (service-shapes.md, end of
 * "Econ models"; the spec only says when each is required): with exactly one trigger sent, the
 * companions it does not take are accepted and dropped (ignored, not stored). With no trigger or
 * several, the body is left as sent and the trigger error is reported.
 */
function dropForeignCompanions(value: unknown): unknown {
  if (!isObject(value)) return value;
  const sent = CUT_OFF_TRIGGERS.filter((k) => value[k] !== undefined);
  const trigger = sent[0];
  if (sent.length !== 1 || trigger === undefined) return value;
  const foreign = CUT_OFF_COMPANIONS.filter((c) => !c.triggers.includes(trigger) && c.field in value);
  if (foreign.length === 0) return value;
  const out = { ...value };
  for (const c of foreign) delete out[c.field];
  return out;
}

/** The `cutOff` econ function (spec part 2.3): one trigger, its companions, minLife, alignDependentPhases. */
const CutOffObject = z
  .strictObject({
    maxCumCashFlow: chosen('maxCumCashFlow').optional().meta({ description: 'trigger: maximizes NPV at `discount`' }),
    firstNegativeCashFlow: chosen('firstNegativeCashFlow')
      .optional()
      .meta({ description: 'trigger: shut in on the first monthly loss' }),
    lastPositiveCashFlow: chosen('lastPositiveCashFlow').optional().meta({ description: 'trigger' }),
    noCutOff: chosen('noCutOff').optional().meta({ description: 'trigger: runs to the maximum well life' }),
    oilRate: range('oilRate', 0, 10_000_000).optional().meta({ description: 'trigger: BBL/D' }),
    gasRate: range('gasRate', 0, 10_000_000).optional().meta({ description: 'trigger: MCF/D' }),
    waterRate: range('waterRate', 0, 10_000_000).optional().meta({ description: 'trigger: BBL/D' }),
    date: DateString.optional().meta({ description: 'trigger: cut-off date' }),
    yearsFromAsOf: range('yearsFromAsOf', 0, 1000).optional().meta({ description: 'trigger: years' }),
    linkToWells: ObjectId.optional().meta({
      description: "trigger: cut-off tied to the selected entity's economic limit",
    }),
    minLife: exactlyOne('minLife', {
      date: DateString,
      asOf: range('asOf', 0, 10_000_000).meta({ description: 'months' }),
      endHist: chosen('endHist'),
      none: chosen('none'),
    }),
    triggerEclCapex: bool('triggerEclCapex')
      .optional()
      .meta({ description: `boolean; required with ${orList(CASH_FLOW_TRIGGERS)} (ignored with the other triggers)` }),
    includeCapex: bool('includeCapex')
      .optional()
      .meta({ description: `boolean; required with ${orList(CASH_FLOW_TRIGGERS)} (ignored with the other triggers)` }),
    discount: range('discount', 0, 100)
      .optional()
      .meta({ description: 'percent; required with maxCumCashFlow (ignored with the other triggers)' }),
    econLimitDelay: range('econLimitDelay', 0, 100)
      .optional()
      .meta({ description: `months; required with ${orList(CASH_FLOW_TRIGGERS)} (ignored with the other triggers)` }),
    alignDependentPhases: bool('alignDependentPhases').meta({
      description: 'truncates secondary phases when the primary ends',
    }),
    tolerateNegativeCF: range('tolerateNegativeCF', 0, 10_000_000)
      .optional()
      .meta({ description: 'months; required with firstNegativeCashFlow (ignored with the other triggers)' }),
  })
  .superRefine(
    (value, ctx) => {
      const sent = CUT_OFF_TRIGGERS.filter((k) => value[k] !== undefined);
      const trigger = sent[0];
      if (sent.length !== 1 || trigger === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            sent.length === 0
              ? `cutOff needs exactly one end-of-life trigger: ${orList(CUT_OFF_TRIGGERS)}`
              : `cutOff takes exactly one end-of-life trigger of ${orList(CUT_OFF_TRIGGERS)} (got ${sent.join(' and ')})`,
          params: { rule: 'exactly one of' },
        });
        // The companions depend on the trigger: judge them once the trigger is settled.
        return;
      }
      // Companions of other triggers were dropped before (dropForeignCompanions).
      for (const { field, triggers } of CUT_OFF_COMPANIONS) {
        const present = (value as Record<string, unknown>)[field] !== undefined;
        if (triggers.includes(trigger) && !present) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${field} is required with ${trigger}`,
            params: { rule: `required with ${trigger}` },
          });
        }
      }
    },
    // Run even when a field has a bad value, so a form shows every problem at once; the checks
    // only look at which keys are present.
    { when: (payload) => isObject(payload.value) },
  )
  .meta({ id: 'DateSettingsCutOffObject' });
export const CutOff = z.preprocess(dropForeignCompanions, CutOffObject).meta({ id: 'DateSettingsCutOff' });
export type CutOff = z.infer<typeof CutOff>;

/** The econ function objects of a date-settings model's request body. */
export const DateSettingsFunctions = z
  .strictObject({ dateSetting: DateSetting, cutOff: CutOff })
  .meta({ id: 'DateSettingsFunctionsInput' });
/** The body as a form holds it, before defaults apply. */
export type DateSettingsFunctionsInput = z.input<typeof DateSettingsFunctions>;
export type DateSettingsFunctions = z.infer<typeof DateSettingsFunctions>;

/** Date settings as responses carry them: the same fields (the kind has no read-only fields). */
export const DateSettingsFunctionsView = z
  .strictObject({ dateSetting: DateSetting, cutOff: CutOff })
  .meta({ id: 'DateSettingsFunctionsView' });
export type DateSettingsFunctionsView = z.infer<typeof DateSettingsFunctionsView>;

/** The response form of stored date settings: the kind computes nothing, so a copy of the input. */
export function dateSettingsView(functions: DateSettingsFunctions): DateSettingsFunctionsView {
  return structuredClone(functions);
}
