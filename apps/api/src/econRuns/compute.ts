import {
  type EconModelKind,
  type EconOneLiner,
  type Phase as ForecastPhase,
  NO_FORECAST_WARNING,
  QUALIFIER_DEFAULT,
  type ReservesCategory,
} from '@econ/contract';
import type { DailySeries } from '@econ/decline';
import {
  type AssignedModels,
  EconError,
  type EscalationLookup,
  type HistoryRecord,
  type HistoryResolution,
  historyAvailable,
  historyResolution,
  type MonthlyCashFlow,
  type OneLiner,
  runWell,
  type WellHeaders,
  wellInput,
} from '@econ/econ';
import { type WellPhase, wellVolumes } from '../forecasts/volumes';
import { type MonthlyColumns, type PackedMonthly, packMonthly } from './results';

/** What one well of a run needs besides the models: its headers, its stored forecast phases and its history. */
export interface WellToRun {
  headers: WellHeaders & { wellName: string };
  /** The forecast's stored phases of the well (empty when the forecast has none for it). */
  phases: readonly WellPhase[];
  /** The well's production records at the resolution {@link historyToLoad} names (absent: none). */
  histories?: Partial<Record<HistoryResolution, readonly HistoryRecord[]>>;
}

/**
 * The resolution of production history a well's economics read (none when it has no history or
 * its actual-forecast model ignores it), so a run loads only that.
 */
export function historyToLoad(
  headers: WellHeaders,
  phases: readonly WellPhase[],
  models: Partial<Record<EconModelKind, unknown>>,
): HistoryResolution | undefined {
  const m = models as AssignedModels;
  return historyResolution(
    m['date-settings']?.dateSetting.productionDataResolution,
    forecastResolution(phases),
    historyAvailable(headers),
    m['actual-forecast']?.actualOrForecast,
  );
}

/** The forecast's resolution: its oil phase's data frequency, else its first phase's. */
const forecastResolution = (phases: readonly WellPhase[]): HistoryResolution | undefined =>
  (phases.find((p) => p.phase === 'oil') ?? phases[0])?.dataFrequency;

export interface ComputedWell {
  oneLiner: EconOneLiner;
  monthly: PackedMonthly;
  incomeTax: boolean;
}

const NO_MONTHLY: PackedMonthly = { columns: [], firstMonth: null, months: 0, data: new Float64Array(0) };

/**
 * The forecast of one well as the engine reads it: each phase's `best` series (ratio phases
 * multiplied out by their base), with a warning for a phase that has no volumes.
 */
export function bestForecast(phases: readonly WellPhase[], forecastId: string) {
  const volumes: Partial<Record<ForecastPhase, DailySeries>> = {};
  const segments: Partial<Record<ForecastPhase, readonly { startDate: string; endDate: string }[]>> = {};
  const warnings: string[] = [];
  if (phases.length === 0) warnings.push(`forecast ${forecastId} ${NO_FORECAST_WARNING}: volumes are 0`);
  for (const [phase, bySeries] of wellVolumes(phases)) {
    const best = bySeries.get('best');
    if (!best) {
      warnings.push(`forecast: ${phase} has no best series: its volumes are 0`);
      continue;
    }
    if (!best.volumes) {
      warnings.push(`forecast: ${phase} is a ratio on a phase without a rate forecast: its volumes are 0`);
      continue;
    }
    volumes[phase] = best.volumes;
    segments[phase] = phases.find((p) => p.phase === phase)?.series.best ?? [];
  }
  const resolution = forecastResolution(phases);
  return { volumes, segments, warnings, ...(resolution ? { resolution } : {}) };
}

/** The engine's monthly result under the contract's column names. */
export function monthlyColumns(m: MonthlyCashFlow): MonthlyColumns {
  return {
    ...m.tax,
    days: m.days,
    grossOilVolume: m.grossVolume.oil,
    grossGasVolume: m.grossVolume.gas,
    grossWaterVolume: m.grossVolume.water,
    grossNglVolume: m.grossVolume.ngl,
    grossDripCondensateVolume: m.grossVolume.dripCondensate,
    salesOilVolume: m.salesVolume.oil,
    salesGasVolume: m.salesVolume.gas,
    workingInterest: m.workingInterest,
    netOilVolume: m.netVolume.oil,
    netGasVolume: m.netVolume.gas,
    netNglVolume: m.netVolume.ngl,
    netDripCondensateVolume: m.netVolume.dripCondensate,
    oilPrice: m.price.oil,
    gasPrice: m.price.gas,
    nglPrice: m.price.ngl,
    dripCondensatePrice: m.price.dripCondensate,
    oilDifferential: m.differential.oil,
    gasDifferential: m.differential.gas,
    nglDifferential: m.differential.ngl,
    dripCondensateDifferential: m.differential.dripCondensate,
    oilRevenue: m.revenue.oil,
    gasRevenue: m.revenue.gas,
    nglRevenue: m.revenue.ngl,
    dripCondensateRevenue: m.revenue.dripCondensate,
    totalRevenue: m.totalRevenue,
    fixedExpense: m.fixedExpense,
    variableExpense: m.variableExpense,
    severanceTax: m.severanceTax,
    adValoremTax: m.adValoremTax,
    npi: m.npi,
    capex: m.capex,
    bfit: m.bfit,
    cumBfit: m.cumBfit,
    firstDiscountCashFlow: m.firstDiscountCashFlow,
    cumFirstDiscountCashFlow: m.cumFirstDiscountCashFlow,
    secondDiscountCashFlow: m.secondDiscountCashFlow,
    cumSecondDiscountCashFlow: m.cumSecondDiscountCashFlow,
  };
}

