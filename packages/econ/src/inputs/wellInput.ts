import type {
  ActualForecastFunctions,
  BoeConversion,
  CapexFunctions,
  DateSettingsFunctions,
  DepreciationFunctions,
  DifferentialsFunctions,
  DiscountTable,
  EmissionFunctions,
  EscalationFunctions,
  ExpensesFunctions,
  FluidModelFunctions,
  GeneralOptionsFunctions,
  IncomeTax,
  OperationsFunctions,
  OwnershipReversionFunctions,
  PricingFunctions,
  ProductionTaxesFunctions,
  Reversion,
  RiskingFunctions,
  StreamPropertiesFunctions,
} from '@econ/contract';
import { econModelExample, REVERSION_KEYS } from '@econ/contract/rules';
import type { DailySeries } from '@econ/decline';
import type { BreakevenSettings } from '../breakeven';
import { escalateColumn } from '../escalation';
import { dayOf } from '../grid';
import type { EscalateColumn } from '../monthlyStreams';
import type { TaxDepreciationModel } from '../tax';
import type { Expenses, Ownership, Phase, WellInput } from '../types';
import { capexItems, type WellHeaders } from './capex';
import {
  FORECAST_PHASES,
  type FpdSourceHierarchy,
  firstOfNextMonth,
  forecastStart,
  headerDate,
  majorSegmentDate,
  resolveDateChoice,
  resolveFpd,
  type WellForecast,
} from './dates';
import { expenseItems, impactFee, taxItems } from './expenses';
import {
  actualOrForecast,
  endOfHistory,
  type HistoryRecord,
  type HistoryResolution,
  historyAvailable,
  historyResolution,
  phaseHistories,
  switchDay,
} from './history';
import { operateSeries, operationsPlan } from './operations';
import { differentialTables, type EscalationLookup, pricingDeck, streamProperties } from './pricing';
import { keepCapex, riskPlan, riskSeries, riskShutIns, wellCountRows, withShutIns } from './risking';
import type { RowRefs } from './rows';
import { byproductSeries, yieldRows } from './stream';
import { unapplied } from './unapplied';

/** Each kind's stored functions object, as the API stores it (the contract's parsed request form). */
export type AssignedModels = Partial<{
  'date-settings': DateSettingsFunctions;
  'general-options': GeneralOptionsFunctions;
  'ownership-reversions': OwnershipReversionFunctions;
  capex: CapexFunctions;
  pricing: PricingFunctions;
  differentials: DifferentialsFunctions;
  'stream-properties': StreamPropertiesFunctions;
  expenses: ExpensesFunctions;
  depreciation: DepreciationFunctions;
  'actual-forecast': ActualForecastFunctions;
  riskings: RiskingFunctions;
  escalations: EscalationFunctions;
  'fluid-models': FluidModelFunctions;
  emissions: EmissionFunctions;
  operations: OperationsFunctions;
  'production-taxes': ProductionTaxesFunctions;
}>;

/** No DD&A (no depreciation model assigned while income tax is on): nothing is ever deducted. */
const NO_DDA: TaxDepreciationModel = {
  modelType: 'depletion',
  tangibleImmediateDepletion: 0,
  intangibleImmediateDepletion: 0,
  tangibleDepletionModel: 'never',
  intangibleDepletionModel: 'never',
};

/** What the tax step needs besides the WellInput, when general options turn income tax on. */
export interface WellTax {
  depreciation?: DepreciationFunctions;
  incomeTax?: IncomeTax;
}

export interface WellInputResult {
  input: WellInput;
  /** Short sentences, each naming the model kind and field, of defaults taken and parts not applied. */
  warnings: string[];
  /** Present when general options has mainOptions.incomeTax. */
  tax?: WellTax;
}

/** The escalation seam of expense and tax tables: their escalations model by id (escalation.ts). */
function escalationSeam(lookup: EscalationLookup, refs: RowRefs): EscalateColumn {
  return (values, firstMonth, id, _field, originMonth, grid) => {
    const model = lookup.get(id);
    return model ? escalateColumn(grid, values, firstMonth, model, { originMonth, refs }) : values;
  };
}

