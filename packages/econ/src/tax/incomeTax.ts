import { EconError, requireNumber } from '../econError';
import {
  addCostDepletion,
  type DepletionContext,
  percentageDepletion,
  type UnitVolumes,
  unitVolumes,
} from './depletion';
import { addDepreciation, bonusPercents, depreciationFactors, type TaxDepreciationModel } from './depreciation';
import { monthOfDate, rowMonths, yearOf } from './months';

/** One federal or state tax entry (spec part 2.6): a percent and exactly one period criterion. */
export interface TaxEntryInput {
  /** Percent, 0-100. */
  multiplier: number;
  /** 'Flat': the one entry covers the whole life. */
  entireWellLife?: string;
  /** Months this entry covers, after the previous entry's (counted from the as-of month). */
  offsetToAsOf?: number;
  /** Months this entry covers, after the previous entry's (counted from the first-production month). */
  offsetToFpd?: number;
  /** 'YYYY-MM-01': the entry applies from this month until the next entry's. */
  dates?: string;
}

/** The general options' `incomeTax` econ function (spec part 2.6), as the contract's `IncomeTax`. */
export interface TaxOptions {
  carryForward: boolean;
  fifteenDepletion: boolean;
  federalIncomeTax: readonly TaxEntryInput[];
  stateIncomeTax: readonly TaxEntryInput[];
}

/** What the mapping layer gives: the well's models and dates. */
export interface TaxInput {
  /** The well's DD&A model (contract `depreciation` econ function); CAPEX items without their own `model` use it. */
  depreciationModel: TaxDepreciationModel;
  /** The general options' `incomeTax` (only called when mainOptions.incomeTax is true). */
  incomeTax: TaxOptions;
  /** 'YYYY-MM-DD', for `offsetToAsOf` tax entries. */
  asOfDate: string;
  /** 'YYYY-MM-DD' first production, for `offsetToFpd` tax entries and `fpd` depletion. */
  firstProductionDate?: string;
}

/** One CAPEX item of the net run, split for DD&A. */
export interface TaxCapexItem {
  /** Row of the net run holding the CAPEX day. */
  row: number;
  /** $ of tangible and intangible CAPEX as in the net run's capex column (gross rows already × WI × dealTerms). */
  tangible: number;
  intangible: number;
  /** The item's own DD&A model (a CAPEX row's `depreciationModel`); left out: `TaxInput.depreciationModel`. */
  model?: TaxDepreciationModel;
}

/** Columns of the net run (after the economic-limit cut), one value per row. */
export interface TaxRun {
  /** 'YYYY-MM-01' of each row (consecutive calendar months). */
  labels: readonly string[];
  /** Before-income-tax cash flow (net of CAPEX). */
  bfit: Float64Array;
  /** CAPEX by row (positive = cost): the sum of the items' tangible + intangible in that row. */
  capex: Float64Array;
  /** Gross revenue for percentage depletion: the net run's total revenue (owner's share, before expenses and taxes). */
  revenue: Float64Array;
  /** Month volume of the major phase at 100 % WI; required when a model uses unit_of_production_major. */
  majorVolume?: Float64Array;
  /** Month volume in BOE at 100 % WI; required when a model uses unit_of_production_BOE. */
  boeVolume?: Float64Array;
  capexItems: readonly TaxCapexItem[];
}

/** The after-tax columns of a well, one value per row ($). */
export interface TaxColumns {
  depreciation: Float64Array;
  /** Cost depletion, or percentage depletion where greater (fifteenDepletion). */
  depletion: Float64Array;
  /** The taxed base: BFIT + CAPEX − depreciation − depletion, after carry-forward when on. */
  taxableIncome: Float64Array;
  /** Loss carried forward at the end of each row (0 without carry-forward). */
  carryForward: Float64Array;
  stateTax: Float64Array;
  federalTax: Float64Array;
  /** Tax credit: taxCredit % × tangible CAPEX in its row. */
  taxCredit: Float64Array;
  /** BFIT − state tax − federal tax + tax credit. */
  afit: Float64Array;
}

