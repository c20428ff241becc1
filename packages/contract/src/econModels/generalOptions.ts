import { z } from 'zod';
import { DISCOUNT_PERIODS_PER_YEAR, type DiscountMethod } from './discountPeriods';
import { DateString, intRange, range } from './fields';

export * from './discountPeriods';

/*
 * General options (spec part 2.6), kind `general-options`: econ functions `mainOptions`,
 * `incomeTax`, `discountTable`, `boeConversion`, `reportingUnits`.
 *
 * Rules the spec leaves open, decided here:
 * - `incomeTax` ("optional, depending on mainOptions.incomeTax") is required when
 *   mainOptions.incomeTax is true (after-tax economics need the tax entries) and refused when it is
 *   false (it would be silently ignored). A JSON null counts as not sent.
 * - `mainOptions.fiscal` is required when reportingPeriod is `fiscal` (a fiscal year needs its
 *   months; the spec gives no default); for `calendar` it may be left out or be the empty string
 *   responses carry, and any other value is refused.
 * - `incomeTax.carryForward` ("required; default false") may be left out and is then false.
 * - Tax entries: the spec sets no count limit and no order; neither is enforced.
 */

/** Messages of an object schema that say which object is missing; other issues keep zod's text. */
const objectError = (field: string) => ({
  error: (iss: { code?: string; input?: unknown }) =>
    iss.code !== 'invalid_type'
      ? undefined
      : iss.input === undefined
        ? `${field} is required`
        : `${field} must be an object`,
});

/** The value sent, short enough for a message. */
const got = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 60);

/** A string enum whose messages name the field and its choices, and say when it is missing. */
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) => {
  const choices = values.map((v) => (v === '' ? '""' : v)).join(', ');
  return z.enum(values, {
    error: (iss) =>
      iss.input === undefined
        ? `${field} is required: one of ${choices}`
        : `${field} must be one of ${choices} (got ${got(iss.input)})`,
  });
};

const bool = (field: string) =>
  z.boolean({
    error: (iss) =>
      iss.input === undefined ? `${field} is required: true or false` : `${field} must be true or false`,
  });

/* ------------------------------------------------------------- mainOptions */

/** Fiscal years as start-end months, 0 = January ... 11 = December (spec part 2.6). */
export const FISCAL_PERIODS = [
  '0-11',
  '1-0',
  '2-1',
  '3-2',
  '4-3',
  '5-4',
  '6-5',
  '7-6',
  '8-7',
  '9-8',
  '10-9',
  '11-10',
] as const;
export type FiscalPeriod = (typeof FISCAL_PERIODS)[number];

export const PROJECT_TYPES = [
  'primary_recovery',
  'secondary_recovery',
  'tertiary_recovery',
  'water_flood',
  'co2_flood',
  'surfactant_flood',
  'polymer_flood',
  'sagd',
  'thermal',
  'heavy_oil',
  'oil_sand',
  'deep_water',
] as const;

const mainOptionsShape = {
  aggregationDate: DateString.meta({
    description: 'start of summing the cash flows of several wells for summary reports',
  }),
  currency: z.literal('USD', { error: 'currency must be USD (the only currency supported)' }),
  reportingPeriod: oneOf('reportingPeriod', ['calendar', 'fiscal']),
  fiscal: oneOf('fiscal', [...FISCAL_PERIODS, ''])
    .optional()
    .meta({ description: 'start-end months (0 = January); required for fiscal, empty or absent for calendar' }),
  incomeTax: bool('incomeTax').meta({ description: 'true enables after-tax economics and requires `incomeTax`' }),
  projectType: oneOf('projectType', PROJECT_TYPES),
};

/** `mainOptions` (required). */
export const MainOptions = z
  .strictObject(mainOptionsShape, objectError('mainOptions'))
  .superRefine(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      const { reportingPeriod, fiscal } = value as { reportingPeriod?: unknown; fiscal?: unknown };
      if (reportingPeriod === 'fiscal' && (fiscal === undefined || fiscal === '')) {
        ctx.addIssue({
          code: 'custom',
          path: ['fiscal'],
          message: `fiscal is required when reportingPeriod is fiscal: one of ${FISCAL_PERIODS.join(', ')} (start-end months, 0 = January)`,
          params: { rule: 'required when reportingPeriod fiscal' },
        });
      }
      if (reportingPeriod === 'calendar' && FISCAL_PERIODS.includes(fiscal as FiscalPeriod)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fiscal'],
          message: 'fiscal applies only when reportingPeriod is fiscal: leave it out (or empty) for calendar',
          params: { rule: 'only when reportingPeriod fiscal' },
        });
      }
    },
    { when: () => true },
  )
  .meta({ id: 'GeneralOptionsMainOptions' });
export type MainOptions = z.infer<typeof MainOptions>;

/** `mainOptions` as responses carry it: `fiscal` always present, empty for calendar. */
export const MainOptionsView = z
  .object({ ...mainOptionsShape, fiscal: z.enum([...FISCAL_PERIODS, '']) })
  .meta({ id: 'GeneralOptionsMainOptionsView' });

