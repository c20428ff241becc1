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
    case 'pricing':
      return {
        priceModel: {
          oil: {
            cap: '',
            escalationModel: 'none',
            rows: [
              { dates: '2026-01-01', price: 68 },
              { dates: '2027-01-01', price: 65 },
              { dates: '2028-01-01', price: 62.5 },
            ],
          },
          gas: { cap: '', escalationModel: 'none', rows: [{ entireWellLife: 'Flat', dollarPerMmbtu: 3.1 }] },
          ngl: { cap: '', escalationModel: 'none', rows: [{ entireWellLife: 'Flat', pctOfOilPrice: 35 }] },
          dripCondensate: { cap: '', escalationModel: 'none', rows: [{ entireWellLife: 'Flat', pctOfOilPrice: 90 }] },
        },
        breakeven: { basedOnPriceRatio: 'no', npvDiscount: 10, priceRatio: 20 },
      };
    case 'differentials':
      return {
        differentials: {
          // Trucking and the regional basis of a Permian well.
          firstDifferential: {
            oil: { escalationModel: 'none', rows: [{ entireWellLife: 'Flat', dollarPerBbl: -3.5 }] },
            gas: { escalationModel: 'none', rows: [{ entireWellLife: 'Flat', dollarPerMmbtu: -0.6 }] },
          },
          secondDifferential: {
            ngl: { escalationModel: 'none', rows: [{ entireWellLife: 'Flat', pctOfBasePrice: 95 }] },
          },
          thirdDifferential: {},
        },
      };
    case 'stream-properties':
      return {
        yields: {
          ngl: { rows: [{ entireWellLife: 'Flat', yield: 110, unshrunkGas: 'Unshrunk Gas' }] },
          dripCondensate: { rows: [{ entireWellLife: 'Flat', yield: 4, unshrunkGas: 'Unshrunk Gas' }] },
        },
        shrinkage: {
          oil: { rows: [{ entireWellLife: 'Flat', pctRemaining: 98 }] },
          gas: { rows: [{ entireWellLife: 'Flat', pctRemaining: 82 }] },
        },
        lossFlare: {
          oilLoss: { rows: [{ entireWellLife: 'Flat', pctRemaining: 100 }] },
          gasLoss: { rows: [{ entireWellLife: 'Flat', pctRemaining: 98 }] },
          gasFlare: { rows: [{ entireWellLife: 'Flat', pctRemaining: 99 }] },
        },
        btuContent: { unshrunkGas: 1300, shrunkGas: 1050 },
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
          // One well from the first-production month (the default, spelled out).
          wellStream: { rows: [{ offsetToFpd: { start: 1, end: 1200 }, count: 1 }] },
        },
      };
    case 'reserves-categories':
      return { reservesCategory: { prmsClass: 'reserves', prmsCategory: 'proved', prmsSubCategory: 'producing' } };
    case 'escalations':
      // 3 %/yr compounded monthly over the whole life.
      return {
        escalation: {
          escalationFrequency: 'monthly',
          calculationMethod: 'compound',
          rows: [{ entireWellLife: 'Flat', pctPerYear: 3 }],
        },
      };
    case 'fluid-models': {
      // A Permian (Wolfcamp) oil well's associated gas: rich and sweet; its specific gravity
      // (Σ yᵢMᵢ / 28.97) and gross heating value (Σ yᵢHᵢ) follow from the composition.
      const gas: Record<string, number> = {
        N2: 1.6,
        CO2: 1.9,
        C1: 71.1,
        C2: 12.8,
        C3: 6.7,
        iC4: 0.95,
        nC4: 2.3,
        iC5: 0.6,
        nC5: 0.7,
        iC6: 0.3,
        nC6: 0.35,
        C7: 0.25,
        C8: 0.15,
        C9: 0.1,
        C10Plus: 0.2,
      };
      return {
        fluidModel: {
          oil: { criteria: 'flat', apiGravity: 42, heatingValue: 5.8 },
          gas: {
            criteria: 'flat',
            composition: Object.fromEntries(Object.entries(gas).map(([k, percentage]) => [k, { percentage }])),
            specificGravity: 0.82,
            heatingValue: 1348,
          },
          water: { criteria: 'flat', specificGravity: 1.1, salinity: 140000 },
        },
      };
    }
    case 'emissions': {
      // Rates in metric tons per unit; co2e with the AR5 GWPs (CH4 28, N2O 265).
      const row = { selected: true, escalationModel: 'none' };
      return {
        emissions: {
          rows: [
            { ...row, category: 'flare', co2e: 1.655, co2: 1.5, ch4: 0.0055, n2o: 0.000003, unit: 'mt_per_mmcf' },
            {
              ...row,
              category: 'equipment_leaks',
              co2e: 2.522,
              co2: 0.002,
              ch4: 0.09,
              n2o: 0,
              unit: 'mt_per_well_per_month',
            },
            { ...row, category: 'combustion', co2e: 6.568, co2: 6.2, ch4: 0.012, n2o: 0.00012, unit: 'mt_per_mboe' },
          ],
        },
      };
    }
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
    case 'operations':
      return {
        operations: {
          shutIn: {
            rows: [
              {
                phase: 'all',
                dates: { startDate: '2027-06-01', endDate: '2027-06-30' },
                resume: 'shifted',
                multiplier: 100,
                description: 'Offset frac',
              },
            ],
          },
          downtime: { rows: [{ entireWellLife: 'Flat', pctDowntime: 5 }] },
        },
      };
  }
}