/** Share of a month's taxable income a carried loss may offset, from {@link NOL_LIMIT_YEAR} on. */
export const NOL_LIMIT = 0.8;
/** First tax year with the 80 % limit (losses offset all of a month's income before). */
export const NOL_LIMIT_YEAR = 2018;

const CRITERIA = ['entireWellLife', 'offsetToAsOf', 'offsetToFpd', 'dates'] as const;
type Criterion = (typeof CRITERIA)[number];

/**
 * The tax rate (decimal) in effect in each row from federal or state tax entries (spec part 2.6).
 * Entries share one period criterion: `entireWellLife` (one entry, all rows); `offsetToAsOf` /
 * `offsetToFpd` (consecutive periods of that many months from the as-of / first-production month,
 * which is month 1; rows before it take the first entry, rows after the last period the last
 * entry); `dates` (each entry from its month until the next entry's, rows before the first date
 * take the first entry). No entries: 0.
 *
 * @param field the entries' field, e.g. `incomeTax.stateIncomeTax`
 * @param months absolute month numbers of the rows
 * @throws {EconError} naming the entry field the engine cannot use
 */
export function taxRates(
  entries: readonly TaxEntryInput[],
  field: string,
  months: Int32Array,
  asOfMonth: number,
  fpdMonth: number | undefined,
): Float64Array {
  const out = new Float64Array(months.length);
  if (!Array.isArray(entries)) throw new EconError(field, entries, 'must be a list of tax entries');
  if (entries.length === 0) return out;
  const rates = entries.map((e, i) => requireNumber(`${field}[${i}].multiplier`, e.multiplier, 0, 100) / 100);
  const criterion = criterionOf(entries[0]!, `${field}[0]`);
  entries.forEach((e, i) => {
    const c = criterionOf(e, `${field}[${i}]`);
    if (c !== criterion) {
      throw new EconError(
        `${field}[${i}].${c}`,
        e[c],
        `must use the same period criterion as ${field}[0] (${criterion})`,
      );
    }
  });
  if (criterion === 'entireWellLife') {
    if (entries[0]!.entireWellLife !== 'Flat') {
      throw new EconError(`${field}[0].entireWellLife`, entries[0]!.entireWellLife, 'must be "Flat"');
    }
    if (entries.length > 1) {
      throw new EconError(`${field}[1]`, 'entry', 'cannot follow an entireWellLife entry, which covers the whole life');
    }
    return out.fill(rates[0]!);
  }
  if (criterion === 'dates') {
    const starts = entries.map((e, i) => monthOfDate(`${field}[${i}].dates`, e.dates!));
    for (let i = 1; i < starts.length; i++) {
      if (starts[i]! <= starts[i - 1]!) {
        throw new EconError(`${field}[${i}].dates`, entries[i]!.dates, 'must be a later month than the previous entry');
      }
    }
    let j = 0;
    for (let r = 0; r < months.length; r++) {
      while (j + 1 < starts.length && starts[j + 1]! <= months[r]!) j++;
      out[r] = rates[j]!;
    }
    return out;
  }
  if (criterion === 'offsetToFpd' && fpdMonth === undefined) {
    throw new EconError('firstProductionDate', undefined, `is required when ${field} uses offsetToFpd`);
  }
  const base = criterion === 'offsetToAsOf' ? asOfMonth : fpdMonth!;
  const ends: number[] = [];
  let end = 0;
  entries.forEach((e, i) => {
    const period = requireNumber(`${field}[${i}].${criterion}`, e[criterion] as number, 1);
    if (!Number.isInteger(period)) {
      throw new EconError(`${field}[${i}].${criterion}`, period, 'must be a whole number of months');
    }
    end += period;
    ends.push(end);
  });
  let j = 0;
  for (let r = 0; r < months.length; r++) {
    const k = months[r]! - base + 1;
    while (j + 1 < ends.length && k > ends[j]!) j++;
    out[r] = rates[j]!;
  }
  return out;
}

