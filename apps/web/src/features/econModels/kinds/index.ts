import type { EconModelKind } from '@econ/contract';
import type { ComponentType } from 'react';
import { ActualForecastForm } from './actualForecastForm';
import { CapexForm } from './capexForm';
import { DateSettingsForm } from './dateSettingsForm';
import { DepreciationForm } from './depreciationForm';
import { ExpensesForm } from './expensesForm';
import { GeneralOptionsForm } from './generalOptionsForm';
import type { KindFormProps } from './kindForm';
import { OwnershipReversionForm } from './ownershipReversionForm';
import { PriceDeckForm } from './priceDeckForm';
import { ProductionTaxesForm } from './productionTaxesForm';
import { ReservesCategoryForm } from './reservesCategoryForm';
import { RiskingForm } from './riskingForm';

/** The form body of each econ model kind; the page around it (envelope, save, copy, delete) is shared. */
export const KIND_FORMS: Record<EconModelKind, ComponentType<KindFormProps>> = {
  depreciation: DepreciationForm,
  'date-settings': DateSettingsForm,
  'ownership-reversions': OwnershipReversionForm,
  'actual-forecast': ActualForecastForm,
  'general-options': GeneralOptionsForm,
  capex: CapexForm,
  'price-deck': PriceDeckForm,
  expenses: ExpensesForm,
  'reserves-categories': ReservesCategoryForm,
  riskings: RiskingForm,
  'production-taxes': ProductionTaxesForm,
};