/* ------------------------------------------------------------- incomeTax */

export const TAX_CRITERIA = ['entireWellLife', 'offsetToAsOf', 'offsetToFpd', 'dates'] as const;

const isDateForm = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** A date on the first day of a month (tax entry `dates`). */
export const FirstOfMonthDate = DateString.refine((s) => !isDateForm(s) || s.endsWith('-01'), {
  message: 'dates must be the first day of a month (day part 01), e.g. 2025-07-01',
  params: { rule: 'day 01' },
});

/**
 * One federal or state tax entry: `multiplier` plus exactly one period criterion. The criterion
 * sits beside `multiplier`, so `exactlyOne` (which wants a dedicated object) does not fit.
 */
export const TaxEntry = z
  .strictObject(
    {
      multiplier: range('multiplier', 0, 100).meta({ description: 'percent' }),
      entireWellLife: z.literal('Flat', { error: 'entireWellLife must be "Flat"' }).optional(),
      offsetToAsOf: intRange('offsetToAsOf', 1, 1200).optional().meta({ description: 'months after the as-of date' }),
      offsetToFpd: intRange('offsetToFpd', 1, 1200).optional().meta({ description: 'months after first production' }),
      dates: FirstOfMonthDate.optional().meta({ description: 'a first day of a month' }),
    },
    objectError('tax entry'),
  )
  .superRefine(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      const sent = TAX_CRITERIA.filter((k) => (value as Record<string, unknown>)[k] !== undefined);
      if (sent.length === 1) return;
      ctx.addIssue({
        code: 'custom',
        message:
          sent.length === 0
            ? `a tax entry needs exactly one period criterion beside multiplier: ${TAX_CRITERIA.join(', ')}`
            : `a tax entry takes exactly one period criterion of ${TAX_CRITERIA.join(', ')} (got ${sent.join(' and ')})`,
        params: { rule: 'exactly one of' },
      });
    },
    { when: () => true },
  )
  .meta({ id: 'GeneralOptionsTaxEntry' });
export type TaxEntry = z.infer<typeof TaxEntry>;

const taxEntries = (field: string) =>
  z.array(TaxEntry, {
    error: (iss) =>
      iss.input === undefined ? `${field} is required (a list of tax entries)` : `${field} must be a list`,
  });

/** `incomeTax`: present exactly when mainOptions.incomeTax is true. */
export const IncomeTax = z
  .strictObject(
    {
      carryForward: bool('carryForward')
        .default(false)
        .meta({ description: 'carry-forward (NOL) well by well; default false' }),
      fifteenDepletion: bool('fifteenDepletion'),
      federalIncomeTax: taxEntries('federalIncomeTax'),
      stateIncomeTax: taxEntries('stateIncomeTax'),
    },
    objectError('incomeTax'),
  )
  .meta({ id: 'GeneralOptionsIncomeTax' });
export type IncomeTax = z.infer<typeof IncomeTax>;

/* ------------------------------------------------------------- discountTable */

/** Spec part 8: the discount table has exactly 16 entries. */
export const DISCOUNTS_COUNT = 16;

const DISCOUNT_METHODS = Object.keys(DISCOUNT_PERIODS_PER_YEAR) as [DiscountMethod, ...DiscountMethod[]];

export const DiscountTableEntry = z
  .strictObject({ discountTable: range('discountTable', 0, 1000).meta({ description: 'percent' }) })
  .meta({ id: 'GeneralOptionsDiscountTableEntry' });

/** `discountTable` (required). */
export const DiscountTable = z
  .strictObject(
    {
      discountMethod: oneOf('discountMethod', DISCOUNT_METHODS),
      cashAccrualTime: oneOf('cashAccrualTime', ['mid_month', 'end_month']),
      firstDiscount: range('firstDiscount', 0, 100).meta({ description: 'percent' }),
      secondDiscount: range('secondDiscount', 0, 100).meta({ description: 'percent' }),
      discounts: z
        .array(DiscountTableEntry, {
          error: (iss) =>
            iss.input === undefined
              ? `discounts is required: exactly ${DISCOUNTS_COUNT} entries`
              : `discounts must be a list of exactly ${DISCOUNTS_COUNT} entries`,
        })
        .superRefine(
          (list, ctx) => {
            if (!Array.isArray(list) || list.length === DISCOUNTS_COUNT) return;
            ctx.addIssue({
              code: 'custom',
              message: `discounts must have exactly ${DISCOUNTS_COUNT} entries (got ${list.length})`,
              params: { rule: `exactly ${DISCOUNTS_COUNT}` },
            });
          },
          { when: () => true },
        )
        .meta({ minItems: DISCOUNTS_COUNT, maxItems: DISCOUNTS_COUNT, description: 'exactly 16 entries' }),
    },
    objectError('discountTable'),
  )
  .meta({ id: 'GeneralOptionsDiscountTable' });
export type DiscountTable = z.infer<typeof DiscountTable>;

/* ------------------------------------------------------------- boeConversion, reportingUnits */