function criterionOf(entry: TaxEntryInput, field: string): Criterion {
  const sent = CRITERIA.filter((c) => entry[c] !== undefined && entry[c] !== null);
  if (sent.length !== 1) {
    throw new EconError(
      field,
      sent.join(' and ') || 'none',
      `needs exactly one period criterion of ${CRITERIA.join(', ')}`,
    );
  }
  return sent[0]!;
}

/**
 * Carry-forward of losses (spec part 2.6, econ-math.md): a negative taxable income is taxed as 0 and
 * its loss carried; later positive months use it, at most 80 % of the month's income from 2018 on
 * (all of it before); what is left at the last row is deducted there, so its taxable income may turn
 * negative. Σ taxable = Σ taxable income before carry-forward.
 *
 * @param months absolute month numbers of the rows (for the 2018 limit)
 */
export function applyCarryForward(
  taxableIncome: Float64Array,
  months: Int32Array,
): { taxable: Float64Array; balance: Float64Array } {
  const n = taxableIncome.length;
  const taxable = new Float64Array(n);
  const balance = new Float64Array(n);
  let loss = 0;
  for (let r = 0; r < n; r++) {
    const ti = taxableIncome[r]!;
    if (r === n - 1) {
      taxable[r] = ti - loss;
      loss = 0;
    } else if (ti < 0) {
      loss -= ti;
      taxable[r] = 0;
    } else {
      const used = Math.min(loss, yearOf(months[r]!) >= NOL_LIMIT_YEAR ? NOL_LIMIT * ti : ti);
      loss -= used;
      taxable[r] = ti - used;
    }
    balance[r] = loss;
  }
  return { taxable, balance };
}

/** A Float64Array column of the run, checked to have one value per row. */
function column(name: string, value: Float64Array | undefined, n: number): Float64Array {
  if (!(value instanceof Float64Array) || value.length !== n) {
    throw new EconError(`run.${name}`, value?.length, `must be a Float64Array with one value per row (${n})`);
  }
  return value;
}

/**
 * DD&A and income tax of one well (econ-math.md, "DD&A and income tax"), from the net run's
 * columns after the economic-limit cut: depreciation (bonus, yearly factors) and cost depletion
 * (immediate %, method) of each CAPEX item by its DD&A model, percentage depletion when
 * `fifteenDepletion`, taxable income = BFIT + CAPEX − depreciation − depletion (carried forward when
 * `carryForward`), state tax = TI × state %, federal tax = (TI − state tax) × federal %, and
 * AFIT = BFIT − state − federal + tax credit. Without carry-forward a negative taxable income gives
 * a negative tax (a saving against the owner's other income).
 *
 * @throws {EconError} naming the input field the engine cannot use
 */