/**
 * The engine's breakeven settings of a pricing model (decision 039). A price ratio of 0 cannot set
 * the other phase's price: basedOnPriceRatio is then off, with a warning.
 */
function breakevenSettings(pr: PricingFunctions, warnings: string[]): BreakevenSettings {
  const { basedOnPriceRatio, npvDiscount, priceRatio } = pr.breakeven;
  const byRatio = basedOnPriceRatio === 'yes';
  if (byRatio && !(priceRatio > 0)) {
    warnings.push(
      `pricing: breakeven.basedOnPriceRatio is 'yes' but breakeven.priceRatio is ${priceRatio}; the breakeven runs keep the other phase's prices (as 'no').`,
    );
  }
  return { npvDiscount, basedOnPriceRatio: byRatio && priceRatio > 0, priceRatio };
}

/** Years of life without date settings. */
export const DEFAULT_MAX_WELL_LIFE = 50;

/** FPD hierarchy without date settings: the example model's (well header, production data, forecast). */
export const DEFAULT_FPD_SOURCE_HIERARCHY: FpdSourceHierarchy = {
  firstFpdSource: { wellHeader: true },
  secondFpdSource: { productionData: true },
  thirdFpdSource: { forecast: true },
  fourthFpdSource: { notUsed: true },
  useForecastSchedule: true,
};

/** Interests without an ownership model: WI, NRI and lease NRI 100 %, no NPI. */
export const DEFAULT_OWNERSHIP: Ownership = Object.freeze({
  workingInterest: 100,
  netRevenueInterest: 100,
  leaseNetRevenueInterest: 100,
  netProfitInterestType: 'expense',
  netProfitInterest: 0,
});

/** BOE factors without general options: the example model's (oil 1 BBL, gas 6 MCF, NGL and drip condensate 1 BBL per BOE). */
export function defaultBoeConversion(): BoeConversion {
  return structuredClone(econModelExample('general-options').boeConversion as BoeConversion);
}

/** The discount table without general options: the example model's (yearly, mid_month, 0 % and 10 %, the 16 rates). */
export function defaultDiscountTable(): DiscountTable {
  return structuredClone(econModelExample('general-options').discountTable as DiscountTable);
}

const NO_EXPENSES: Expenses = Object.freeze({
  fixedPerWellMonth: 0,
  variable: Object.freeze({}),
  severanceTaxPct: 0,
  adValoremTaxPct: 0,
});

/** WellInput.ownership from `initialOwnership` (NPI included; per-phase NRIs only when set). */
export function ownership(models: OwnershipReversionFunctions): { ownership: Ownership; reversions: Reversion[] } {
  const o = models.ownership.initialOwnership;
  const out: Ownership = {
    workingInterest: o.workingInterest,
    netRevenueInterest: o.netRevenueInterest,
    leaseNetRevenueInterest: o.leaseNetRevenueInterest,
    netProfitInterestType: o.netProfitInterestType,
    netProfitInterest: o.netProfitInterest,
  };
  for (const key of [
    'oilNetRevenueInterest',
    'gasNetRevenueInterest',
    'nglNetRevenueInterest',
    'dripCondensateNetRevenueInterest',
  ] as const) {
    const v = o[key];
    if (v !== undefined && v !== null) out[key] = v;
  }
  const reversions: Reversion[] = [];
  for (const key of REVERSION_KEYS) {
    const r = models.ownership[key];
    if (r !== undefined && r !== null) reversions.push(r);
  }
  return { ownership: out, reversions };
}

/**
 * The engine's input for one well from its assigned econ models, headers and forecast (pure).
 * Missing kinds take documented defaults (packages/econ/README.md, Inputs mapping), each with a
 * warning; parts the engine does not apply are warned about, never silently dropped.
 *
 * @param args.runDate 'YYYY-MM-DD', the run's day, for dynamic dates
 * @throws {EconError} naming the field of a date that is not a 'YYYY-MM-DD' date
 */
