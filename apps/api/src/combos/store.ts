import {
  ASSUMPTION_TYPE_NAMES,
  assumptionKind,
  type Combo,
  ECON_MODEL_KINDS,
  type EconModelKind,
  QUALIFIER_DEFAULT,
  type QualifierView,
  type SavedCombos,
  type SavedCombosView,
} from '@econ/contract';
import { and, asc, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Db as Conn } from '../db/connection';
import { scenarioAssignments, scenarioCombos, scenarioQualifiers } from '../db/schema';

/*
 * Scenario qualifiers and saved combos in storage (issue 20; decision 044). Qualifiers of a scenario
 * are the ones registered here, the ones assignments name, and `default` of every kind.
 */

type ComboRow = typeof scenarioCombos.$inferSelect;

const comboView = (r: ComboRow): SavedCombosView => ({
  savedName: r.savedName,
  combos: r.combos as Combo[],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The scenario's saved combos, by saved name. */
export async function listSavedCombos(db: Conn, scenarioId: string): Promise<SavedCombosView[]> {
  const rows = await db
    .select()
    .from(scenarioCombos)
    .where(eq(scenarioCombos.scenarioId, scenarioId))
    .orderBy(asc(scenarioCombos.savedName));
  return rows.map(comboView);
}

/** The saved combos of this name, if any. */
export async function findSavedCombos(
  db: Conn,
  scenarioId: string,
  savedName: string,
): Promise<SavedCombosView | undefined> {
  const [row] = await db
    .select()
    .from(scenarioCombos)
    .where(and(eq(scenarioCombos.scenarioId, scenarioId), eq(scenarioCombos.savedName, savedName)));
  return row ? comboView(row) : undefined;
}

/** The saved names of the scenario among `names`. */
export async function takenSavedNames(db: Conn, scenarioId: string, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ savedName: scenarioCombos.savedName })
    .from(scenarioCombos)
    .where(and(eq(scenarioCombos.scenarioId, scenarioId), inArray(scenarioCombos.savedName, [...names])));
  return new Set(rows.map((r) => r.savedName));
}

/** Writes a saved set (created, or replaced when `replace`); returns whether it was created. */
export async function writeSavedCombos(
  db: Conn,
  scenarioId: string,
  saved: SavedCombos,
  now: Date,
  replace: boolean,
): Promise<{ created: boolean; view: SavedCombosView }> {
  const existing = await findSavedCombos(db, scenarioId, saved.savedName);
  if (existing && replace) {
    const [row] = await db
      .update(scenarioCombos)
      .set({ combos: saved.combos, updatedAt: now })
      .where(and(eq(scenarioCombos.scenarioId, scenarioId), eq(scenarioCombos.savedName, saved.savedName)))
      .returning();
    return { created: false, view: comboView(row!) };
  }
  const [row] = await db
    .insert(scenarioCombos)
    .values({ scenarioId, savedName: saved.savedName, combos: saved.combos, createdAt: now, updatedAt: now })
    .returning();
  return { created: true, view: comboView(row!) };
}

/** Deletes saved sets by name (all of the scenario's when `names` is undefined); returns how many. */
export async function deleteSavedCombos(db: Conn, scenarioId: string, names?: readonly string[]): Promise<number> {
  const rows = await db
    .delete(scenarioCombos)
    .where(
      and(eq(scenarioCombos.scenarioId, scenarioId), names ? inArray(scenarioCombos.savedName, [...names]) : undefined),
    )
    .returning({ savedName: scenarioCombos.savedName });
  return rows.length;
}

/* ---------------------------------------------------------- qualifiers */

/**
 * The qualifiers of a scenario (of `kinds`, default all): `default` of each kind, the registered
 * ones and those assignments name, each with the number of wells assigned under it.
 */
