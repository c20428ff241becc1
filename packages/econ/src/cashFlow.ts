import type { DiscountMethod, EmissionRow } from '@econ/contract';
import { columnBlock, hasVolume } from './columns';
import { type DatedRow, monthIndex, monthlyValues } from './datedRows';
import { dayExponent, type PlacedCapex } from './discount';
import { emissionMasses } from './emissions';
import { type ExpenseItem, expenseColumns } from './expenses';
import { dayOf, type Grid, rowOf } from './grid';
import type { ImpactFee } from './impactFee';
import { chargedFraction, type EscalateColumn, type MonthlyStreams } from './monthlyStreams';
import type { GridColumns } from './prices';
import { productionTaxColumns, type TaxItem } from './taxes';
import { type CapexItem, type Expenses, PHASES, type Phase, PRODUCTS, type Product, type WellInput } from './types';

/**
 * Interests of one run by row, as decimals (1 = 100 %): one Float64Array per interest, so reversions
 * can change them from row to row (the trigger row blended by days) without per-row objects.
 */
export interface Interests {
  wi: Float64Array;
  /** NRI by product (several products may share one array). */
  nri: Record<Product, Float64Array>;
  /** NPI as a share of net profit (0 = none). */
  npi: Float64Array;
  /**
   * `expense`: the owner pays the NPI (BFIT = NP − CAPEX − NPI); `revenue`: the owner receives it
   * and BFIT = NPI (econ-math.md, Ownership).
   */
  npiType: 'expense' | 'revenue';
  /** The WI in effect on one day, for CAPEX (default: the WI of the CAPEX row). */
  wiOnDay?: (day: number) => number;
  /** Lease NRI and the well's NRI (before per-product NRIs), for expenses and taxes; default: the oil NRI. */
  leaseNri?: Float64Array;
  wellNri?: Float64Array;
}

/**
 * What a run needs to charge the service's expenses and production taxes (econ-math.md, Expenses,
 * Production taxes): their items, first production and (the net run) the economic limit, the
 * BTU and BOE factors, the escalation seam and the emission rows carbon expenses price.
 */
export interface RunStreams {
  expenseItems: readonly ExpenseItem[];
  taxItems: readonly TaxItem[];
  fpdDay?: number | undefined;
  /** The net run's last day; left out for the runs that find reversions and the limit. */
  econLimitDay?: number | undefined;
  btu?: { shrunk: number; unshrunk: number } | undefined;
  boe?: { dryGas: number; wetGas: number } | undefined;
  escalate?: EscalateColumn | undefined;
  emissionRows?: readonly EmissionRow[] | undefined;
  /** Gross well count rows (risking `wellStream`); left out: 1 from the FPD month. */
  wellCount?: readonly DatedRow[] | undefined;
  /** Days fixed expenses are not charged (shut-ins that do not keep them). */
  fixedCostOffDays?: readonly { first: number; last: number }[] | undefined;
  /** Pennsylvania's impact fee (a production-taxes model of a Pennsylvania impact-fee state). */
  impactFee?: ImpactFee | undefined;
}

/** The run streams of an input: undefined when it carries no expense or tax items nor an impact fee (the legacy expenses only). */
export function runStreams(input: WellInput): RunStreams | undefined {
  if (!input.expenseItems?.length && !input.taxItems?.length && !input.impactFee) return undefined;
  const b = input.boeConversion;
  return {
    expenseItems: input.expenseItems ?? [],
    taxItems: input.taxItems ?? [],
    fpdDay:
      input.firstProductionDate === undefined ? undefined : dayOf('firstProductionDate', input.firstProductionDate),
    btu: input.stream?.btu,
    boe: b ? { dryGas: b.dryGas, wetGas: b.wetGas } : undefined,
    escalate: input.escalate,
    emissionRows: input.emissionRows,
    wellCount: input.wellCount,
    fixedCostOffDays: input.fixedCostOffDays,
    impactFee: input.impactFee,
  };
}

