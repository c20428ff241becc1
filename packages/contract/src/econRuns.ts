import { z } from 'zod';
import { QualifierName } from './assignments';
import { COMBOS_MAX, Combo, ComboNameFilter } from './combos';
import { DateString, noNul, ObjectId, ResourceMeta, Timestamp } from './common';
import { EconModelKind } from './econModels/envelope';
import { ReservesCategory } from './econModels/reservesCategory';

/*
 * Econ runs (issue 8): a run turns the scenario's assigned econ models and a forecast into a
 * monthly cash flow and a one-liner per well. Routes under
 * `/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs`. See docs/decisions/017-econ-runs.md.
 */

/* -------------------------------------------------------------- the run */

export const EconRunStatus = z.enum(['pending', 'running', 'complete', 'failed']);
export type EconRunStatus = z.infer<typeof EconRunStatus>;

/**
 * The body of `POST …/econ-runs` (optional as a whole). `forecast` may be left out when the
 * project has exactly one forecast; `qualifiers` picks the qualifier per model kind (`default`
 * for a kind not named).
 */
export const EconRunInput = z
  .strictObject({
    forecast: ObjectId.optional().meta({
      description: "id of a forecast of the project (its `best` series); default: the project's only forecast",
    }),
    qualifiers: z
      .partialRecord(EconModelKind, QualifierName)
      .optional()
      .meta({ description: 'one combo, `default`: the qualifier per econ model kind; `default` for a kind not named' }),
    combos: z
      .array(Combo)
      .min(1, 'combos must hold at least one combo')
      .max(COMBOS_MAX, `combos must hold at most ${COMBOS_MAX} combos`)
      .optional()
      .meta({ description: 'the combos to compute, each a qualifier per assumption; results carry comboName' }),
    savedCombos: noNul(
      z
        .string({ error: 'savedCombos must be a string' })
        .trim()
        .min(1, 'savedCombos must not be empty')
        .max(100, 'savedCombos must be at most 100 characters'),
    )
      .optional()
      .meta({ description: 'the savedName of the scenario’s combos whose selected combos the run computes' }),
  })
  .superRefine((input, ctx) => {
    const sent = (['qualifiers', 'combos', 'savedCombos'] as const).filter((k) => input[k] !== undefined);
    if (sent.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [sent[1]!],
        params: { rule: 'one of qualifiers, combos, savedCombos' },
        message: `a run takes one of qualifiers, combos, savedCombos (got ${sent.join(' and ')})`,
      });
    }
    const seen = new Map<string, number>();
    input.combos?.forEach((c, i) => {
      const earlier = seen.get(c.comboName);
      if (earlier === undefined) seen.set(c.comboName, i);
      else {
        ctx.addIssue({
          code: 'custom',
          path: ['combos', i, 'comboName'],
          input: c.comboName,
          params: { rule: 'unique combo names' },
          message: `comboName "${c.comboName}" is taken by combos[${earlier}]`,
        });
      }
    });
  })
  .meta({ id: 'EconRunInput' });
export type EconRunInput = z.infer<typeof EconRunInput>;

export const EconRunProgress = z
  .object({
    wellsTotal: z.int().meta({ description: 'wells of the scenario × combos of the run' }),
    wellsDone: z.int().meta({ description: 'wells computed so far, in every combo (failed ones included)' }),
    wellsFailed: z.int().meta({ description: 'wells whose inputs the engine refused (see their one-liners)' }),
  })
  .meta({ id: 'EconRunProgress' });
export type EconRunProgress = z.infer<typeof EconRunProgress>;

export const EconRun = ResourceMeta.extend({
  project: ObjectId,
  scenario: ObjectId,
  status: EconRunStatus,
  runDate: Timestamp.meta({ description: 'when the run was requested; dynamic as-of dates are relative to its day' }),
  forecast: ObjectId.nullable().meta({ description: 'the forecast whose best series the run used' }),
  qualifiers: z
    .partialRecord(EconModelKind, z.string())
    .meta({ description: 'qualifier used per kind (the run of one combo, `default`)' }),
  combos: z
    .array(z.object({ comboName: z.string(), qualifiers: z.partialRecord(EconModelKind, z.string()) }))
    .meta({ description: 'the combos the run computes, each with its qualifier per kind (not `default`)' }),
  progress: EconRunProgress,
  incomeTax: z.boolean().meta({ description: 'whether any well had after-tax economics (then AFIT columns exist)' }),
  startedAt: Timestamp.optional(),
  finishedAt: Timestamp.optional(),
  error: z.string().optional().meta({ description: 'why a failed run failed' }),
}).meta({ id: 'EconRun' });
export type EconRun = z.infer<typeof EconRun>;
export const ECON_RUN_SORT = ['id', 'runDate', 'createdAt', 'updatedAt'] as const;