export async function listQualifiers(
  db: Conn,
  scenarioId: string,
  kinds: readonly EconModelKind[] = ECON_MODEL_KINDS,
): Promise<QualifierView[]> {
  const wells = await db
    .select({
      kind: scenarioAssignments.kind,
      name: scenarioAssignments.qualifierName,
      wells: countDistinct(scenarioAssignments.wellId),
    })
    .from(scenarioAssignments)
    .where(and(eq(scenarioAssignments.scenarioId, scenarioId), inArray(scenarioAssignments.kind, [...kinds])))
    .groupBy(scenarioAssignments.kind, scenarioAssignments.qualifierName);
  const registered = await db
    .select({ kind: scenarioQualifiers.kind, name: scenarioQualifiers.name })
    .from(scenarioQualifiers)
    .where(and(eq(scenarioQualifiers.scenarioId, scenarioId), inArray(scenarioQualifiers.kind, [...kinds])));
  const counts = new Map<string, number>();
  for (const w of wells) counts.set(`${w.kind}\u0000${w.name}`, Number(w.wells));
  const keys = new Set<string>([
    ...kinds.map((k) => `${k}\u0000${QUALIFIER_DEFAULT}`),
    ...registered.map((r) => `${r.kind}\u0000${r.name}`),
    ...counts.keys(),
  ]);
  return [...keys]
    .map((key) => {
      const [kind, name] = key.split('\u0000') as [EconModelKind, string];
      return { econModel: ASSUMPTION_TYPE_NAMES[kind], kind, name, wells: counts.get(key) ?? 0 };
    })
    .sort((a, b) =>
      a.kind === b.kind
        ? a.name === QUALIFIER_DEFAULT
          ? -1
          : b.name === QUALIFIER_DEFAULT
            ? 1
            : a.name.localeCompare(b.name)
        : ECON_MODEL_KINDS.indexOf(a.kind as EconModelKind) - ECON_MODEL_KINDS.indexOf(b.kind as EconModelKind),
    );
}

/** Whether the scenario has this qualifier of this kind (`default`, registered, or named by an assignment). */
export async function hasQualifier(db: Conn, scenarioId: string, kind: EconModelKind, name: string): Promise<boolean> {
  if (name === QUALIFIER_DEFAULT) return true;
  return (await listQualifiers(db, scenarioId, [kind])).some((q) => q.name === name);
}

/** Registers a qualifier (nothing when it exists). */
export async function addQualifier(db: Conn, scenarioId: string, kind: EconModelKind, name: string, now: Date) {
  await db
    .insert(scenarioQualifiers)
    .values({ scenarioId, kind, name, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Renames a qualifier of a kind, in the registry and in the assignments that name it. */
export async function renameQualifier(
  db: Conn,
  scenarioId: string,
  kind: EconModelKind,
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  await db
    .delete(scenarioQualifiers)
    .where(
      and(
        eq(scenarioQualifiers.scenarioId, scenarioId),
        eq(scenarioQualifiers.kind, kind),
        eq(scenarioQualifiers.name, from),
      ),
    );
  await addQualifier(db, scenarioId, kind, to, now);
  await db
    .update(scenarioAssignments)
    .set({ qualifierName: to, updatedAt: now })
    .where(
      and(
        eq(scenarioAssignments.scenarioId, scenarioId),
        eq(scenarioAssignments.kind, kind),
        eq(scenarioAssignments.qualifierName, from),
      ),
    );
}

/** Deletes qualifiers of kinds by name, with the assignments under them; returns how many qualifiers went. */
export async function deleteQualifiers(
  db: Conn,
  scenarioId: string,
  kinds: readonly EconModelKind[],
  names: readonly string[],
): Promise<number> {
  const existing = (await listQualifiers(db, scenarioId, kinds)).filter(
    (q) => names.includes(q.name) && q.name !== QUALIFIER_DEFAULT,
  );
  if (existing.length === 0) return 0;
  await db
    .delete(scenarioQualifiers)
    .where(
      and(
        eq(scenarioQualifiers.scenarioId, scenarioId),
        inArray(scenarioQualifiers.kind, [...kinds]),
        inArray(scenarioQualifiers.name, [...names]),
      ),
    );
  await db
    .delete(scenarioAssignments)
    .where(
      and(
        eq(scenarioAssignments.scenarioId, scenarioId),
        inArray(scenarioAssignments.kind, [...kinds]),
        inArray(scenarioAssignments.qualifierName, [...names]),
      ),
    );
  return existing.length;
}

/** The details of the qualifiers `combos` name that the scenario does not have. */
export async function unknownQualifiers(
  db: Conn,
  scenarioId: string,
  combos: readonly Pick<Combo, 'qualifiers'>[],
  prefix = 'combos',
) {
  const details = [];
  for (const [c, combo] of combos.entries()) {
    for (const [q, { assumption, qualifierName }] of combo.qualifiers.entries()) {
      const kind = assumptionKind(assumption)!;
      if (await hasQualifier(db, scenarioId, kind, qualifierName)) continue;
      details.push({
        field: `${prefix}[${c}].qualifiers[${q}].qualifierName`,
        rule: 'qualifier of the scenario',
        value: qualifierName,
        message: `scenario ${scenarioId} has no ${kind} qualifier "${qualifierName}"`,
      });
    }
  }
  return details;
}
