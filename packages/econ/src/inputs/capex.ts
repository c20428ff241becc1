import type { CapexFunctions } from '@econ/contract';
import {
  FROM_HEADERS_COMPANIONS,
  FROM_SCHEDULE_COMPANIONS,
  type FromHeadersCompanion,
  type FromHeadersValue,
  type FromScheduleValue,
} from '@econ/contract/rules';
import type { DailySeries } from '@econ/decline';
import { fromDayIndex, toDayIndex } from '@econ/decline';
import { monthIndex } from '../datedRows';
import { capexEscalation, escalationDatedStart } from '../escalation';
import type { CapexItem } from '../types';
import { addDays, type ForecastPhase, headerDate, type WellForecast } from './dates';
import type { EscalationLookup } from './pricing';
import type { RowRefs } from './rows';

/*
 * CAPEX of spec part 2.7 → the engine's CapexItems: amounts in $, each resolved to a day (or to the
 * economic limit). Rows that cannot be timed for this well are left out with a warning.
 */

/** $ per M$: the CAPEX amounts of spec 2.7 (tangible, intangible, fixedCost) are in M$ (thousands of dollars). */
export const DOLLARS_PER_M = 1000;

/** The well headers the mapping reads: lengths for drilling/completion costs, dates for `fromHeaders`. */
export interface WellHeaders extends Partial<Record<FromHeadersCompanion, string | null>> {
  id: string;
  firstProdDate?: string | null;
  /** The production summary (first and last dates with production, daily and monthly). */
  firstProdDateDailyCalc?: string | null;
  firstProdDateMonthlyCalc?: string | null;
  lastProdDateDaily?: string | null;
  lastProdDateMonthly?: string | null;
  /** FT. */
  lateralLength?: number | null;
  /** FT; preferred over lateralLength for horizontal costs. */
  perfLateralLength?: number | null;
  measuredDepth?: number | null;
  /** FT; the vertical length of drilling/completion costs. */
  trueVerticalDepth?: number | null;
}

/** The well's resolved dates CAPEX timing refers to. */
export interface CapexDates {
  asOfDate: string;
  discountDate: string;
  fpd: string | undefined;
  majorSegment: string | undefined;
  /** The forecast's start (earliest first-segment start of any phase), for `offsetToFirstSegment`. */
  firstSegment: string | undefined;
}

export interface CapexContext {
  dates: CapexDates;
  well: WellHeaders;
  forecast: WellForecast;
  /** The escalations models rows name, by id, and the days their dated rows count from. */
  escalations?: { lookup: EscalationLookup; refs: RowRefs };
}

type OtherCapexRow = CapexFunctions['otherCapex']['rows'][number];
type Cost = NonNullable<CapexFunctions['drillingCost']> | NonNullable<CapexFunctions['completionCost']>;
type CostRow = Cost['rows'][number];

/** The timing of one item: a day, the economic limit with an offset, or nothing (left out). */
type Timing = { date: string } | { atEconLimit: true; offsetDays: number } | undefined;

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A relative date, or a warning naming the row and the missing reference. */
function offset(base: string | undefined, days: number, what: string, row: string, warnings: string[]): Timing {
  if (base !== undefined) return { date: addDays(base, days) };
  warnings.push(`capex: ${row} is timed from the ${what}, which this well lacks; row left out.`);
  return undefined;
}

/**
 * The first day, at or after the peak, on which the forecast's daily rate of `phases` (summed)
 * falls to `rate` or below; undefined when it never does or there is no forecast of them.
 */
export function rateDate(
  volumes: Partial<Record<ForecastPhase, DailySeries>>,
  phases: readonly ForecastPhase[],
  rate: number,
): string | undefined {
  const series = phases.map((p) => volumes[p]).filter((s): s is DailySeries => s !== undefined);
  if (series.length === 0) return undefined;
  const first = Math.min(...series.map((s) => s.start));
  const last = Math.max(...series.map((s) => s.start + s.values.length - 1));
  const total = new Float64Array(last - first + 1);
  for (const s of series) for (let i = 0; i < s.values.length; i++) total[s.start - first + i]! += s.values[i]!;
  let peak = 0;
  for (let i = 1; i < total.length; i++) if (total[i]! > total[peak]!) peak = i;
  for (let i = peak; i < total.length; i++) if (total[i]! <= rate) return fromDayIndex(first + i);
  return undefined;
}