/* ---------------------------------------------------------- one-liners */

const money = (description: string) => z.number().meta({ description: `${description}, $` });
const PhaseVolumes = z
  .object({ oil: z.number(), gas: z.number(), water: z.number(), ngl: z.number(), dripCondensate: z.number() })
  .meta({ id: 'EconPhaseVolumes', description: 'BBL for liquids, MCF for gas' });
const ProductVolumes = z
  .object({ oil: z.number(), gas: z.number(), ngl: z.number(), dripCondensate: z.number() })
  .meta({ id: 'EconProductVolumes', description: 'BBL for liquids, MCF for gas' });
const Payout = z
  .object({
    date: DateString.meta({ description: 'first day of the month the cumulative cash flow turns positive' }),
    months: z.int().meta({ description: 'months from the first row to the payout month, inclusive' }),
  })
  .nullable()
  .meta({ id: 'EconPayout' });

/** After-tax figures of a one-liner (present when the well's general options enable income tax). */
export const EconAfterTax = z
  .object({
    afit: money('undiscounted after-tax cash flow'),
    firstDiscountNpv: money('after-tax NPV at the first discount'),
    secondDiscountNpv: money('after-tax NPV at the second discount'),
    irr: z.number().nullable().meta({ description: 'after-tax IRR, percent, annualized' }),
    payout: Payout,
    stateTax: money('state income tax'),
    federalTax: money('federal income tax'),
  })
  .meta({ id: 'EconAfterTax' });

/** Breakeven prices of a one-liner (the well's pricing model's `breakeven` settings; decision 039). */
export const EconBreakeven = z
  .object({
    oil: z.number().nullable().meta({
      description:
        '$/BBL, to the cent: the flat oil price at which the BFIT NPV at npvDiscount over the well’s final life, with its initial interests, is 0 (linear zero of two runs at $10 and $60); may be below 0 (economic at any price); null: see reason',
    }),
    gas: z.number().nullable().meta({
      description:
        '$/MCF, to the cent: the flat gas price at which that NPV is 0 (two runs at $0 and $5/MCF, whatever the unit of the gas price table); null: see reason',
    }),
    npvDiscount: z.number().meta({ description: 'percent: the discount rate of the NPV the prices zero' }),
    basedOnPriceRatio: z.boolean().meta({
      description:
        'whether the other phase’s price followed priceRatio in the runs (gas = oil ÷ ratio solving oil, oil = gas × ratio solving gas); false when the pricing model’s ratio is 0',
    }),
    priceRatio: z.number().optional().meta({ description: 'oil $/BBL ÷ gas $/MCF, present when basedOnPriceRatio' }),
    reason: z.string().optional().meta({
      description:
        'why a price is null, one sentence per phase starting with it: the NPV is the same at both run prices (e.g. the phase is not sold), or the well is uneconomic',
    }),
  })
  .meta({
    id: 'EconBreakeven',
    description:
      'oil and gas breakeven prices by the pricing model’s breakeven settings; absent when the well has no pricing model (the settings live there) and in runs stored before breakevens were computed',
  });
export type EconBreakeven = z.infer<typeof EconBreakeven>;

const oneLinerBase = {
  well: ObjectId,
  wellName: z.string(),
  comboName: z.string().meta({ description: 'the combo of the run (`default` for a run of one combo)' }),
  warnings: z.array(z.string()).meta({ description: 'inputs the run defaulted or could not apply' }),
  reservesCategory: ReservesCategory.optional().meta({
    description: 'the PRMS class, category and sub-category of the reserves-categories model assigned to the well',
  }),
};

