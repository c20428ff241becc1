import type { EconModelKind } from './envelope';
import {
  EXPENSE_LEAF_DEFAULTS,
  FIXED_LEAF_DEFAULTS,
  TAX_ROW_DEFAULTS,
  VARIABLE_SHRINKAGE_DEFAULT,
} from './expenseKeys';

/**
 * A typical valid model of each kind (its econ function objects, without the envelope): the
 * console's starting point for a new model, the demo seed and the tests' base bodies.
 */
export function econModelExample(kind: EconModelKind): Record<string, unknown> {
  switch (kind) {
    case 'depreciation':
      return {
        depreciation: {
          modelType: 'depreciation',
          taxCredit: 0,
          tcjaBonus: false,
          bonusDepreciation: [{ tangibleBonusDepreciation: 0, intangibleBonusDepreciation: 0 }],
          // MACRS 7-year (half-year convention) for tangible; intangible expensed in year 1.
          depreciation: [14.29, 24.49, 17.49, 12.49, 8.93, 8.92, 8.93, 4.46].map((tanFactor, i) => ({
            tanFactor,
            intanFactor: i === 0 ? 100 : 0,
          })),
        },
      };
    case 'date-settings':
      return {
        dateSetting: {
          maxWellLife: 50,
          asOfDate: { dynamic: 'first_of_next_month' },
          discountDate: { dynamic: 'first_of_next_month' },
          cashFlowPriorAsOfDate: false,
          productionDataResolution: 'same_as_forecast',
          fpdSourceHierarchy: {
            firstFpdSource: { wellHeader: true },
            secondFpdSource: { productionData: true },
            thirdFpdSource: { forecast: true },
            fourthFpdSource: { notUsed: true },
            useForecastSchedule: true,
          },
        },
        cutOff: {
          maxCumCashFlow: true,
          minLife: { none: true },
          triggerEclCapex: false,
          includeCapex: false,
          discount: 0,
          econLimitDelay: 0,
          alignDependentPhases: true,
        },
      };
    case 'actual-forecast':
      return {
        actualOrForecast: {
          ignoreHistoryProd: false,
          replaceActualWithForecast: { oil: { never: '' }, gas: { never: '' }, water: { never: '' } },
          afterEconLimit: 'no',
        },
      };
    case 'ownership-reversions':
      return {
        ownership: {
          initialOwnership: {
            workingInterest: 100,
            netProfitInterestType: 'expense',
            netProfitInterest: 0,
            netRevenueInterest: 80,
            leaseNetRevenueInterest: 80,
          },
          firstReversion: {
            reversionType: 'PayoutWithInvestment',
            reversionValue: 0,
            netProfitInterest: 0,
            workingInterest: 75,
            balance: 'gross',
            includeNetProfitInterest: 'yes',
            netRevenueInterest: 60,
          },
        },
      };
    case 'general-options':
      return {
        mainOptions: {
          aggregationDate: '2026-01-01',
          currency: 'USD',
          reportingPeriod: 'calendar',
          incomeTax: false,
          projectType: 'primary_recovery',
        },
        discountTable: {
          discountMethod: 'yearly',
          cashAccrualTime: 'mid_month',
          firstDiscount: 0,
          secondDiscount: 10,
          discounts: [0, 2, 5, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 100].map((discountTable) => ({
            discountTable,
          })),
        },
        boeConversion: { oil: 1, wetGas: 6, dryGas: 6, ngl: 1, dripCondensate: 1 },
        reportingUnits: {
          oil: 'MBBL',
          gas: 'MMCF',
          ngl: 'MBBL',
          dripCondensate: 'MBBL',
          water: 'MBBL',
          pressure: 'PSI',
          cash: 'M$',
          gor: 'CF/BBL',
          condensateGasRatio: 'BBL/MMCF',
          dripCondensateYield: 'BBL/MMCF',
          nglYield: 'BBL/MMCF',
        },
      };
    case 'capex': {
      const row = {
        capexExpense: 'capex',
        afterEconLimit: false,
        calculation: 'gross',
        escalationModel: 'none',
        escalationStart: { applyToCriteria: 0 },
        depreciationModel: 'none',
        dealTerms: 1,
      };
      return {
        otherCapex: {
          rows: [
            {
              category: 'drilling',
              description: 'Drill and case',
              tangible: 1200,
              intangible: 3400,
              ...row,
              offsetToFpd: -120,
            },
            {
              category: 'completion',
              description: 'Frac',
              tangible: 300,
              intangible: 4100,
              ...row,
              fromHeaders: 'offset_to_first_prod_date',
              firstProdDate: -30,
            },
            {
              category: 'abandonment',
              description: 'Plug and abandon',
              tangible: 0,
              intangible: 150,
              ...row,
              afterEconLimit: true,
              offsetToEconLimit: 0,
            },
          ],
        },
      };
    }
    case 'price-deck':
      return {
        pricing: {
          oil: {
            byDate: [
              { date: '2026-01-01', price: 68 },
              { date: '2027-01-01', price: 65 },
              { date: '2028-01-01', price: 62.5 },
            ],
          },
          gas: { flat: 3.25 },
          ngl: { flat: 22 },
          dripCondensate: { flat: 60 },
        },
      };
    case 'expenses': {
      // A typical Permian well: lease operating cost, oil gathering, gas processing, water disposal;
      // each leaf with the service's settings (the others take them too).
      const flat = (key: string, value: number) => [{ entireWellLife: 'Flat', [key]: value }];
      const variable = { ...EXPENSE_LEAF_DEFAULTS, shrinkageCondition: VARIABLE_SHRINKAGE_DEFAULT };
      return {
        fixedExpenses: {
          monthlyWellCost: {
            ...EXPENSE_LEAF_DEFAULTS,
            ...FIXED_LEAF_DEFAULTS,
            description: 'Lease operating cost',
            rows: flat('fixedExpense', 8000),
          },
        },
        variableExpenses: {
          oil: { gathering: { ...variable, rows: flat('dollarPerBbl', 1) } },
          gas: { processing: { ...variable, rows: flat('dollarPerMcf', 0.4) } },
        },
        waterDisposal: { ...EXPENSE_LEAF_DEFAULTS, rows: flat('dollarPerBbl', 0.75) },
      };
    }
    case 'riskings':
      return {
        risking: {
          riskProd: true,
          riskNglDripCondViaGasRisk: true,
          oil: { rows: [{ entireWellLife: 'Flat', multiplier: 90 }] },
          gas: {
            rows: [
              { offsetToAsOf: { start: 1, end: 12 }, multiplier: 95 },
              { offsetToAsOf: { start: 13, end: 600 }, multiplier: 90 },
            ],
          },
        },
      };
    case 'reserves-categories':
      return { reservesCategory: { prmsClass: 'reserves', prmsCategory: 'proved', prmsSubCategory: 'producing' } };
    case 'production-taxes': {
      // Texas: severance on oil and condensate 4.6 %, on gas and NGL 7.5 %; ad valorem 2.5 %.
      const flat = (key: string, value: number) => ({
        key,
        category: key === 'ad_valorem_tax' ? 'ad_val_tax' : 'severance_tax',
        criteria: 'entire_well_life',
        period: ['Flat'],
        value: [value],
        unit: 'pct_of_revenue',
        ...TAX_ROW_DEFAULTS,
      });
      return {
        data: {
          state: 'texas',
          rows: [
            flat('oil', 4.6),
            flat('gas', 7.5),
            flat('ngl', 7.5),
            flat('drip_condensate', 4.6),
            { ...flat('ad_valorem_tax', 2.5), deductSeveranceTax: false },
          ],
        },
      };
    }
  }
}
