import { z } from 'zod';
import { QUALIFIER_DEFAULT, QualifierName } from './assignments';
import { noNul } from './common';
import { ECON_MODEL_KINDS, type EconModelKind } from './econModels/envelope';

/*
 * Scenario qualifiers and combos (issue 20; service-shapes.md "Scenarios", "Econ runs and
 * results"; decision 044). A qualifier is a named alternative of one assumption (econ model kind)
 * of a scenario (`default` always exists); a combo picks a qualifier per assumption ("Low price":
 * pricing → "low"); a run computes each combo it is given, and its results carry `comboName`.
 * Assumptions are named as the service's clients name them: the kind's type name (`Pricing`,
 * `OwnershipReversion`, `Dates`), its route (`pricing`, `ownership-reversions`, `date-settings`)
 * or either in snake_case; they are stored as sent and resolved to a kind.
 */

/** The service's type name of each kind (service-shapes.md, "Econ models"). */
export const ASSUMPTION_TYPE_NAMES: Record<EconModelKind, string> = {
  'general-options': 'GeneralOptions',
  'ownership-reversions': 'OwnershipReversion',
  'actual-forecast': 'ActualOrForecast',
  pricing: 'Pricing',
  capex: 'Capex',
  'production-taxes': 'ProductionTaxes',
  'date-settings': 'Dates',
  'reserves-categories': 'ReservesCategory',
  depreciation: 'Depreciation',
  riskings: 'Risking',
  differentials: 'Differentials',
  'stream-properties': 'StreamProperties',
  emissions: 'Emission',
  escalations: 'Escalation',
  expenses: 'Expenses',
  'fluid-models': 'FluidModel',
  operations: 'Operations',
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIASES = new Map<string, EconModelKind>();
for (const kind of ECON_MODEL_KINDS) {
  for (const name of [kind, ASSUMPTION_TYPE_NAMES[kind]]) {
    ALIASES.set(squash(name), kind);
    // Singular and plural both name the kind (`riskings` / `risking`, `emission` / `emissions`).
    ALIASES.set(squash(name).replace(/s$/, ''), kind);
  }
}
ALIASES.set('dates', 'date-settings');
ALIASES.set('actualorforecast', 'actual-forecast');

/** The kind an assumption name stands for (type name, route, snake_case, singular or plural), if any. */
export function assumptionKind(name: string): EconModelKind | undefined {
  return ALIASES.get(squash(name)) ?? ALIASES.get(squash(name).replace(/s$/, ''));
}

const ASSUMPTION_HELP = `an econ model kind: its type name (${Object.values(ASSUMPTION_TYPE_NAMES).slice(0, 3).join(', ')}, …) or route (${ECON_MODEL_KINDS.slice(0, 3).join(', ')}, …)`;

/** An assumption named as the service's clients name it; must resolve to a kind. */
export const AssumptionName = z
  .string({ error: 'must be a string naming an econ model kind' })
  .refine((s) => assumptionKind(s) !== undefined, {
    message: `must name ${ASSUMPTION_HELP}`,
    params: { rule: 'econ model kind' },
  })
  .meta({ description: ASSUMPTION_HELP });

export const COMBOS_MAX = 20;
export const SAVED_COMBOS_WRITE_MAX = 20;
export const COMBO_NAME_MAX = 100;

const name = (field: string) =>
  noNul(
    z
      .string({ error: `${field} must be a string` })
      .trim()
      .min(1, `${field} must not be empty`)
      .max(COMBO_NAME_MAX, `${field} must be at most ${COMBO_NAME_MAX} characters`),
  );

/** A query filter naming one combo (`comboName`). */
export const ComboNameFilter = noNul(
  z.string().max(COMBO_NAME_MAX, `comboName must be at most ${COMBO_NAME_MAX} characters`),
);

export const ComboQualifier = z
  .strictObject({ assumption: AssumptionName, qualifierName: QualifierName })
  .meta({ id: 'ComboQualifier' });

/** One combo: its name, whether runs of its saved set compute it, and a qualifier per assumption (others: `default`). */
export const Combo = z
  .strictObject({
    comboName: name('comboName').meta({ description: 'the name results carry, e.g. "Low price"' }),
    selected: z
      .boolean({ error: 'selected must be true or false' })
      .default(true)
      .meta({ description: 'computed by a run that takes the saved set (default true)' }),
    qualifiers: z
      .array(ComboQualifier)
      .max(ECON_MODEL_KINDS.length, `qualifiers takes at most ${ECON_MODEL_KINDS.length} assumptions`)
      .default([])
      .meta({ description: `the qualifier of each assumption named; \`${QUALIFIER_DEFAULT}\` for the others` }),
  })
  .superRefine((combo, ctx) => {
    const seen = new Map<EconModelKind, number>();
    combo.qualifiers.forEach((q, i) => {
      const kind = assumptionKind(q.assumption);
      if (!kind) return;
      const earlier = seen.get(kind);
      if (earlier !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['qualifiers', i, 'assumption'],
          input: q.assumption,
          params: { rule: 'one qualifier per assumption' },
          message: `${q.assumption} is named twice in combo "${combo.comboName}" (qualifiers[${earlier}])`,
        });
      } else seen.set(kind, i);
    });
  })
  .meta({ id: 'Combo' });