/** The one line of a well whose cash flow was computed. */
export const EconOneLinerComplete = z
  .object({
    ...oneLinerBase,
    status: z.literal('complete'),
    econLimitDate: DateString.meta({ description: 'last day of the cash flow' }),
    econLimitTrigger: z.string().meta({ description: 'the cut-off trigger that set the limit' }),
    uneconomic: z.boolean(),
    wellLife: z.number().meta({ description: 'years: rows / 12' }),
    eur: PhaseVolumes.meta({
      description:
        'estimated ultimate recovery by phase: the gross volume produced before the as-of date (actual production, or the forecast where there is none) plus the remaining volume',
    }),
    remaining: PhaseVolumes.optional().meta({
      description:
        'gross volume from the as-of date to the economic limit by phase (runs before production history: absent)',
    }),
    netVolume: ProductVolumes,
    revenue: money('net revenue'),
    expenses: money('fixed and variable expenses'),
    taxes: money('severance and ad valorem taxes'),
    npi: money('net profit interest: negative when paid (expense type), positive when received (revenue type)'),
    capex: money('CAPEX'),
    bfit: money('undiscounted before-income-tax cash flow (NPV at 0 %)'),
    firstDiscountNpv: money('NPV at the first discount'),
    secondDiscountNpv: money('NPV at the second discount'),
    discountRates: z
      .object({
        first: z.number().meta({ description: 'percent: the general options’ discountTable.firstDiscount' }),
        second: z.number().meta({ description: 'percent: the general options’ discountTable.secondDiscount' }),
      })
      .optional()
      .meta({
        description:
          'the rates of firstDiscountNpv and secondDiscountNpv (the well’s general options, or their defaults); absent in runs stored before it was reported',
      }),
    npv: z
      .array(z.object({ rate: z.number().meta({ description: 'percent' }), npv: z.number() }))
      .meta({ description: 'NPV at each of the 16 discount-table rates' }),
    irr: z.number().nullable().meta({ description: 'percent, the period IRR annualized: (1 + r)^N − 1' }),
    irrReason: z.string().optional().meta({
      description: 'why irr is null: no cash flow, no sign change, never pays out, uneconomic, or above the cap',
    }),
    payout: Payout,
    payoutReason: z.string().optional().meta({ description: 'why payout is null: never pays out, or no cash flow' }),
    aggregationDate: DateString.optional().meta({
      description: 'the well’s general options `mainOptions.aggregationDate`: rollups sum from its month',
    }),
    fiscal: z.string().optional().meta({
      description:
        'the well’s general options report by fiscal year: its "M-N" start and end months (0 = January); yearly summaries follow it',
    }),
    discountedPayout: Payout,
    roi: z.number().nullable().meta({ description: 'undiscounted ROI; null without CAPEX' }),
    reversions: z
      .array(z.object({ type: z.string(), date: DateString }))
      .meta({ description: 'reversions that took effect, with the day' }),
    afterTax: EconAfterTax.optional(),
    breakeven: EconBreakeven.optional(),
  })
  .meta({ id: 'EconOneLinerComplete' });

/**
 * The start of the warning of a well the run's forecast has nothing for (its volumes are 0): the
 * console marks such wells in the one-liners.
 */
export const NO_FORECAST_WARNING = 'has no forecast for this well';

/** The one line of a well the engine refused (its inputs named in `error`). */
export const EconOneLinerFailed = z
  .object({ ...oneLinerBase, status: z.literal('failed'), error: z.string() })
  .meta({ id: 'EconOneLinerFailed' });

export const EconOneLiner = z
  .discriminatedUnion('status', [EconOneLinerComplete, EconOneLinerFailed])
  .meta({ id: 'EconOneLiner' });
export type EconOneLiner = z.infer<typeof EconOneLiner>;
export type EconOneLinerComplete = z.infer<typeof EconOneLinerComplete>;

/** Sort fields of the one-liner list (failed wells sort last on the money fields). */
export const ONE_LINER_SORT = [
  'wellName',
  'well',
  'firstDiscountNpv',
  'secondDiscountNpv',
  'bfit',
  'irr',
  'econLimitDate',
] as const;
export const ONE_LINER_TAKE_MAX = 1000;

/* ---------------------------------------------------------- monthly rows */

