export type { Breakeven, BreakevenPhase, BreakevenSettings } from './breakeven';
export { BREAKEVEN_ANCHORS, BREAKEVEN_PHASES, breakevenPrices, breakevenRunPrices, linearZero } from './breakeven';
export type { ActiveDays, Interests, RunColumns } from './cashFlow';
export { flatInterests, runColumns } from './cashFlow';
export { payoutOf } from './columns';
export type { CutOffRun, EconLimit, EconLimitContext } from './cutOff';
export { econLimit, majorPhase, primaryEndDay, RATE_TRIGGER_DAYS_PER_MONTH } from './cutOff';
export type { DatedRow, RowPeriod, RowValues } from './datedRows';
export { monthIndex, monthlyRowValues, monthlyValues, monthStart } from './datedRows';
export type { CashAccrual, PlacedCapex } from './discount';
export {
  DISCOUNT_DAYS_PER_YEAR,
  dayExponent,
  discountedCashFlow,
  discountFactor,
  MID_MONTH_DAYS,
  monthExponents,
  npv,
} from './discount';
export { EconError } from './econError';
export type { EmissionInputs, EmissionMasses } from './emissions';
export { DEFAULT_GAS_MCF_PER_BOE, emissionMasses } from './emissions';
export type { CapexEscalation, EscalationContext, EscalationModel } from './escalation';
export { capexEscalation, escalateColumn, escalationDatedStart } from './escalation';
export type { ExpenseColumns, ExpenseItem } from './expenses';
export { expenseAmount, expenseColumns, fixedFraction, isPctOfRevenue, revenueAt } from './expenses';
export type { Grid } from './grid';
export { addMonths, buildGrid, cashFlowEnd, cutGrid, endOfMonth, rowOf } from './grid';
export type { ImpactFee } from './impactFee';
export {
  annualImpactFee,
  HORIZONTAL_ANNUAL_FEE,
  IMPACT_FEE_PRICE_BANDS,
  IMPACT_FEE_YEARS,
  impactFeeColumn,
  impactFeePriceBand,
  VERTICAL_SHARE,
} from './impactFee';
export * from './inputs';
export type { RowRefs } from './inputs/rows';
export type { IrrResult } from './irr';
export { IRR_MAX_ANNUAL, irr, irrReason, payoutReason } from './irr';
export type { EscalateColumn, MonthlyStreams, RowColumnOptions, StreamInterests } from './monthlyStreams';
export { chargedFraction, interestOf, rowColumn } from './monthlyStreams';
export type { GridColumns } from './prices';
export { gridColumns, monthlyPrices, sliceColumns, withFlatPrices } from './prices';
export type { FiredReversion, OwnershipSchedule, OwnershipState, ReversionContext } from './reversions';
export {
  buildSchedule,
  crossingDay,
  evaluateReversions,
  grossOf,
  initialState,
  productNri,
  revertedState,
} from './reversions';
export * from './tax';
export type { TaxColumns, TaxDeductions, TaxItem } from './taxes';
export { grossBoe, productionTaxColumns } from './taxes';
export type {
  CapexItem,
  DifferentialTable,
  Expenses,
  Ownership,
  Phase,
  PriceDeck,
  PriceInput,
  PriceTable,
  Product,
  StreamProperties,
  WellInput,
  WellTaxInput,
} from './types';
export { PHASES, PRODUCTS } from './types';
export { monthlyVolumes, sumDays } from './volumes';
export type { AfterTax, AfterTaxColumns, MonthlyCashFlow, OneLiner, Payout, WellResult } from './well';
export { runWell } from './well';
