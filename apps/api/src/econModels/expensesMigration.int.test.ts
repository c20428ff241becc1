import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPENSE_LEAF_DEFAULTS, ExpensesFunctions, expensesView, ProductionTaxesFunctions } from '@econ/contract';
import { toDayIndex } from '@econ/decline';
import { defaultDiscountTable, expenseItems, runWell, taxItems, type WellInput } from '@econ/econ';
import { openDatabase as openKit } from '@econ/server-kit/database';
import { newServerDatabase, testBackend } from '@econ/test-kit/database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseTarget, MIGRATIONS_DIR, openDatabase } from '../db/connection';
import * as schema from '../db/schema';
import { companies, econModels, projects, scenarioAssignments, scenarios } from '../db/schema';

/*
 * Migration 0012 (issue 19, decision 036) on both engines: a database migrated up to the migration
 * before it (a copy of the migrations folder whose journal stops there), rows written in the old
 * expenses shape, then every migration applied as the API does at start.
 */

const BACKEND = testBackend();
const MIGRATION = 12;
const AT = new Date('2026-11-20T10:00:00Z');
const stamps = { createdAt: AT, updatedAt: AT };

/** The migrations folder up to (not including) migration `idx`. */
function migrationsBefore(idx: number): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = journal.entries.filter((e) => e.idx < idx);
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) cpSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const OLD = {
  flat: {
    expenses: { fixed: { flat: 8000 }, variable: { oil: 2.5, gas: 0.35, water: 1.2, ngl: 0, dripCondensate: 0.5 } },
    productionTaxes: { severanceTax: 4.6, adValoremTax: 2 },
  },
  byDate: {
    expenses: {
      fixed: {
        byDate: [
          { date: '2026-01-01', cost: 7000 },
          { date: '2028-01-01', cost: 6000 },
        ],
      },
      variable: { oil: 0, gas: 0, water: 0, ngl: 0, dripCondensate: 0 },
    },
    productionTaxes: { severanceTax: 0, adValoremTax: 0 },
  },
  adValoremOnly: {
    expenses: { fixed: { flat: 0 }, variable: { oil: 1, gas: 0, water: 0, ngl: 0, dripCondensate: 0 } },
    productionTaxes: { severanceTax: 0, adValoremTax: 2.5 },
  },
};

const IDS = {
  company: 'c'.repeat(24),
  project: 'p0'.repeat(12),
  scenario: '5c'.repeat(12),
  wells: ['a1'.repeat(12), 'a2'.repeat(12), 'a3'.repeat(12)] as const,
  flat: 'e1'.repeat(12),
  byDate: 'e2'.repeat(12),
  adValoremOnly: 'e3'.repeat(12),
  priceDeck: 'd1'.repeat(12),
};

/** Old-shape models: two in the project (one assigned to wells 1 and 2 by two qualifiers), one of the company. */
async function seedOldShape(db: Database['db']): Promise<void> {
  await db.insert(companies).values({ id: IDS.company, name: 'Acme', apiKey: 'k'.repeat(32), createdAt: AT });
  await db.insert(projects).values({ id: IDS.project, companyId: IDS.company, name: 'Main', ...stamps });
  // The wells table as it was at 0011 (later migrations add columns the schema object now names).
  for (const [i, id] of IDS.wells.entries()) {
    await db.execute(
      sql`insert into wells (id, company_id, project_id, well_name, chosen_id, data_source, created_at, updated_at)
          values (${id}, ${IDS.company}, ${IDS.project}, ${`W${i}`}, ${`W${i}`}, 'internal', ${AT}, ${AT})`,
    );
  }
  await db.insert(scenarios).values({ id: IDS.scenario, projectId: IDS.project, name: 'S', ...stamps });
  const model = (id: string, name: string, functions: unknown, company = false, kind = 'expenses') => ({
    id,
    companyId: IDS.company,
    scope: company ? 'company' : IDS.project,
    projectId: company ? null : IDS.project,
    kind,
    name,
    tags: ['lease'],
    unique: false,
    functions,
    createdBy: 'cred',
    lastUpdatedBy: 'cred',
    ...stamps,
  });
  await db
    .insert(econModels)
    .values([
      model(IDS.flat, 'LOE', OLD.flat),
      model(IDS.byDate, 'Company LOE', OLD.byDate, true),
      model(IDS.adValoremOnly, 'Ad valorem only', OLD.adValoremOnly),
      model(IDS.priceDeck, 'Deck', { pricing: { oil: { flat: 70 } } }, false, 'price-deck'),
    ]);
  const assign = (wellId: string, qualifierName: string, econModelId: string) => ({
    scenarioId: IDS.scenario,
    wellId,
    kind: 'expenses',
    qualifierName,
    econModelId,
    ...stamps,
  });
  await db
    .insert(scenarioAssignments)
    .values([
      assign(IDS.wells[0], 'default', IDS.flat),
      assign(IDS.wells[1], 'high', IDS.flat),
      assign(IDS.wells[2], 'default', IDS.byDate),
    ]);
}