/** Interests that are the same in every row of an n-row run. */
export function flatInterests(
  n: number,
  wi: number,
  nri: Record<Product, number>,
  npi = 0,
  npiType: 'expense' | 'revenue' = 'expense',
  well?: { nri: number; leaseNri: number },
): Interests {
  const byValue = new Map<number, Float64Array>();
  const fill = (v: number) => {
    let a = byValue.get(v);
    if (!a) {
      a = new Float64Array(n).fill(v);
      byValue.set(v, a);
    }
    return a;
  };
  const nriRows = {} as Record<Product, Float64Array>;
  for (const p of PRODUCTS) nriRows[p] = fill(nri[p]);
  const out: Interests = { wi: fill(wi), nri: nriRows, npi: fill(npi), npiType };
  if (well) {
    out.wellNri = fill(well.nri);
    out.leaseNri = fill(well.leaseNri);
  }
  return out;
}

/** Days (day indexes) in which production, expenses and taxes accrue; outside them a row holds CAPEX only. */
export interface ActiveDays {
  from: number;
  to: number;
}

/**
 * The monthly columns of one run (the net run, the runs that find reversions and the limit). They
 * are read, never written: they are views of one buffer, the products without volume share one
 * zeroed column, and the prices and differentials are the grid's (GridColumns).
 */
export interface RunColumns {
  grossVolume: Record<Phase, Float64Array>;
  /** Gross sales volume: well-head × the stream's sales factor (loss, flare, shrinkage). */
  salesVolume: Record<Product, Float64Array>;
  /** Sales volume × NRI of the product. */
  netVolume: Record<Product, Float64Array>;
  /** $/unit of the price in each row (before differentials). */
  price: Record<Product, Float64Array>;
  /** $/unit the differentials add in each row (negative: a discount). */
  differential: Record<Product, Float64Array>;
  revenue: Record<Product, Float64Array>;
  totalRevenue: Float64Array;
  fixedExpense: Float64Array;
  variableExpense: Float64Array;
  severanceTax: Float64Array;
  adValoremTax: Float64Array;
  /** CAPEX by row (positive = cost), after WI × dealTerms for gross rows. */
  capex: Float64Array;
  /**
   * NPI cash by row, signed from the owner's view: −NP × NPI% for the expense type (paid), +NP × NPI%
   * for the revenue type (received); 0 in rows whose net profit NP = revenue − expenses − taxes is ≤ 0.
   */
  npi: Float64Array;
  /** Expense type: NP − CAPEX + npi (npi ≤ 0); revenue type: npi. */
  bfit: Float64Array;
  /** Expenses with `affectEconLimit: false`: added back to the cash flow that sets the economic limit. */
  econLimitAddBack: Float64Array;
  /** The CAPEX amounts with their row and day exponent, for discounting to their day. */
  placedCapex: PlacedCapex[];
}

/**
 * The columns runColumns allocates besides those of the products (3 or 4 each, see runColumns):
 * total revenue, 4 expenses and taxes, CAPEX, NPI, BFIT, the add-back.
 */
const RUN_COLUMNS = 9;

/**
 * The monthly columns of one run (econ-math.md, Ownership), interests by row: sales volume = gross ×
 * the stream's sales factor; net volume = sales × NRI of its product; revenue = net volume × (price +
 * differentials); fixed expense × WI × active days/days-in-month;
 * variable expense = gross volume × $/unit × WI; severance = revenue × %; ad valorem = (revenue −
 * severance) × %; CAPEX by its day's row (gross × WI × dealTerms, or net as entered; outside the
 * grid: left out); NP = revenue − expenses − taxes; NPI = NP × NPI% where NP > 0 (signed, see
 * RunColumns.npi); BFIT = NP − CAPEX + npi (expense type) or npi (revenue type).
 *
 * @param grossVolume monthly gross volumes on this grid (0 outside the active days)
 * @param capexItems the CAPEX items with their days (already filtered by the caller)
 * @param active days in which fixed expenses accrue (default: every day of the grid)
 */