/** Columns of every monthly row, in export order after `well`, `wellName`, `date`. */
export const ECON_MONTHLY_COLUMNS = [
  'days',
  'grossOilVolume',
  'grossGasVolume',
  'grossWaterVolume',
  'grossNglVolume',
  'grossDripCondensateVolume',
  'salesOilVolume',
  'salesGasVolume',
  'workingInterest',
  'netOilVolume',
  'netGasVolume',
  'netNglVolume',
  'netDripCondensateVolume',
  'oilPrice',
  'gasPrice',
  'nglPrice',
  'dripCondensatePrice',
  'oilDifferential',
  'gasDifferential',
  'nglDifferential',
  'dripCondensateDifferential',
  'oilRevenue',
  'gasRevenue',
  'nglRevenue',
  'dripCondensateRevenue',
  'totalRevenue',
  'fixedExpense',
  'variableExpense',
  'severanceTax',
  'adValoremTax',
  'npi',
  'capex',
  'bfit',
  'cumBfit',
  'firstDiscountCashFlow',
  'cumFirstDiscountCashFlow',
  'secondDiscountCashFlow',
  'cumSecondDiscountCashFlow',
] as const;
export type EconMonthlyColumn = (typeof ECON_MONTHLY_COLUMNS)[number];

/** After-tax columns: present on the rows of wells with income tax on. */
export const ECON_MONTHLY_TAX_COLUMNS = [
  'depreciation',
  'depletion',
  'taxableIncome',
  'stateTax',
  'federalTax',
  'taxCredit',
  'afit',
  'cumAfit',
  'firstDiscountAfit',
  'secondDiscountAfit',
] as const;
export type EconMonthlyTaxColumn = (typeof ECON_MONTHLY_TAX_COLUMNS)[number];

const UNITS: Record<EconMonthlyColumn | EconMonthlyTaxColumn, string> = {
  days: 'days of the month inside the cash flow',
  grossOilVolume: 'BBL',
  grossGasVolume: 'MCF',
  grossWaterVolume: 'BBL',
  grossNglVolume: 'BBL',
  grossDripCondensateVolume: 'BBL',
  salesOilVolume: 'BBL, gross well-head after loss and shrinkage (stream properties)',
  salesGasVolume: 'MCF, gross well-head after loss, flare and shrinkage (stream properties)',
  workingInterest: 'percent, blended by days in a reversion month',
  netOilVolume: 'BBL',
  netGasVolume: 'MCF',
  netNglVolume: 'BBL',
  netDripCondensateVolume: 'BBL',
  oilPrice: '$/BBL',
  gasPrice: '$/MCF',
  nglPrice: '$/BBL',
  dripCondensatePrice: '$/BBL',
  oilDifferential: '$/BBL added to the price by the differentials (negative: a discount)',
  gasDifferential: '$/MCF added to the price by the differentials (negative: a discount)',
  nglDifferential: '$/BBL added to the price by the differentials (negative: a discount)',
  dripCondensateDifferential: '$/BBL added to the price by the differentials (negative: a discount)',
  oilRevenue: '$',
  gasRevenue: '$',
  nglRevenue: '$',
  dripCondensateRevenue: '$',
  totalRevenue: '$',
  fixedExpense: '$',
  variableExpense: '$ (variable by phase, water disposal and carbon)',
  severanceTax: '$',
  adValoremTax: '$',
  npi: '$ net profit interest: negative when paid, positive when received',
  capex: '$',
  bfit: '$ before income tax',
  cumBfit: '$',
  firstDiscountCashFlow: '$ discounted at the first discount',
  cumFirstDiscountCashFlow: '$',
  secondDiscountCashFlow: '$ discounted at the second discount',
  cumSecondDiscountCashFlow: '$',
  depreciation: '$',
  depletion: '$',
  taxableIncome: '$',
  stateTax: '$',
  federalTax: '$',
  taxCredit: '$',
  afit: '$ after income tax',
  cumAfit: '$',
  firstDiscountAfit: '$ after-tax, discounted at the first discount',
  secondDiscountAfit: '$ after-tax, discounted at the second discount',
};

export const EconMonthlyRow = z
  .object({
    well: ObjectId,
    comboName: z.string().meta({ description: 'the combo of the run (`default` for a run of one combo)' }),
    date: DateString.meta({ description: 'first day of the month' }),
    ...Object.fromEntries(ECON_MONTHLY_COLUMNS.map((c) => [c, z.number().meta({ description: UNITS[c] })])),
    ...Object.fromEntries(
      ECON_MONTHLY_TAX_COLUMNS.map((c) => [c, z.number().optional().meta({ description: UNITS[c] })]),
    ),
  })
  .meta({ id: 'EconMonthlyRow' }) as unknown as z.ZodType<EconMonthlyRow>;
