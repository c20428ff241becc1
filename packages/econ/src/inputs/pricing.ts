import type { DifferentialsFunctions, PricingFunctions, StreamPropertiesFunctions } from '@econ/contract';
import { DIFFERENTIALS } from '@econ/contract/rules';
import type { DatedRow } from '../datedRows';
import type { EscalationModel } from '../escalation';
import type { DifferentialTable, PriceDeck, PriceTable, Product, StreamProperties, TableEscalation } from '../types';
import { datedRows, type RateSettings, type RowRefs } from './rows';

/*
 * The service's pricing, differentials and stream-properties models as the engine's price tables,
 * differential tables and stream fractions (econ-math.md, "Pricing and differentials", "Stream
 * properties"; decisions 034, 037), each table with the escalations model it names.
 */

type Row = Record<string, unknown>;
type Table = { rows: readonly Row[]; cap?: unknown; escalationModel?: unknown };

const PRODUCTS: readonly Product[] = ['oil', 'gas', 'ngl', 'dripCondensate'];

/** Each value key's engine unit. */
const PRICE_UNIT: Record<string, PriceTable['unit']> = {
  price: 'perUnit',
  dollarPerMcf: 'perUnit',
  dollarPerBbl: 'perUnit',
  dollarPerMmbtu: 'perMmbtu',
  pctOfOilPrice: 'pctOfOil',
};
const DIFFERENTIAL_UNIT: Record<string, DifferentialTable['unit']> = {
  dollarPerBbl: 'perUnit',
  dollarPerMcf: 'perUnit',
  dollarPerMmbtu: 'perMmbtu',
  pctOfBasePrice: 'pctOfBase',
};

/** The value key a table's rows carry (one per table, the contract's rule). */
function unitKey(rows: readonly Row[], units: Record<string, unknown>): string {
  const key = Object.keys(units).find((k) => rows[0]?.[k] !== undefined);
  // The contract refuses a row without a value key; a stored model always has one.
  return key ?? Object.keys(units)[0]!;
}

function rowsOf(table: Table, key: string, refs: RowRefs, field: string): DatedRow[] {
  return datedRows(table.rows as Row[], refs, field, (row) => row[key] as number);
}

/** The escalations models a run found, by id (the ids tables name in `escalationModel`). */
export type EscalationLookup = ReadonlyMap<string, EscalationModel>;

/**
 * The escalation a table names, or undefined for "none". An id the run did not find, and an
 * escalation on percent rows (never escalated), are reported, not silently dropped.
 */
function tableEscalation(
  kind: string,
  field: string,
  table: Table,
  percent: boolean,
  ctx: { refs: RowRefs; escalations: EscalationLookup | undefined; warnings: string[] },
): TableEscalation | undefined {
  const id = table.escalationModel;
  if (id === undefined || id === 'none') return undefined;
  const model = ctx.escalations?.get(String(id));
  if (!model) {
    ctx.warnings.push(`${kind}: ${field}.escalationModel ${String(id)} names no escalations model; not escalated.`);
    return undefined;
  }
  if (percent) {
    ctx.warnings.push(`${kind}: ${field}.escalationModel is not applied to percent rows (they follow their base).`);
    return undefined;
  }
  return { model, refs: ctx.refs };
}

/** The engine's price deck of a pricing model. */
export function pricingDeck(
  models: PricingFunctions,
  refs: RowRefs,
  warnings: string[],
  escalations?: EscalationLookup,
): PriceDeck {
  const deck: PriceDeck = {};
  const tables = models.priceModel as unknown as Record<Product, Table>;
  for (const p of PRODUCTS) {
    const table = tables[p];
    const key = unitKey(table.rows, PRICE_UNIT);
    const field = `priceModel.${p}`;
    const unit = PRICE_UNIT[key]!;
    const out: PriceTable = { unit, rows: rowsOf(table, key, refs, `${field}.rows`) };
    if (typeof table.cap === 'number') out.cap = table.cap;
    const escalation = tableEscalation('pricing', field, table, unit === 'pctOfOil', { refs, escalations, warnings });
    if (escalation) out.escalation = escalation;
    deck[p] = out;
  }
  return deck;
}

/** The engine's differential tables of a differentials model, first to third per product. */
export function differentialTables(
  models: DifferentialsFunctions,
  refs: RowRefs,
  warnings: string[],
  escalations?: EscalationLookup,
): Partial<Record<Product, DifferentialTable[]>> {
  const out: Partial<Record<Product, DifferentialTable[]>> = {};
  for (const d of DIFFERENTIALS) {
    const byProduct = (models.differentials[d] ?? {}) as Partial<Record<Product, Table>>;
    for (const p of PRODUCTS) {
      const table = byProduct[p];
      if (!table) continue;
      const key = unitKey(table.rows, DIFFERENTIAL_UNIT);
      const field = `differentials.${d}.${p}`;
      const unit = DIFFERENTIAL_UNIT[key]!;
      const t: DifferentialTable = { unit, rows: rowsOf(table, key, refs, `${field}.rows`) };
      const escalation = tableEscalation('differentials', field, table, unit === 'pctOfBase', {
        refs,
        escalations,
        warnings,
      });
      if (escalation) t.escalation = escalation;
      const list = out[p] ?? [];
      list.push(t);
      out[p] = list;
    }
  }
  return out;
}

/** Percent-remaining rows as fractions; rate rows read the gross well-head rate (`rate`: the group's method). */
export const fractions = (table: Table, refs: RowRefs, field: string, rate?: RateSettings): DatedRow[] =>
  datedRows(table.rows as Row[], refs, `${field}.rows`, (row) => (row.pctRemaining as number) / 100, rate);

/** The engine's stream properties of oil and gas (the yields make NGL and drip condensate volumes: see stream.ts). */
export function streamProperties(models: StreamPropertiesFunctions, refs: RowRefs): StreamProperties {
  const { shrinkage, lossFlare, btuContent } = models as unknown as {
    shrinkage: Record<'oil' | 'gas', Table> & RateSettings;
    lossFlare: Record<'oilLoss' | 'gasLoss' | 'gasFlare', Table> & RateSettings;
    btuContent: { shrunkGas: number; unshrunkGas: number };
  };
  return {
    oilLoss: fractions(lossFlare.oilLoss, refs, 'lossFlare.oilLoss', lossFlare),
    oilShrinkage: fractions(shrinkage.oil, refs, 'shrinkage.oil', shrinkage),
    gasLoss: fractions(lossFlare.gasLoss, refs, 'lossFlare.gasLoss', lossFlare),
    gasFlare: fractions(lossFlare.gasFlare, refs, 'lossFlare.gasFlare', lossFlare),
    gasShrinkage: fractions(shrinkage.gas, refs, 'shrinkage.gas', shrinkage),
    btu: { shrunk: btuContent.shrunkGas, unshrunk: btuContent.unshrunkGas },
  };
}
