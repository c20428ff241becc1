export type { CapexContext, CapexDates, WellHeaders } from './capex';
export { capexItems, costTotal, DOLLARS_PER_M, rateDate } from './capex';
export type { DateChoice, ForecastPhase, FpdSourceHierarchy, WellForecast } from './dates';
export {
  addDays,
  FORECAST_PHASES,
  firstOfNextMonth,
  firstOfNextYear,
  forecastStart,
  headerDate,
  MAJOR_PHASE_GAS_PER_BOE,
  majorPhase,
  majorSegmentDate,
  resolveDateChoice,
  resolveFpd,
} from './dates';
export { expenseItems, impactFee, taxItems } from './expenses';
export type { HistoryAvailable, HistoryRecord, HistoryResolution, PhaseHistory, WellHistory } from './history';
export {
  actualOrForecast,
  endOfHistory,
  historyAvailable,
  historyResolution,
  phaseHistories,
  switchDay,
} from './history';
export type { OperatedPhase, OperationsPlan, ShutInSpan } from './operations';
export { operatedSeries, operateSeries, operationsPlan } from './operations';
export type { EscalationLookup } from './pricing';
export { differentialTables, pricingDeck, streamProperties } from './pricing';
export { byproductSeries, yieldRows } from './stream';
export type { UnappliedModels } from './unapplied';
export { unapplied } from './unapplied';
export type { AssignedModels, WellInputResult, WellTax } from './wellInput';
export {
  DEFAULT_FPD_SOURCE_HIERARCHY,
  DEFAULT_MAX_WELL_LIFE,
  DEFAULT_OWNERSHIP,
  defaultBoeConversion,
  defaultDiscountTable,
  ownership,
  wellInput,
} from './wellInput';