export type Combo = z.output<typeof Combo>;

/** A saved set of combos of a scenario (`/{s}/combos` records). */
export const SavedCombos = z
  .strictObject({
    savedName: name('savedName').meta({ description: 'the name of the saved set, unique in the scenario' }),
    combos: z
      .array(Combo)
      .min(1, 'combos must hold at least one combo')
      .max(COMBOS_MAX, `combos must hold at most ${COMBOS_MAX} combos`),
  })
  .superRefine((s, ctx) => {
    const seen = new Map<string, number>();
    s.combos.forEach((c, i) => {
      const earlier = seen.get(c.comboName);
      if (earlier !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['combos', i, 'comboName'],
          input: c.comboName,
          params: { rule: 'unique combo names' },
          message: `comboName "${c.comboName}" is taken by combos[${earlier}]`,
        });
      } else seen.set(c.comboName, i);
    });
  })
  .meta({ id: 'SavedCombos' });
export type SavedCombos = z.output<typeof SavedCombos>;

export const SavedCombosView = z
  .object({
    savedName: z.string(),
    combos: z.array(
      z.object({
        comboName: z.string(),
        selected: z.boolean(),
        qualifiers: z.array(z.object({ assumption: z.string(), qualifierName: z.string() })),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedCombosView' });
export type SavedCombosView = z.infer<typeof SavedCombosView>;

/** A combo as a run computes it: its name and the qualifier of each kind that is not `default`. */
export interface RunCombo {
  comboName: string;
  qualifiers: Partial<Record<EconModelKind, string>>;
}

/** A combo's qualifiers by kind (assumptions resolved; `default` ones left out). */
export function runCombo(combo: Pick<Combo, 'comboName' | 'qualifiers'>): RunCombo {
  const qualifiers: Partial<Record<EconModelKind, string>> = {};
  for (const q of combo.qualifiers) {
    const kind = assumptionKind(q.assumption);
    if (kind && q.qualifierName !== QUALIFIER_DEFAULT) qualifiers[kind] = q.qualifierName;
  }
  return { comboName: combo.comboName, qualifiers };
}

/* ---------------------------------------------------------- qualifiers */

export const QUALIFIERS_WRITE_MAX = 100;

/** A record of `POST|PUT /{s}/qualifiers`: `econModel` names the assumption; PUT renames `name` to `newName`. */
export const QualifierInput = z
  .strictObject({
    econModel: AssumptionName,
    name: QualifierName,
    newName: QualifierName.optional().meta({ description: 'PUT: the new name (the assignments follow)' }),
  })
  .meta({ id: 'QualifierInput' });
export type QualifierInput = z.output<typeof QualifierInput>;

export const QualifierView = z
  .object({
    econModel: z.string().meta({ description: 'the kind’s type name, e.g. Pricing' }),
    kind: z.string().meta({ description: 'the kind’s route, e.g. pricing' }),
    name: z.string(),
    wells: z.int().meta({ description: 'wells assigned a model under this qualifier' }),
  })
  .meta({ id: 'QualifierView' });
export type QualifierView = z.infer<typeof QualifierView>;