/** Resolves an otherCapex row's timing criterion (spec 2.7). */
function otherTiming(r: OtherCapexRow, name: string, ctx: CapexContext, warnings: string[]): Timing {
  const { dates } = ctx;
  if (r.date !== undefined) return { date: r.date };
  if (r.offsetToFpd !== undefined) return offset(dates.fpd, r.offsetToFpd, 'FPD (offsetToFpd)', name, warnings);
  if (r.offsetToAsOf !== undefined) return { date: addDays(dates.asOfDate, r.offsetToAsOf) };
  if (r.offsetToDiscountDate !== undefined) return { date: addDays(dates.discountDate, r.offsetToDiscountDate) };
  if (r.offsetToMajorSegment !== undefined) {
    return offset(dates.majorSegment, r.offsetToMajorSegment, 'major segment (offsetToMajorSegment)', name, warnings);
  }
  if (r.offsetToEconLimit !== undefined) return { atEconLimit: true, offsetDays: Math.round(r.offsetToEconLimit) };
  if (r.fromHeaders !== undefined) {
    const header = FROM_HEADERS_COMPANIONS[r.fromHeaders as FromHeadersValue];
    const date = headerDate(ctx.well[header]);
    if (date !== undefined) return { date: addDays(date, r[header] ?? 0) };
    warnings.push(
      `capex: ${name} fromHeaders ${r.fromHeaders} needs the well header ${header}, which this well lacks; row left out.`,
    );
    return undefined;
  }
  if (r.fromSchedule !== undefined) {
    const milestone = FROM_SCHEDULE_COMPANIONS[r.fromSchedule as FromScheduleValue];
    warnings.push(`capex: ${name} fromSchedule ${milestone}: no schedules exist in this service; row left out.`);
    return undefined;
  }
  const rates = [
    ['oilRate', r.oilRate, ['oil']],
    ['gasRate', r.gasRate, ['gas']],
    ['waterRate', r.waterRate, ['water']],
    ['totalFluidRate', r.totalFluidRate, ['oil', 'water']],
  ] as const;
  for (const [field, value, phases] of rates) {
    if (value === undefined) continue;
    const date = rateDate(ctx.forecast.volumes, phases, value);
    if (date !== undefined) return { date };
    warnings.push(`capex: ${name} ${field} ${value}: the forecast never falls to that rate; row left out.`);
    return undefined;
  }
  warnings.push(`capex: ${name} has no timing criterion; row left out.`);
  return undefined;
}

/** Resolves a drilling/completion cost row's timing criterion (spec 2.7). */
function costTiming(r: CostRow, name: string, ctx: CapexContext, warnings: string[]): Timing {
  const { dates } = ctx;
  if (r.date !== undefined) return { date: r.date };
  if (r.offsetToFpd !== undefined) return offset(dates.fpd, r.offsetToFpd, 'FPD (offsetToFpd)', name, warnings);
  if (r.offsetToAsOf !== undefined) return { date: addDays(dates.asOfDate, r.offsetToAsOf) };
  if (r.offsetToDiscountDate !== undefined) return { date: addDays(dates.discountDate, r.offsetToDiscountDate) };
  if (r.offsetToFirstSegment !== undefined) {
    return offset(
      dates.firstSegment,
      r.offsetToFirstSegment,
      'first forecast segment (offsetToFirstSegment)',
      name,
      warnings,
    );
  }
  const field =
    r.scheduleStart !== undefined ? 'scheduleStart' : r.scheduleEnd !== undefined ? 'scheduleEnd' : undefined;
  warnings.push(
    field === undefined
      ? `capex: ${name} has no timing criterion; row left out.`
      : `capex: ${name} ${field}: no schedules exist in this service; row left out.`,
  );
  return undefined;
}

/** Warnings for a depreciation model named on a row, which the mapping does not apply. */
function notApplied(name: string, r: { depreciationModel: string }, warnings: string[]): void {
  if (r.depreciationModel !== 'none') {
    warnings.push(
      `capex: ${name} depreciationModel ${r.depreciationModel} is not applied (the well's assigned depreciation model is used).`,
    );
  }
}