export function runColumns(
  grid: Grid,
  grossVolume: Record<Phase, Float64Array>,
  columns: GridColumns,
  expenses: Expenses,
  interests: Interests,
  capexItems: readonly { item: CapexItem; day: number }[],
  discountDay: number,
  method: DiscountMethod,
  active?: ActiveDays,
  streams?: RunStreams,
): RunColumns {
  const n = grid.start.length;
  // Revenue at 100 % (sales × realized price) is a column only for the service's expenses and
  // taxes; the products without volume share one zeroed column.
  const withVolume = PRODUCTS.filter((p) => hasVolume(grossVolume[p]));
  const perProduct = streams ? 4 : 3;
  const col = columnBlock(
    n,
    RUN_COLUMNS + perProduct * withVolume.length + (withVolume.length < PRODUCTS.length ? 1 : 0),
  );
  const salesVolume = {} as Record<Product, Float64Array>;
  const netVolume = {} as Record<Product, Float64Array>;
  const revenue = {} as Record<Product, Float64Array>;
  const grossRevenue = {} as Record<Product, Float64Array>;
  const totalRevenue = col();
  let zero: Float64Array | undefined;
  for (const p of PRODUCTS) {
    if (!withVolume.includes(p)) {
      // Each term of a product without volume is 0 × a finite factor.
      zero ??= col();
      salesVolume[p] = netVolume[p] = revenue[p] = grossRevenue[p] = zero;
      continue;
    }
    const sv = col();
    const nv = col();
    const rv = col();
    const g = grossVolume[p];
    const factor = columns.salesFactor[p];
    const price = columns.price[p];
    const diff = columns.differential[p];
    const nri = interests.nri[p];
    if (streams) {
      const gr = col();
      for (let r = 0; r < n; r++) {
        sv[r] = g[r]! * factor[r]!;
        nv[r] = sv[r]! * nri[r]!;
        gr[r] = sv[r]! * (price[r]! + diff[r]!);
        rv[r] = gr[r]! * nri[r]!;
        totalRevenue[r]! += rv[r]!;
      }
      grossRevenue[p] = gr;
    } else {
      // The same operations, the revenue at 100 % kept in a local.
      for (let r = 0; r < n; r++) {
        const s = g[r]! * factor[r]!;
        sv[r] = s;
        nv[r] = s * nri[r]!;
        const v = s * (price[r]! + diff[r]!) * nri[r]!;
        rv[r] = v;
        totalRevenue[r]! += v;
      }
    }
    salesVolume[p] = sv;
    netVolume[p] = nv;
    revenue[p] = rv;
  }
  const wi = interests.wi;
  const fixedExpense = col();
  const variableExpense = col();
  const severanceTax = col();
  const adValoremTax = col();
  const sev = expenses.severanceTaxPct / 100;
  const adv = expenses.adValoremTaxPct / 100;
  // The phases with a variable rate, as parallel lists: the row loop below reads them by index.
  const variablePhases = PHASES.filter((p) => (expenses.variable[p] ?? 0) !== 0);
  const variableVolumes = variablePhases.map((p) => grossVolume[p]);
  const variableRates = variablePhases.map((p) => expenses.variable[p] ?? 0);
  const capex = col();
  const placedCapex: PlacedCapex[] = [];
  for (const { item, day } of capexItems) {
    const row = rowOf(grid, day);
    if (row < 0) continue;
    const itemWi = interests.wiOnDay ? interests.wiOnDay(day) : wi[row]!;
    const amount = item.calculation === 'gross' ? item.amount * itemWi * (item.dealTerms ?? 1) : item.amount;
    capex[row]! += amount;
    placedCapex.push({ row, amount, exponent: dayExponent(day, discountDay, method) });
  }
  const charged = streams
    ? serviceExpenses(grid, grossVolume, columns, salesVolume, grossRevenue, interests, streams)
    : undefined;
  const npi = col();
  const bfit = col();
  const npiShare = interests.npi;
  const revenueType = interests.npiType === 'revenue';
  const from = active?.from ?? -Infinity;
  const to = active?.to ?? Infinity;
  const fixed = expenses.fixedPerWellMonth;
  for (let r = 0; r < n; r++) {
    const days = Math.min(grid.end[r]!, to) - Math.max(grid.start[r]!, from) + 1;
    const w = wi[r]!;
    let fx = days > 0 ? (fixed * w * days) / grid.monthDays[r]! : 0;
    let v = 0;
    for (let k = 0; k < variableRates.length; k++) v += variableVolumes[k]![r]! * variableRates[k]!;
    v *= w;
    const rev = totalRevenue[r]!;
    let st = rev * sev;
    let at = (rev - st) * adv;
    if (charged) {
      fx += charged.fixed[r]!;
      v += charged.variable[r]!;
      st += charged.severance[r]!;
      at += charged.adValorem[r]!;
    }
    fixedExpense[r] = fx;
    variableExpense[r] = v;
    severanceTax[r] = st;
    adValoremTax[r] = at;
    // Net profit, the NPI of months where it is > 0, and BFIT by the NPI type.
    const np = rev - fx - v - st - at;
    const paid = np > 0 ? np * npiShare[r]! : 0;
    if (revenueType) {
      npi[r] = paid;
      bfit[r] = paid;
    } else {
      npi[r] = paid === 0 ? 0 : -paid;
      bfit[r] = np - capex[r]! - paid;
    }
  }
  return {
    grossVolume,
    salesVolume,
    netVolume,
    price: columns.price,
    differential: columns.differential,
    revenue,
    totalRevenue,
    fixedExpense,
    variableExpense,
    severanceTax,
    adValoremTax,
    capex,
    npi,
    bfit,
    econLimitAddBack: charged?.addBack ?? col(),
    placedCapex,
  };
}