export type EconMonthlyRow = { well: string; comboName: string; date: string } & Record<EconMonthlyColumn, number> &
  Partial<Record<EconMonthlyTaxColumn, number>>;

/** Monthly rows per page: a well's 50 years are 600 rows. */
export const MONTHLY_TAKE_MAX = 5000;
export const MONTHLY_TAKE_DEFAULT = 600;

export const EconMonthlyQuery = z.object({
  well: ObjectId.optional().meta({ description: 'only this well' }),
  comboName: ComboNameFilter.optional().meta({ description: 'only this combo' }),
  skip: z.coerce.number().int('skip must be an integer').min(0, 'skip must be 0 or more').default(0),
  take: z.coerce
    .number()
    .int('take must be an integer')
    .min(1, 'take must be at least 1')
    .max(MONTHLY_TAKE_MAX, `take must be at most ${MONTHLY_TAKE_MAX}`)
    .default(MONTHLY_TAKE_DEFAULT),
});

/* ---------------------------------------------------------------- rollups */

/** What a rollup may be grouped by: a well header, or a part of the assigned reserves category. */
export const ROLLUP_GROUP_BY = [
  'county',
  'state',
  'dataSource',
  'prmsClass',
  'prmsCategory',
  'prmsSubCategory',
] as const;
export type RollupGroupBy = (typeof ROLLUP_GROUP_BY)[number];

export const EconRollupQuery = z.object({
  comboName: ComboNameFilter.optional().meta({ description: 'the combo to roll up (default: the run’s first)' }),
  groupBy: z
    .enum(ROLLUP_GROUP_BY, { error: `groupBy must be one of ${ROLLUP_GROUP_BY.join(', ')}` })
    .optional()
    .meta({ description: 'a total per value of this header (wells without one: group null)' }),
});

/** The total one-liner of a group: sums, and IRR and payout of the summed cash flow. */
export const EconRollupTotals = z
  .object({
    wells: z.int(),
    revenue: money('net revenue'),
    expenses: money('fixed and variable expenses'),
    taxes: money('severance and ad valorem taxes'),
    capex: money('CAPEX'),
    bfit: money('undiscounted before-income-tax cash flow'),
    firstDiscountNpv: money('NPV at the first discount: the sum of the wells’ discounted cash flows'),
    secondDiscountNpv: money('NPV at the second discount'),
    irr: z.number().nullable().meta({
      description:
        'percent a year, of the summed cash flow (monthly compounding from the first month), not a sum of IRRs',
    }),
    irrReason: z.string().optional(),
    payout: Payout,
    payoutReason: z.string().optional(),
  })
  .meta({ id: 'EconRollupTotals' });
export type EconRollupTotals = z.infer<typeof EconRollupTotals>;

/** A month of a rollup: the wells with a row, and every additive column summed. */
export type EconRollupRow = { date: string; wells: number } & Partial<
  Record<EconMonthlyColumn | EconMonthlyTaxColumn, number>
>;

export const EconRollupGroup = z
  .object({
    group: z
      .string()
      .nullable()
      .meta({ description: 'the header value (null: wells without one; the whole run ungrouped)' }),
    totals: EconRollupTotals,
    monthly: z.array(z.looseObject({ date: DateString, wells: z.int() })).meta({
      description: 'by month from the aggregation month: volumes, revenue, expenses, taxes, CAPEX, cash flows summed',
    }),
  })
  .meta({ id: 'EconRollupGroup' });
export type EconRollupGroup = Omit<z.infer<typeof EconRollupGroup>, 'monthly'> & { monthly: EconRollupRow[] };

export const EconRollup = z
  .object({
    comboName: z.string(),
    aggregationDate: DateString.nullable().meta({
      description: 'months before this date’s month are left out (the wells’ earliest mainOptions.aggregationDate)',
    }),
    groupBy: z.enum(ROLLUP_GROUP_BY).nullable(),
    groups: z.array(EconRollupGroup),
  })
  .meta({ id: 'EconRollup' });
export type EconRollup = Omit<z.infer<typeof EconRollup>, 'groups'> & { groups: EconRollupGroup[] };