/** The reference date a row's timing counts from (`applyToCriteria`), undefined when it has none. */
function criterionDate(r: Partial<OtherCapexRow & CostRow>, ctx: CapexContext): string | undefined {
  const { dates } = ctx;
  if (r.offsetToFpd !== undefined) return dates.fpd;
  if (r.offsetToAsOf !== undefined) return dates.asOfDate;
  if (r.offsetToDiscountDate !== undefined) return dates.discountDate;
  if (r.offsetToMajorSegment !== undefined) return dates.majorSegment;
  if (r.offsetToFirstSegment !== undefined) return dates.firstSegment;
  if (r.fromHeaders !== undefined) {
    return headerDate(ctx.well[FROM_HEADERS_COMPANIONS[r.fromHeaders as FromHeadersValue]]);
  }
  return undefined;
}

/**
 * Escalates a dated item by the escalations model its row names (econ-math.md, "Escalation": one
 * factor at its month, k from the escalation start; decision 034). The start: `escalationStart`
 * (as-of date, FPD or a date, + days); `applyToCriteria` (default) the row's own reference date (a
 * `date` row: the model's first dated row). `dollarPerYear` adds its dollars once, split between
 * tangible and intangible by their shares (the platform adds them to each: decision 034). What
 * cannot be escalated is reported and the amount kept.
 */
function escalate(
  item: CapexItem,
  name: string,
  r: { escalationModel: string; escalationStart?: OtherCapexRow['escalationStart'] } & Partial<OtherCapexRow & CostRow>,
  ctx: CapexContext,
  warnings: string[],
): CapexItem {
  if (r.escalationModel === 'none') return item;
  const model = ctx.escalations?.lookup.get(r.escalationModel);
  if (!model) {
    warnings.push(`capex: ${name} escalationModel ${r.escalationModel} names no escalations model; not escalated.`);
    return item;
  }
  if (item.date === undefined) {
    warnings.push(`capex: ${name} is placed at the economic limit: its escalation is not applied.`);
    return item;
  }
  const start = r.escalationStart ?? { applyToCriteria: 0 };
  let month: number | undefined;
  if (start.date !== undefined) month = monthIndex(toDayIndex(start.date));
  else if (start.asOfDate !== undefined) month = monthIndex(toDayIndex(addDays(ctx.dates.asOfDate, start.asOfDate)));
  else if (start.fpd !== undefined && ctx.dates.fpd) month = monthIndex(toDayIndex(addDays(ctx.dates.fpd, start.fpd)));
  else if (start.applyToCriteria !== undefined) {
    const ref = criterionDate(r, ctx);
    month =
      ref !== undefined
        ? monthIndex(toDayIndex(addDays(ref, start.applyToCriteria)))
        : r.date !== undefined
          ? escalationDatedStart(model)
          : undefined;
  }
  if (month === undefined) {
    const why =
      start.econLimit !== undefined
        ? 'the economic limit'
        : start.fpd !== undefined
          ? 'the FPD, which this well lacks'
          : 'no reference date';
    warnings.push(`capex: ${name} escalation starts from ${why}: not escalated.`);
    return item;
  }
  const e = capexEscalation(model, monthIndex(toDayIndex(item.date)), month, { refs: ctx.escalations!.refs });
  const tangible = item.tangible ?? 0;
  const intangible = item.intangible ?? item.amount - tangible;
  const total = tangible + intangible;
  const share = total === 0 ? 0 : tangible / total;
  const t = tangible * e.factor + e.added * share;
  const g = intangible * e.factor + e.added * (1 - share);
  return { ...item, amount: t + g, tangible: t, intangible: g };
}

/** A positive length header, or undefined. */
const length = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/**
 * Total $ of a drilling or completion cost: $/ft of vertical × trueVerticalDepth + $/ft of
 * horizontal × (perfLateralLength, else lateralLength) + fixedCost (M$) × 1000. A length the well
 * lacks counts 0 with a warning (only when its $/ft is not 0). Completion $/ft of horizontal: the
 * service has no proppant-loading header, so the entry with the smallest propLl (the first of
 * equals), with a warning when there are several.
 */