/** `boeConversion` (required): BOE factors. */
export const BoeConversion = z
  .strictObject(
    {
      oil: range('oil', 0.000001, 2).meta({ description: 'BBL/BOE' }),
      wetGas: range('wetGas', 4, 50).meta({ description: 'MCF/BOE' }),
      dryGas: range('dryGas', 4, 50).meta({ description: 'MCF/BOE' }),
      ngl: range('ngl', 0.000001, 2).meta({ description: 'BBL/BOE' }),
      dripCondensate: range('dripCondensate', 0.000001, 2).meta({ description: 'BBL/BOE' }),
    },
    objectError('boeConversion'),
  )
  .meta({ id: 'GeneralOptionsBoeConversion' });
export type BoeConversion = z.infer<typeof BoeConversion>;

const LIQUID_UNITS = ['BBL', 'MBBL', 'MMBBL'] as const;
const RATIO_UNITS = ['BBL/MCF', 'BBL/MMCF'] as const;

/** `reportingUnits` (required). */
export const ReportingUnits = z
  .strictObject(
    {
      oil: oneOf('oil', LIQUID_UNITS),
      gas: oneOf('gas', ['MCF', 'MMCF', 'BCF']),
      ngl: oneOf('ngl', [...LIQUID_UNITS, 'GAL', 'MGAL', 'MMGAL']),
      dripCondensate: oneOf('dripCondensate', LIQUID_UNITS),
      water: oneOf('water', LIQUID_UNITS),
      pressure: oneOf('pressure', ['PSI', 'KPSI']),
      cash: oneOf('cash', ['$', 'M$', 'MM$']),
      gor: oneOf('gor', ['CF/BBL', 'MCF/BBL']),
      condensateGasRatio: oneOf('condensateGasRatio', RATIO_UNITS),
      dripCondensateYield: oneOf('dripCondensateYield', RATIO_UNITS),
      nglYield: oneOf('nglYield', [...RATIO_UNITS, 'GAL/MCF', 'GAL/MMCF']),
    },
    objectError('reportingUnits'),
  )
  .meta({ id: 'GeneralOptionsReportingUnits' });
export type ReportingUnits = z.infer<typeof ReportingUnits>;

/* ------------------------------------------------------------- the kind */

/** The econ function objects of a request body of kind `general-options`. */
export const GeneralOptionsFunctions = z
  .strictObject({
    mainOptions: MainOptions,
    incomeTax: IncomeTax.nullable()
      .optional()
      .meta({ description: 'required when mainOptions.incomeTax is true, refused when it is false' }),
    discountTable: DiscountTable,
    boeConversion: BoeConversion,
    reportingUnits: ReportingUnits,
  })
  .superRefine(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      const { mainOptions, incomeTax } = value as { mainOptions?: { incomeTax?: unknown }; incomeTax?: unknown };
      const enabled = typeof mainOptions === 'object' && mainOptions !== null ? mainOptions.incomeTax : undefined;
      const sent = incomeTax !== undefined && incomeTax !== null;
      if (enabled === true && !sent) {
        ctx.addIssue({
          code: 'custom',
          path: ['incomeTax'],
          message:
            'incomeTax is required when mainOptions.incomeTax is true (carryForward, fifteenDepletion, federalIncomeTax, stateIncomeTax)',
          params: { rule: 'required when mainOptions.incomeTax' },
        });
      }
      if (enabled === false && sent) {
        ctx.addIssue({
          code: 'custom',
          path: ['incomeTax'],
          message:
            'incomeTax applies only when mainOptions.incomeTax is true: leave it out, or set mainOptions.incomeTax to true',
          params: { rule: 'only when mainOptions.incomeTax' },
        });
      }
    },
    { when: () => true },
  )
  .meta({ id: 'GeneralOptionsFunctions' });
export type GeneralOptionsFunctionsInput = z.input<typeof GeneralOptionsFunctions>;
export type GeneralOptionsFunctions = z.output<typeof GeneralOptionsFunctions>;

/** The functions as responses carry them: `incomeTax` only when mainOptions.incomeTax is true. */
export const GeneralOptionsFunctionsView = z
  .object({
    mainOptions: MainOptionsView,
    incomeTax: IncomeTax.optional(),
    discountTable: DiscountTable,
    boeConversion: BoeConversion,
    reportingUnits: ReportingUnits,
  })
  .meta({ id: 'GeneralOptionsFunctionsView' });
export type GeneralOptionsFunctionsView = z.infer<typeof GeneralOptionsFunctionsView>;

/**
 * The response form of stored (validated) general options: `fiscal` always present (empty for
 * calendar), `incomeTax` only when mainOptions.incomeTax is true.
 */
export function generalOptionsView(functions: GeneralOptionsFunctions): GeneralOptionsFunctionsView {
  const { mainOptions, incomeTax, discountTable, boeConversion, reportingUnits } = functions;
  const fiscal = mainOptions.reportingPeriod === 'fiscal' ? (mainOptions.fiscal ?? '') : '';
  return {
    mainOptions: { ...mainOptions, fiscal },
    ...(mainOptions.incomeTax && incomeTax ? { incomeTax } : {}),
    discountTable,
    boeConversion,
    reportingUnits,
  };
}
