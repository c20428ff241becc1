import {
  type EconOneLiner,
  type EconOneLinerComplete,
  QUALIFIER_DEFAULT,
  type QualifierView,
  type SavedCombos,
} from '@econ/contract';

/*
 * Combos in the console (decision 044): the assumptions worth choosing a qualifier for, a new
 * combo, a set in the form the API takes, and one-liners of several combos side by side. Pure.
 */

/** An assumption that has more than `default`: its kind, type name and qualifier names (default first). */
export interface ComboAssumption {
  kind: string;
  econModel: string;
  names: string[];
}

/** The assumptions of the scenario with a qualifier besides `default`, in the API's order. */
export function comboAssumptions(qualifiers: readonly QualifierView[]): ComboAssumption[] {
  const byKind = new Map<string, ComboAssumption>();
  for (const q of qualifiers) {
    const a = byKind.get(q.kind) ?? { kind: q.kind, econModel: q.econModel, names: [] };
    a.names.push(q.name);
    byKind.set(q.kind, a);
  }
  return [...byKind.values()].filter((a) => a.names.some((n) => n !== QUALIFIER_DEFAULT));
}

/** A combo of the form: its name, whether runs of the set compute it, a qualifier per kind. */
export interface ComboDraft {
  comboName: string;
  selected: boolean;
  qualifiers: Record<string, string>;
}

/** A new combo named `Combo n` (n: the first number not taken), every assumption `default`. */
export function newCombo(existing: readonly ComboDraft[]): ComboDraft {
  let n = existing.length + 1;
  while (existing.some((c) => c.comboName === `Combo ${n}`)) n++;
  return { comboName: `Combo ${n}`, selected: true, qualifiers: {} };
}

/** A saved set as the API takes it: each combo's non-default qualifiers by kind. */
export function toSavedCombos(savedName: string, combos: readonly ComboDraft[]): SavedCombos {
  return {
    savedName: savedName.trim(),
    combos: combos.map((c) => ({
      comboName: c.comboName.trim(),
      selected: c.selected,
      qualifiers: Object.entries(c.qualifiers)
        .filter(([, name]) => name !== QUALIFIER_DEFAULT)
        .map(([assumption, qualifierName]) => ({ assumption, qualifierName })),
    })),
  };
}

/** A saved set's combos as drafts (assumptions by whatever name they were saved under, resolved by `kindOf`). */
export function toDrafts(
  saved: Pick<SavedCombos, 'combos'>,
  kindOf: (assumption: string) => string | undefined,
): ComboDraft[] {
  return saved.combos.map((c) => ({
    comboName: c.comboName,
    selected: c.selected,
    qualifiers: Object.fromEntries(
      c.qualifiers.flatMap((q) => {
        const kind = kindOf(q.assumption);
        return kind ? [[kind, q.qualifierName]] : [];
      }),
    ),
  }));
}

/** One well's one-liners across combos: the NPV of each (null: failed or missing) and its change from the first. */
export interface ComparisonRow {
  well: string;
  wellName: string;
  npv: (number | null)[];
  /** NPV of combo i minus the first combo's; null where either is missing. */
  delta: (number | null)[];
}

/** Rows by well (in the order of the first combo's rows, then any others), at the first discount. */
export function comparisonRows(combos: readonly string[], lines: readonly EconOneLiner[]): ComparisonRow[] {
  const rows = new Map<string, ComparisonRow>();
  for (const l of lines) {
    const i = combos.indexOf(l.comboName);
    if (i < 0) continue;
    let row = rows.get(l.well);
    if (!row) {
      row = { well: l.well, wellName: l.wellName, npv: combos.map(() => null), delta: combos.map(() => null) };
      rows.set(l.well, row);
    }
    row.npv[i] = l.status === 'complete' ? (l as EconOneLinerComplete).firstDiscountNpv : null;
  }
  for (const row of rows.values()) {
    const first = row.npv[0];
    row.delta = row.npv.map((v) => (v === null || first === null || first === undefined ? null : v - first));
  }
  return [...rows.values()];
}