export function costTotal(
  field: 'drillingCost' | 'completionCost',
  cost: Cost,
  well: WellHeaders,
  warnings: string[],
): number {
  let perFtHorizontal: number;
  if (typeof cost.dollarPerFtOfHorizontal === 'number') {
    perFtHorizontal = cost.dollarPerFtOfHorizontal;
  } else {
    const entries = cost.dollarPerFtOfHorizontal;
    const pick = entries.reduce((a, b) => (b.propLl < a.propLl ? b : a));
    perFtHorizontal = pick.unitCost;
    if (entries.length > 1) {
      warnings.push(
        `capex: ${field}.dollarPerFtOfHorizontal: the well has no proppant loading; the entry with the smallest propLl (${pick.propLl} LB/FT, ${pick.unitCost} $/FT) is used.`,
      );
    }
  }
  const vertical = length(well.trueVerticalDepth);
  if (vertical === undefined && cost.dollarPerFtOfVertical !== 0) {
    warnings.push(`capex: ${field}.dollarPerFtOfVertical: the well has no trueVerticalDepth; the vertical cost is 0.`);
  }
  const horizontal = length(well.perfLateralLength) ?? length(well.lateralLength);
  if (horizontal === undefined && perFtHorizontal !== 0) {
    warnings.push(
      `capex: ${field}.dollarPerFtOfHorizontal: the well has no perfLateralLength or lateralLength; the horizontal cost is 0.`,
    );
  }
  return (
    cost.dollarPerFtOfVertical * (vertical ?? 0) + perFtHorizontal * (horizontal ?? 0) + cost.fixedCost * DOLLARS_PER_M
  );
}

/** Items of a drilling or completion cost: the total split over its rows by pctOfTotalCost, tangible by tangiblePct. */
function costItems(
  field: 'drillingCost' | 'completionCost',
  cost: Cost,
  ctx: CapexContext,
  warnings: string[],
): CapexItem[] {
  notApplied(field, cost, warnings);
  const totalCost = costTotal(field, cost, ctx.well, warnings);
  const items: CapexItem[] = [];
  cost.rows.forEach((r, i) => {
    const name = `${field}.rows[${i}]`;
    const timing = costTiming(r, name, ctx, warnings);
    if (timing === undefined) return;
    const amount = (totalCost * r.pctOfTotalCost) / 100;
    const tangible = (amount * cost.tangiblePct) / 100;
    const item: CapexItem = {
      ...timing,
      amount,
      tangible,
      intangible: amount - tangible,
      calculation: cost.calculation,
      dealTerms: cost.dealTerms,
      label: `${field === 'drillingCost' ? 'drilling cost' : 'completion cost'}: ${r.pctOfTotalCost} % (row ${i + 1})`,
    };
    items.push(escalate(item, name, { ...r, escalationModel: cost.escalationModel }, ctx, warnings));
  });
  return items;
}

/**
 * The CAPEX items of a well (spec 2.7): every otherCapex row (amount = (tangible + intangible) M$ ×
 * 1000, timed by its criterion), then the drilling and completion costs split over their rows.
 */
export function capexItems(capex: CapexFunctions, ctx: CapexContext, warnings: string[]): CapexItem[] {
  const items: CapexItem[] = [];
  capex.otherCapex.rows.forEach((r, i) => {
    const label = r.description ? `${r.category}: ${r.description}` : r.category;
    const name = `otherCapex.rows[${i}] (${label})`;
    notApplied(name, r, warnings);
    const timing = otherTiming(r, name, ctx, warnings);
    if (timing === undefined) return;
    const tangible = round6(r.tangible * DOLLARS_PER_M);
    const intangible = round6(r.intangible * DOLLARS_PER_M);
    const item: CapexItem = {
      ...timing,
      amount: tangible + intangible,
      tangible,
      intangible,
      calculation: r.calculation,
      dealTerms: r.dealTerms,
      afterEconLimit: r.afterEconLimit,
      label,
    };
    items.push(escalate(item, name, r, ctx, warnings));
  });
  if (capex.drillingCost) items.push(...costItems('drillingCost', capex.drillingCost, ctx, warnings));
  if (capex.completionCost) items.push(...costItems('completionCost', capex.completionCost, ctx, warnings));
  return items;
}