export function wellInput(args: {
  runDate: string;
  well: WellHeaders;
  forecast: WellForecast;
  models: AssignedModels;
  /**
   * The well's production records by resolution, in date order. The caller loads the resolution
   * {@link historyResolution} picks for the well (others may be left out).
   */
  histories?: Partial<Record<HistoryResolution, readonly HistoryRecord[]>>;
  /** The escalations models the assigned models name in `escalationModel`, by id. */
  escalations?: EscalationLookup;
}): WellInputResult {
  const { runDate, well, forecast, models } = args;
  const warnings: string[] = [];
  const nextMonth = firstOfNextMonth(runDate);

  // Dates (spec 2.3).
  const ds = models['date-settings'];
  const hierarchy = ds?.dateSetting.fpdSourceHierarchy ?? DEFAULT_FPD_SOURCE_HIERARCHY;
  const fpd = resolveFpd(hierarchy, well, forecast, warnings);
  const majorSegment = majorSegmentDate(forecast);
  const dateCtx = { runDate, fpd, majorSegment };
  let asOfDate = nextMonth;
  let discountDate = nextMonth;
  if (ds) {
    asOfDate = resolveDateChoice('asOfDate', ds.dateSetting.asOfDate, dateCtx, warnings);
    discountDate = resolveDateChoice('discountDate', ds.dateSetting.discountDate, dateCtx, warnings);
  } else {
    warnings.push(
      `date-settings: none assigned; as-of and discount date ${nextMonth} (first of next month), maxWellLife ${DEFAULT_MAX_WELL_LIFE} years, no cut-off.`,
    );
  }

  // General options (spec 2.6).
  const go = models['general-options'];
  if (!go) {
    warnings.push(
      'general-options: none assigned; discountTable is the example table (yearly, mid_month, first 0 %, second 10 %, 16 rates) and boeConversion oil 1, gas 6.',
    );
  }
  let tax: WellTax | undefined;
  if (go?.mainOptions.incomeTax) {
    tax = {};
    if (go.incomeTax) tax.incomeTax = go.incomeTax;
    else warnings.push('general-options: mainOptions.incomeTax is on but incomeTax is missing; no tax entries.');
    if (models.depreciation) tax.depreciation = models.depreciation;
    else warnings.push('depreciation: none assigned while general-options mainOptions.incomeTax is on; no DD&A.');
  }

  // Ownership (spec 2.4).
  const own = models['ownership-reversions'];
  const interests = own ? ownership(own) : { ownership: { ...DEFAULT_OWNERSHIP }, reversions: [] };
  if (!own) warnings.push('ownership-reversions: none assigned; WI 100 %, NRI 100 %, lease NRI 100 %, no reversions.');

  // Prices, differentials and stream properties (decision 037); expenses.
  const firstSegment = forecastStart(forecast);
  const refs: RowRefs = {
    fpd,
    asOfDay: dayOf('asOfDate', asOfDate),
    discountDay: dayOf('discountDate', discountDate),
    firstSegmentDay: firstSegment === undefined ? undefined : dayOf('firstSegment', firstSegment),
  };
  const pr = models.pricing;
  if (!pr) warnings.push('pricing: none assigned; every product sells at 0.');
  const sp = models['stream-properties'];
  const ex = models.expenses;
  if (!ex) warnings.push('expenses: none assigned; no operating expenses.');
  const pt = models['production-taxes'];
  if (!pt) warnings.push('production-taxes: none assigned; no production taxes.');

  // The riskings model's shut-ins (decision 042): on the forecast with the operations model's.
  const riskShut = riskShutIns(models.riskings?.shutIn, refs);

  // Volumes (spec 2.5): actual production before each phase's switch date, the forecast after it.
  const volumes: Partial<Record<Phase, DailySeries>> = {};
  const actual: Partial<Record<Phase, DailySeries>> = {};
  let historyEnd: string | undefined;
  const af = models['actual-forecast']?.actualOrForecast;
  if (af?.ignoreHistoryProd || af?.afterEconLimit === 'yes') {
    warnings.push(
      `actual-forecast: actualOrForecast.${af.ignoreHistoryProd ? 'ignoreHistoryProd is true' : "afterEconLimit is 'yes'"}; the production history and the forecast volumes are ignored.`,
    );
  } else {
    const resolution = historyResolution(
      ds?.dateSetting.productionDataResolution,
      forecast.resolution,
      historyAvailable(well),
      af,
      warnings,
    );
    const records = resolution ? args.histories?.[resolution] : undefined;
    const phases = records ? phaseHistories({ resolution: resolution!, records }) : {};
    historyEnd = endOfHistory(phases);
    // `offsetToEndHistory` rows count from the history the run uses (none when it ignores it).
    if (historyEnd !== undefined) refs.endHistoryDay = dayOf('endOfHistory', historyEnd);
    const asOfDay = refs.asOfDay;
    // Risking: the forecast always, the actual production when riskProd.
    const risk = riskPlan(models.riskings?.risking, refs);
    // Operations: shut-ins, downtime and the schedule shape the forecast (actuals untouched).
    const ops = withShutIns(
      models.operations ? operationsPlan(models.operations.operations, refs) : undefined,
      riskShut.spans,
    );
    let unriskedGas: { volumes?: DailySeries; actual?: DailySeries } = {};
    for (const p of FORECAST_PHASES) {
      const choice = af?.replaceActualWithForecast?.[p] ?? { asOfDate: '' };
      const switchAt = switchDay(choice, asOfDay, `actualOrForecast.replaceActualWithForecast.${p}.date`);
      const rows = risk.rows[p];
      const given = forecast.volumes[p];
      const fc = ops && given ? operateSeries(given, p, ops) : given;
      const h =
        rows && phases[p] && risk.actuals ? { ...phases[p]!, series: riskSeries(phases[p]!.series, rows) } : phases[p];
      const s = actualOrForecast(rows && fc ? riskSeries(fc, rows) : fc, h, switchAt);
      if (s) volumes[p] = s;
      if (h) actual[p] = h.series;
      if (p === 'gas' && rows && !risk.viaGas) {
        const u = actualOrForecast(fc, phases.gas, switchAt);
        unriskedGas = { ...(u ? { volumes: u } : {}), ...(phases.gas ? { actual: phases.gas.series } : {}) };
      } else if (p === 'gas') unriskedGas = { ...(s ? { volumes: s } : {}), ...(h ? { actual: h.series } : {}) };
    }
    // NGL and drip condensate: yields on the gas (risked unless riskNglDripCondViaGasRisk is off), their own risk.
    for (const b of ['ngl', 'dripCondensate'] as const) {
      const y = sp ? yieldRows(sp, b, refs) : null;
      if (!y) {
        if (risk.rows[b]) {
          warnings.push(
            `riskings: the ${b} risk has nothing to apply to: ${b} volumes are 0 without a stream-properties yield.`,
          );
        }
        continue;
      }
      // Rate rows read the gross well-head rates of the run (risked), from first production.
      const fpdDay = fpd === undefined ? undefined : dayOf('fpd', fpd);
      const gas = risk.viaGas ? volumes.gas : unriskedGas.volumes;
      if (gas) volumes[b] = byproductSeries(gas, y, risk.rows[b], volumes, fpdDay);
      const gasActual = risk.viaGas ? actual.gas : unriskedGas.actual;
      if (gasActual) {
        actual[b] = byproductSeries(gasActual, y, risk.actuals ? risk.rows[b] : undefined, actual, fpdDay);
      }
    }
  }

  // Kinds stored and served whose fields the engine does not apply (never silently).
  warnings.push(...unapplied(models));
  const emissions = models.emissions?.emissions.rows.filter((r) => r.selected) ?? [];
  if (emissions.length > 0 && !ex?.carbonExpenses) {
    warnings.push(
      `emissions: ${emissions.length} selected row${emissions.length === 1 ? '' : 's'}; the masses are not charged until a carbon expense prices them.`,
    );
  }

  // CAPEX (spec 2.7).
  const cx = models.capex;
  if (!cx) warnings.push('capex: none assigned; no CAPEX.');
  const capex = cx
    ? capexItems(
        cx,
        {
          dates: { asOfDate, discountDate, fpd, majorSegment, firstSegment },
          well,
          forecast,
          ...(args.escalations ? { escalations: { lookup: args.escalations, refs } } : {}),
        },
        warnings,
      ).filter((item) => keepCapex(item, riskShut.capexOff, warnings))
    : [];

  const input: WellInput = {
    asOfDate,
    discountDate,
    maxWellLife: ds?.dateSetting.maxWellLife ?? DEFAULT_MAX_WELL_LIFE,
    cashFlowPriorAsOfDate: ds?.dateSetting.cashFlowPriorAsOfDate ?? false,
    volumes,
    ownership: interests.ownership,
    reversions: interests.reversions,
    prices: pr ? pricingDeck(pr, refs, warnings, args.escalations) : {},
    expenses: { ...NO_EXPENSES, variable: {} },
    capex,
    discountTable: go?.discountTable ?? defaultDiscountTable(),
    boeConversion: go ? { ...go.boeConversion } : defaultBoeConversion(),
  };
  // Expenses and production taxes (the service's kinds): charged by the engine's expenses.ts and taxes.ts.
  const expenseLeaves = ex ? expenseItems(ex, refs, warnings) : [];
  const taxRows = pt ? taxItems(pt, refs, warnings) : [];
  for (const item of [...expenseLeaves, ...taxRows]) {
    const tax = 'escalation' in item;
    const id = tax ? item.escalation : item.escalationModel;
    if (id === 'none' || args.escalations?.has(id)) continue;
    warnings.push(
      `${tax ? 'production-taxes' : 'expenses'}: ${item.field} escalationModel ${id} names no escalations model; not escalated.`,
    );
  }
  if (expenseLeaves.length) input.expenseItems = expenseLeaves;
  const wellCount = wellCountRows(models.riskings?.risking, refs);
  if (wellCount) input.wellCount = wellCount;
  if (riskShut.fixedOff.length) input.fixedCostOffDays = riskShut.fixedOff;
  if (taxRows.length) input.taxItems = taxRows;
  const fee = pt ? impactFee(pt, { fpd, spudDate: headerDate(well.spudDate) }, warnings) : undefined;
  if (fee) input.impactFee = fee;
  if (args.escalations?.size) input.escalate = escalationSeam(args.escalations, refs);
  // Emission rates escalate by a percent model only (dollars per year do not apply to a rate).
  const emissionRows = (models.emissions?.emissions.rows.filter((r) => r.selected) ?? []).map((row, i) => {
    const model = row.escalationModel === 'none' ? undefined : args.escalations?.get(row.escalationModel);
    if (row.escalationModel === 'none' || model?.rows[0]?.pctPerYear !== undefined) return row;
    warnings.push(
      model
        ? `emissions: emissions.rows[${i}].escalationModel ${row.escalationModel} escalates in dollars per year, which does not apply to a rate; not escalated.`
        : `emissions: emissions.rows[${i}].escalationModel ${row.escalationModel} names no escalations model; not escalated.`,
    );
    return { ...row, escalationModel: 'none' };
  });
  if (emissionRows.length && expenseLeaves.some((i) => i.group === 'carbon')) input.emissionRows = emissionRows;
  if (pr) input.breakeven = breakevenSettings(pr, warnings);
  if (models.differentials)
    input.differentials = differentialTables(models.differentials, refs, warnings, args.escalations);
  if (sp) input.stream = streamProperties(sp, refs);
  if (ds) input.cutOff = ds.cutOff;
  if (Object.keys(actual).length) input.history = actual;
  if (historyEnd !== undefined) input.endOfHistory = historyEnd;
  if (fpd !== undefined) input.firstProductionDate = fpd;
  if (tax?.incomeTax) {
    input.tax = { depreciationModel: tax.depreciation?.depreciation ?? NO_DDA, incomeTax: tax.incomeTax };
  }
  return tax ? { input, warnings, tax } : { input, warnings };
}
