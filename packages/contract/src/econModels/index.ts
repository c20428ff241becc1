import type { z } from 'zod';
import { ActualForecastFunctions, ActualForecastFunctionsView, actualForecastView } from './actualForecast';
import { CapexFunctions, CapexFunctionsView, capexView } from './capex';
import { DateSettingsFunctions, DateSettingsFunctionsView, dateSettingsView } from './dateSettings';
import { DepreciationFunctions, DepreciationFunctionsView, depreciationView } from './depreciation';
import { DifferentialsFunctions, DifferentialsFunctionsView, differentialsView } from './differentials';
import { EmissionFunctions, EmissionFunctionsView, emissionView } from './emission';
import type { EconModelKind } from './envelope';
import { EscalationFunctions, EscalationFunctionsView, escalationView } from './escalation';
import { ExpensesFunctions, ExpensesFunctionsView, expensesView } from './expenses';
import { FluidModelFunctions, FluidModelFunctionsView, fluidModelView } from './fluidModel';
import { GeneralOptionsFunctions, GeneralOptionsFunctionsView, generalOptionsView } from './generalOptions';
import { OperationsFunctions, OperationsFunctionsView, operationsView } from './operations';
import {
  OwnershipReversionFunctions,
  OwnershipReversionFunctionsView,
  ownershipReversionView,
} from './ownershipReversion';
import { PricingFunctions, PricingFunctionsView, pricingView } from './pricing';
import { ProductionTaxesFunctions, ProductionTaxesFunctionsView, productionTaxesView } from './productionTaxes';
import { ReservesCategoryFunctions, ReservesCategoryFunctionsView, reservesCategoryView } from './reservesCategory';
import { RiskingFunctions, RiskingFunctionsView, riskingView } from './risking';
import { StreamPropertiesFunctions, StreamPropertiesFunctionsView, streamPropertiesView } from './streamProperties';

export * from './actualForecast';
export * from './capex';
export * from './capexProbabilistic';
export * from './dateSettings';
export * from './depreciation';
export * from './differentials';
export * from './emission';
export * from './envelope';
export * from './escalation';
export * from './escalationRefs';
export * from './expenses';
export { exactlyOne, hasPrecision, intRange, PRECISION, range, readOnly } from './fields';
export * from './fluidModel';
export * from './generalOptions';
export * from './operations';
export * from './ownershipReversion';
export * from './priceDeck';
export * from './priceDeckCompat';
export * from './pricing';
export * from './productionTaxes';
export * from './reservesCategory';
export * from './risking';
export * from './riskingShutIn';
export * from './rows';
export * from './streamProperties';

/** What the API and the console need of each econ model kind. */
export interface EconModelSpec {
  /** Human name, e.g. "Date settings". */
  title: string;
  /** The request's econ function object(s), every rule of spec 2.2–2.7 (or of our own kinds). */
  functions: z.ZodType;
  /** The same as responses carry them (read-only fields included). */
  functionsView: z.ZodType;
  /** Stored functions → response form (computes read-only fields). */
  view: (functions: never) => unknown;
}

export const ECON_MODEL_SPECS: Record<EconModelKind, EconModelSpec> = {
  depreciation: {
    title: 'Depreciation',
    functions: DepreciationFunctions,
    functionsView: DepreciationFunctionsView,
    view: depreciationView,
  },
  'date-settings': {
    title: 'Date settings',
    functions: DateSettingsFunctions,
    functionsView: DateSettingsFunctionsView,
    view: dateSettingsView,
  },
  'ownership-reversions': {
    title: 'Ownership and reversions',
    functions: OwnershipReversionFunctions,
    functionsView: OwnershipReversionFunctionsView,
    view: ownershipReversionView,
  },
  'actual-forecast': {
    title: 'Actual or forecast',
    functions: ActualForecastFunctions,
    functionsView: ActualForecastFunctionsView,
    view: actualForecastView,
  },
  'general-options': {
    title: 'General options',
    functions: GeneralOptionsFunctions,
    functionsView: GeneralOptionsFunctionsView,
    view: generalOptionsView,
  },
  capex: { title: 'CAPEX', functions: CapexFunctions, functionsView: CapexFunctionsView, view: capexView },
  pricing: { title: 'Pricing', functions: PricingFunctions, functionsView: PricingFunctionsView, view: pricingView },
  differentials: {
    title: 'Differentials',
    functions: DifferentialsFunctions,
    functionsView: DifferentialsFunctionsView,
    view: differentialsView,
  },
  'stream-properties': {
    title: 'Stream properties',
    functions: StreamPropertiesFunctions,
    functionsView: StreamPropertiesFunctionsView,
    view: streamPropertiesView,
  },
  expenses: {
    title: 'Expenses',
    functions: ExpensesFunctions,
    functionsView: ExpensesFunctionsView,
    view: expensesView,
  },
  'reserves-categories': {
    title: 'Reserves category',
    functions: ReservesCategoryFunctions,
    functionsView: ReservesCategoryFunctionsView,
    view: reservesCategoryView,
  },
  riskings: { title: 'Risking', functions: RiskingFunctions, functionsView: RiskingFunctionsView, view: riskingView },
  escalations: {
    title: 'Escalation',
    functions: EscalationFunctions,
    functionsView: EscalationFunctionsView,
    view: escalationView,
  },
  'fluid-models': {
    title: 'Fluid',
    functions: FluidModelFunctions,
    functionsView: FluidModelFunctionsView,
    view: fluidModelView,
  },
  emissions: {
    title: 'Emission',
    functions: EmissionFunctions,
    functionsView: EmissionFunctionsView,
    view: emissionView,
  },
  operations: {
    title: 'Operations',
    functions: OperationsFunctions,
    functionsView: OperationsFunctionsView,
    view: operationsView,
  },
  'production-taxes': {
    title: 'Production taxes',
    functions: ProductionTaxesFunctions,
    functionsView: ProductionTaxesFunctionsView,
    view: productionTaxesView,
  },
};
export * from './examples';