export function incomeTaxColumns(input: TaxInput, run: TaxRun): TaxColumns {
  const n = run.labels.length;
  const bfit = column('bfit', run.bfit, n);
  const capex = column('capex', run.capex, n);
  const revenue = column('revenue', run.revenue, n);
  const months = rowMonths(run.labels);
  const asOfMonth = monthOfDate('asOfDate', input.asOfDate);
  const fpdMonth =
    input.firstProductionDate === undefined ? undefined : monthOfDate('firstProductionDate', input.firstProductionDate);
  const options = input.incomeTax;
  if (typeof options !== 'object' || options === null) throw new EconError('incomeTax', options, 'is required');
  const stateRate = taxRates(options.stateIncomeTax, 'incomeTax.stateIncomeTax', months, asOfMonth, fpdMonth);
  const federalRate = taxRates(options.federalIncomeTax, 'incomeTax.federalIncomeTax', months, asOfMonth, fpdMonth);

  const depreciation = new Float64Array(n);
  const depletion = new Float64Array(n);
  const taxCredit = new Float64Array(n);
  const fpdRow = fpdMonth === undefined || n === 0 || fpdMonth < months[0]! ? -1 : fpdMonth - months[0]!;
  let major: UnitVolumes | undefined;
  let boe: UnitVolumes | undefined;
  const ctx: DepletionContext = {
    fpdRow,
    get major() {
      if (!major && run.majorVolume) major = unitVolumes('run.majorVolume', column('majorVolume', run.majorVolume, n));
      return major;
    },
    get boe() {
      if (!boe && run.boeVolume) boe = unitVolumes('run.boeVolume', column('boeVolume', run.boeVolume, n));
      return boe;
    },
  };
  const factorsOf = new Map<object, { tangible: number[]; intangible: number[] }>();

  run.capexItems.forEach((item, i) => {
    const at = `run.capexItems[${i}]`;
    const row = item.row;
    if (!Number.isInteger(row) || row < 0 || row >= n) {
      throw new EconError(`${at}.row`, row, `must be a row of the run (0 to ${n - 1})`);
    }
    const tangible = requireNumber(`${at}.tangible`, item.tangible);
    const intangible = requireNumber(`${at}.intangible`, item.intangible);
    const model = item.model ?? input.depreciationModel;
    const field = item.model ? `${at}.model` : 'depreciationModel';
    if (typeof model !== 'object' || model === null) throw new EconError(field, model, 'is required');
    if (model.modelType === 'depreciation') {
      const factors = factorsOf.get(model) ?? depreciationFactors(model, field);
      factorsOf.set(model, factors);
      const bonus = bonusPercents(model, yearOf(months[row]!), field);
      addDepreciation(depreciation, months[0]!, row, tangible, bonus.tangible, factors.tangible);
      addDepreciation(depreciation, months[0]!, row, intangible, bonus.intangible, factors.intangible);
      taxCredit[row]! += (tangible * requireNumber(`${field}.taxCredit`, model.taxCredit)) / 100;
    } else if (model.modelType === 'depletion') {
      const tanImmediate = requireNumber(
        `${field}.tangibleImmediateDepletion`,
        model.tangibleImmediateDepletion,
        0,
        100,
      );
      const intanImmediate = requireNumber(
        `${field}.intangibleImmediateDepletion`,
        model.intangibleImmediateDepletion,
        0,
        100,
      );
      addCostDepletion(depletion, model.tangibleDepletionModel, row, tangible, tanImmediate, ctx);
      addCostDepletion(depletion, model.intangibleDepletionModel, row, intangible, intanImmediate, ctx);
    } else {
      throw new EconError(
        `${field}.modelType`,
        (model as { modelType?: unknown }).modelType,
        'must be depreciation or depletion',
      );
    }
  });

  if (options.fifteenDepletion) {
    const pd = percentageDepletion(revenue, bfit, capex);
    for (let r = 0; r < n; r++) if (pd[r]! > depletion[r]!) depletion[r] = pd[r]!;
  }

  let taxableIncome: Float64Array = new Float64Array(n);
  for (let r = 0; r < n; r++) taxableIncome[r] = bfit[r]! + capex[r]! - depreciation[r]! - depletion[r]!;
  let carryForward: Float64Array = new Float64Array(n);
  if (options.carryForward)
    ({ taxable: taxableIncome, balance: carryForward } = applyCarryForward(taxableIncome, months));

  const stateTax = new Float64Array(n);
  const federalTax = new Float64Array(n);
  const afit = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    stateTax[r] = taxableIncome[r]! * stateRate[r]!;
    federalTax[r] = (taxableIncome[r]! - stateTax[r]!) * federalRate[r]!;
    afit[r] = bfit[r]! - stateTax[r]! - federalTax[r]! + taxCredit[r]!;
  }
  return { depreciation, depletion, taxableIncome, carryForward, stateTax, federalTax, taxCredit, afit };
}