/**
 * The service's expenses and production taxes of a run, by row (expenses.ts, taxes.ts): fixed;
 * variable with water disposal and carbon; severance; ad valorem; what `affectEconLimit: false`
 * adds back. Sales volumes and revenue at 100 % are this run's.
 */
function serviceExpenses(
  grid: Grid,
  grossVolume: Record<Phase, Float64Array>,
  columns: GridColumns,
  sales: Record<Product, Float64Array>,
  revenue: Record<Product, Float64Array>,
  interests: Interests,
  streams: RunStreams,
) {
  const n = grid.start.length;
  const wellNri = interests.wellNri ?? interests.nri.oil;
  const s: MonthlyStreams = {
    grid,
    wellHead: { oil: grossVolume.oil, gas: grossVolume.gas, water: grossVolume.water },
    unshrunk: {
      oil: product(grossVolume.oil, columns.unshrunkFactor.oil),
      gas: product(grossVolume.gas, columns.unshrunkFactor.gas),
    },
    sales,
    revenue,
    gasPrice: columns.price.gas,
    interests: { wi: interests.wi, nri: wellNri, productNri: interests.nri, leaseNri: interests.leaseNri ?? wellNri },
  };
  if (streams.btu) s.btu = streams.btu;
  if (streams.boe) s.boe = streams.boe;
  if (streams.fpdDay !== undefined) s.fpdDay = streams.fpdDay;
  if (streams.econLimitDay !== undefined) s.econLimitDay = streams.econLimitDay;
  // Well counts are 0 before the first row (econ-math.md, Dated rows).
  if (streams.wellCount) s.wellCount = monthlyValues(grid, streams.wellCount, 0);
  if (streams.fixedCostOffDays?.length) s.fixedCostOffDays = streams.fixedCostOffDays;
  if (streams.emissionRows?.length && streams.expenseItems.some((i) => i.group === 'carbon')) {
    // A row's escalation grows its rate from the cash-flow start (the rows have no dates of their own).
    const first = new Int32Array(n).fill(n > 0 ? monthIndex(grid.start[0]!) : -1);
    const escalation = streams.emissionRows.map((row, i) =>
      row.escalationModel !== 'none' && streams.escalate && n > 0
        ? streams.escalate(
            new Float64Array(n).fill(1),
            first,
            row.escalationModel,
            `emissions.rows[${i}]`,
            first[0]!,
            grid,
          )
        : undefined,
    );
    const m = emissionMasses(streams.emissionRows, {
      volumes: grossVolume,
      wellMonths: chargedFraction(grid, streams.fpdDay, streams.econLimitDay),
      gasMcfPerBoe: streams.boe?.wetGas,
      escalation,
    });
    s.carbonMass = { co2E: m.co2e, co2: m.co2, ch4: m.ch4, n2O: m.n2o };
  }
  const ex = expenseColumns(s, streams.expenseItems, streams.escalate);
  const tx = productionTaxColumns(s, streams.taxItems, ex, streams.escalate, streams.impactFee);
  const variable = new Float64Array(n);
  const [oil, gas, ngl, drip] = PRODUCTS.map((p) => ex.variable[p]) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let r = 0; r < n; r++) {
    // The products in PRODUCTS order, as a loop over them would add them.
    variable[r] = ex.waterDisposal[r]! + ex.carbon[r]! + oil[r]! + gas[r]! + ngl[r]! + drip[r]!;
  }
  return {
    fixed: ex.fixed,
    variable,
    severance: tx.severanceTotal,
    adValorem: tx.adValorem,
    addBack: ex.econLimitAddBack,
  };
}

/** a × b row by row (an indexed loop: Float64Array.from with a callback is several times slower). */
function product(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let r = 0; r < out.length; r++) out[r] = a[r]! * b[r]!;
  return out;
}
