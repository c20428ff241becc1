import type { EconModelKind } from '@econ/contract';
import type { ComponentType } from 'react';
import { ActualForecastForm } from './actualForecastForm';
import { CapexForm } from './capexForm';
import { DateSettingsForm } from './dateSettingsForm';
import { DepreciationForm } from './depreciationForm';
import { DifferentialsForm } from './differentialsForm';
import { EmissionsForm } from './emissionsForm';
import { EscalationForm } from './escalationForm';
import { ExpensesForm } from './expensesForm';
import { FluidModelForm } from './fluidModelForm';
import { GeneralOptionsForm } from './generalOptionsForm';
import type { KindFormProps } from './kindForm';
import { OperationsForm } from './operationsForm';
import { OwnershipReversionForm } from './ownershipReversionForm';
import { PricingForm } from './pricingForm';
import { ProductionTaxesForm } from './productionTaxesForm';
import { ReservesCategoryForm } from './reservesCategoryForm';
import { RiskingForm } from './riskingForm';
import { StreamPropertiesForm } from './streamPropertiesForm';

/** The form body of each econ model kind; the page around it (envelope, save, copy, delete) is shared. */
export const KIND_FORMS: Record<EconModelKind, ComponentType<KindFormProps>> = {
  depreciation: DepreciationForm,
  'date-settings': DateSettingsForm,
  'ownership-reversions': OwnershipReversionForm,
  'actual-forecast': ActualForecastForm,
  'general-options': GeneralOptionsForm,
  capex: CapexForm,
  pricing: PricingForm,
  differentials: DifferentialsForm,
  'stream-properties': StreamPropertiesForm,
  expenses: ExpensesForm,
  'reserves-categories': ReservesCategoryForm,
  riskings: RiskingForm,
  escalations: EscalationForm,
  'fluid-models': FluidModelForm,
  emissions: EmissionsForm,
  operations: OperationsForm,
  'production-taxes': ProductionTaxesForm,
};