/** The engine's one-liner as the API reports it. */
export function oneLinerView(
  well: {
    id: string;
    wellName: string;
    comboName: string;
    reservesCategory?: ReservesCategory;
    fiscal?: string;
    aggregationDate?: string;
  },
  o: OneLiner,
  warnings: string[],
  discountRates?: { first: number; second: number },
): EconOneLiner {
  return {
    well: well.id,
    wellName: well.wellName,
    comboName: well.comboName,
    warnings,
    ...(well.reservesCategory ? { reservesCategory: well.reservesCategory } : {}),
    status: 'complete',
    econLimitDate: o.econLimitDate,
    econLimitTrigger: o.econLimitTrigger,
    uneconomic: o.uneconomic,
    wellLife: o.wellLife,
    eur: o.eur,
    remaining: o.remaining,
    netVolume: o.netVolume,
    revenue: o.revenue,
    expenses: o.expenses,
    taxes: o.taxes,
    npi: o.npi,
    capex: o.capex,
    bfit: o.bfit,
    firstDiscountNpv: o.firstDiscountNpv,
    secondDiscountNpv: o.secondDiscountNpv,
    ...(discountRates ? { discountRates } : {}),
    npv: o.npv,
    irr: o.irr,
    ...(o.irrReason ? { irrReason: o.irrReason } : {}),
    payout: o.payout,
    ...(o.payoutReason ? { payoutReason: o.payoutReason } : {}),
    discountedPayout: o.discountedPayout,
    roi: o.roi,
    reversions: o.reversions,
    ...(o.afterTax ? { afterTax: o.afterTax } : {}),
    ...(o.breakeven ? { breakeven: o.breakeven } : {}),
    ...(well.fiscal ? { fiscal: well.fiscal } : {}),
    ...(well.aggregationDate ? { aggregationDate: well.aggregationDate } : {}),
  };
}

/**
 * Computes one well: the models → the engine's input (with warnings for what was defaulted), the
 * engine, and the results in API form. An input the engine refuses makes a `failed` one-liner
 * naming the field; anything else is a bug and is thrown.
 */
export function computeWell(
  runDate: string,
  forecastId: string,
  well: WellToRun,
  models: Partial<Record<EconModelKind, unknown>>,
  escalations?: EscalationLookup,
  comboName = QUALIFIER_DEFAULT,
): ComputedWell {
  const { headers } = well;
  const forecast = bestForecast(well.phases, forecastId);
  // The reserves category is reported as assigned (the engine does not read it).
  const category = (models['reserves-categories'] as { reservesCategory?: ReservesCategory } | undefined)
    ?.reservesCategory;
  // Yearly summaries follow the fiscal year of the well's general options (issue 20).
  const main = (
    models['general-options'] as
      | { mainOptions?: { reportingPeriod?: string; fiscal?: string; aggregationDate?: string } }
      | undefined
  )?.mainOptions;
  const fiscal = main?.reportingPeriod === 'fiscal' && main.fiscal ? main.fiscal : undefined;
  const base = {
    id: headers.id,
    wellName: headers.wellName,
    comboName,
    ...(category ? { reservesCategory: category } : {}),
    ...(fiscal ? { fiscal } : {}),
    ...(main?.aggregationDate ? { aggregationDate: main.aggregationDate } : {}),
  };
  try {
    const mapped = wellInput({
      runDate,
      well: headers,
      forecast: {
        volumes: forecast.volumes,
        segments: forecast.segments,
        ...(forecast.resolution ? { resolution: forecast.resolution } : {}),
      },
      models: models as AssignedModels,
      ...(well.histories ? { histories: well.histories } : {}),
      ...(escalations ? { escalations } : {}),
    });
    const warnings = [...forecast.warnings, ...mapped.warnings];
    const result = runWell(mapped.input);
    const incomeTax = result.monthly.tax !== undefined;
    return {
      oneLiner: oneLinerView(base, result.oneLiner, warnings, {
        first: mapped.input.discountTable.firstDiscount,
        second: mapped.input.discountTable.secondDiscount,
      }),
      monthly: packMonthly(result.monthly.labels, monthlyColumns(result.monthly), incomeTax),
      incomeTax,
    };
  } catch (e) {
    if (!(e instanceof EconError)) throw e;
    return {
      oneLiner: {
        well: base.id,
        wellName: base.wellName,
        comboName,
        status: 'failed',
        error: e.message,
        warnings: forecast.warnings,
        ...(category ? { reservesCategory: category } : {}),
      },
      monthly: NO_MONTHLY,
      incomeTax: false,
    };
  }
}