/** The database with the old rows, then migrated to the end; closed and dropped after the tests. */
async function migratedFromOldShape(): Promise<{ database: Database; close(): Promise<void> }> {
  const before = migrationsBefore(MIGRATION);
  try {
    if (BACKEND === 'postgres') {
      const server = await newServerDatabase('mig');
      const target: DatabaseTarget = { kind: 'postgres', url: server.url };
      const first = await openWith(target, before.dir);
      await seedOldShape(first.db);
      await first.close();
      const database = await openDatabase(target);
      return {
        database,
        close: async () => {
          await database.close();
          await server.drop();
        },
      };
    }
    const first = await openWith({ kind: 'pglite' }, before.dir);
    await seedOldShape(first.db);
    const client = (first.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await first.close();
    const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    return { database, close: () => database.close() };
  } finally {
    before.remove();
  }
}

/** Opens `target` with the migrations of `dir` only. */
const openWith = (target: DatabaseTarget, dir: string): Promise<Database> => openKit(target, schema, dir);

let migrated: Awaited<ReturnType<typeof migratedFromOldShape>>;
beforeAll(async () => {
  migrated = await migratedFromOldShape();
});
afterAll(() => migrated?.close());

const functionsOf = async (id: string) =>
  (await migrated.database.db.select().from(econModels).where(eq(econModels.id, id)))[0]!.functions as Record<
    string,
    unknown
  >;
const taxModels = () => migrated.database.db.select().from(econModels).where(eq(econModels.kind, 'production-taxes'));

/** What the SQL writes into each leaf: the contract's defaults. */
const LEAF = EXPENSE_LEAF_DEFAULTS;
const flat = (key: string, value: number) => [{ entireWellLife: 'Flat', [key]: value }];

describe(`migration 0012: expenses in the service's shape, production taxes their own kind (${BACKEND})`, () => {
  it('converts a flat fixed cost, each phase’s $/unit and water into the new leaves, valid as stored', async () => {
    const f = await functionsOf(IDS.flat);
    expect(f).toEqual({
      fixedExpenses: {
        monthlyWellCost: { ...LEAF, stopAtEconLimit: true, expenseBeforeFpd: false, rows: flat('fixedExpense', 8000) },
      },
      variableExpenses: {
        oil: { other: { ...LEAF, shrinkageCondition: 'unshrunk', rows: flat('dollarPerBbl', 2.5) } },
        gas: { other: { ...LEAF, shrinkageCondition: 'unshrunk', rows: flat('dollarPerMcf', 0.35) } },
        ngl: { other: { ...LEAF, rows: flat('dollarPerBbl', 0) } },
        dripCondensate: { other: { ...LEAF, rows: flat('dollarPerBbl', 0.5) } },
      },
      waterDisposal: { ...LEAF, rows: flat('dollarPerBbl', 1.2) },
    });
    expect(ExpensesFunctions.safeParse(f).error?.issues ?? []).toEqual([]);
    expect(expensesView(f as never).variableExpenses.oil.gathering.rows).toEqual(flat('dollarPerBbl', 0));
  });

  it('converts fixed costs by date into dated rows', async () => {
    const f = (await functionsOf(IDS.byDate)) as { fixedExpenses: { monthlyWellCost: { rows: unknown } } };
    expect(f.fixedExpenses.monthlyWellCost.rows).toEqual([
      { dates: '2026-01-01', fixedExpense: 7000 },
      { dates: '2028-01-01', fixedExpense: 6000 },
    ]);
    expect(ExpensesFunctions.safeParse(f).success).toBe(true);
  });

  it('makes a production-taxes model of the same name and scope for each model with a tax, and none without', async () => {
    const taxes = await taxModels();
    expect(taxes.map((t) => [t.name, t.scope, t.projectId, t.tags]).sort()).toEqual([
      ['Ad valorem only', IDS.project, IDS.project, ['lease']],
      ['LOE', IDS.project, IDS.project, ['lease']],
    ]);
    for (const t of taxes) {
      expect(t.id).toMatch(/^[0-9a-f]{24}$/);
      expect(ProductionTaxesFunctions.safeParse(t.functions).error?.issues ?? []).toEqual([]);
    }
    const loe = taxes.find((t) => t.name === 'LOE')!.functions as { data: { rows: Record<string, unknown>[] } };
    expect(loe.data.rows.map((r) => [r.key, r.category, r.value, r.unit, r.deductSeveranceTax])).toEqual([
      ['oil', 'severance_tax', [4.6], 'pct_of_revenue', undefined],
      ['gas', 'severance_tax', [4.6], 'pct_of_revenue', undefined],
      ['ngl', 'severance_tax', [4.6], 'pct_of_revenue', undefined],
      ['drip_condensate', 'severance_tax', [4.6], 'pct_of_revenue', undefined],
      ['ad_valorem_tax', 'ad_val_tax', [2], 'pct_of_revenue', true],
    ]);
    const adv = taxes.find((t) => t.name === 'Ad valorem only')!.functions as { data: { rows: { key: string }[] } };
    expect(adv.data.rows.map((r) => r.key)).toEqual(['ad_valorem_tax']);
  });

  it('assigns each production-taxes model wherever its expenses model was, qualifier by qualifier', async () => {
    const { db } = migrated.database;
    const loe = (await taxModels()).find((t) => t.name === 'LOE')!;
    const rows = await db.select().from(scenarioAssignments).where(eq(scenarioAssignments.kind, 'production-taxes'));
    expect(rows.map((r) => [r.wellId, r.qualifierName, r.econModelId]).sort()).toEqual([
      [IDS.wells[0], 'default', loe.id],
      [IDS.wells[1], 'high', loe.id],
    ]);
    const expensesRows = await db.select().from(scenarioAssignments).where(eq(scenarioAssignments.kind, 'expenses'));
    expect(expensesRows).toHaveLength(3);
  });

  it('leaves other kinds alone, and the engine charges what it charged before', async () => {
    expect(await functionsOf(IDS.priceDeck)).toEqual({ pricing: { oil: { flat: 70 } } });
    const loe = (await taxModels()).find((t) => t.name === 'LOE')!;
    const day = toDayIndex('2027-01-01');
    const warnings: string[] = [];
    const refs = { fpd: '2025-01-01', asOfDay: day, discountDay: day };
    // One well producing since 2025 at flat rates, WI 100 %, NRI 80 %: the old engine's figures
    // (8,000 $/month, $/unit by phase, 4.6 % severance and 2 % ad valorem after it) against the
    // migrated models charged by the new columns.
    const flat = (rate: number) => ({ start: toDayIndex('2025-01-01'), values: new Float64Array(4000).fill(rate) });
    const well = (over: Partial<WellInput>): WellInput => ({
      asOfDate: '2027-01-01',
      discountDate: '2027-01-01',
      maxWellLife: 3,
      firstProductionDate: '2025-01-01',
      volumes: { oil: flat(100), gas: flat(500), water: flat(300), dripCondensate: flat(2) },
      ownership: { workingInterest: 100, netRevenueInterest: 80, leaseNetRevenueInterest: 80 },
      prices: { oil: { flat: 70 }, gas: { flat: 3 }, dripCondensate: { flat: 60 } },
      expenses: { fixedPerWellMonth: 0, variable: {}, severanceTaxPct: 0, adValoremTaxPct: 0 },
      discountTable: defaultDiscountTable(),
      ...over,
    });
    const before = runWell(
      well({
        expenses: {
          fixedPerWellMonth: 8000,
          variable: { oil: 2.5, gas: 0.35, dripCondensate: 0.5, water: 1.2 },
          severanceTaxPct: 4.6,
          adValoremTaxPct: 2,
        },
      }),
    ).monthly;
    const after = runWell(
      well({
        expenseItems: expenseItems(ExpensesFunctions.parse(await functionsOf(IDS.flat)), refs, warnings),
        taxItems: taxItems(ProductionTaxesFunctions.parse(loe.functions), refs, warnings),
      }),
    ).monthly;
    for (const column of ['fixedExpense', 'variableExpense', 'severanceTax', 'adValoremTax', 'bfit'] as const) {
      for (const [r, v] of before[column].entries()) expect(after[column][r], `${column} ${r}`).toBeCloseTo(v, 6);
    }
    expect(warnings).toEqual([]);
  });
});
