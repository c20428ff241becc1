/*
 * The emissions kind's categories, units and components, without zod: the schema (emission.ts),
 * the econ engine (packages/econ/src/emissions.ts) and the console's form read them. Decision 035.
 */

/**
 * Emission source categories: the service's list (its public clients send these), and `other`.
 * Fugitive emissions are `equipment_leaks`, storage tanks `atmospheric_tank`, compression
 * `reciprocating_compressor` or `centrifugal_compressor`, dehydration `dehydrators`.
 */
export const EMISSION_CATEGORIES = [
  'associated_gas',
  'acid_gas_removal_units',
  'centrifugal_compressor',
  'eor_hydrocarbon_liquids',
  'eor_injection_pumps',
  'liquids_unloading',
  'pneumatic_device',
  'dehydrators',
  'equipment_leaks',
  'atmospheric_tank',
  'reciprocating_compressor',
  'completions_with_fracturing',
  'completions_without_fracturing',
  'drilling',
  'completion',
  'combustion',
  'pneumatic_pump',
  'well_testing',
  'blowdown_vent_stacks',
  'flare',
  'scope2',
  'scope3',
  'other',
] as const;
export type EmissionCategory = (typeof EMISSION_CATEGORIES)[number];

/** The masses a row gives, in metric tons (MT): CO2 equivalent and each species. */
export const EMISSION_COMPONENTS = ['co2e', 'co2', 'ch4', 'n2o'] as const;
export type EmissionComponent = (typeof EMISSION_COMPONENTS)[number];

/** The volume phases a per-volume rate may apply to. */
export type EmissionPhase = 'oil' | 'gas' | 'water' | 'ngl' | 'dripCondensate';

/**
 * The units of a row's rates: per thousand barrels of a liquid phase, per million cubic feet of
 * gas, per thousand BOE, per well and month or year, or once per new well (in its first-production
 * month). `phases` are the phases a per-volume unit may name (the first is the default).
 */
export const EMISSION_UNITS = [
  { key: 'mt_per_mbbl', label: 'MT/MBBL', phases: ['oil', 'water', 'ngl', 'dripCondensate'] },
  { key: 'mt_per_mmcf', label: 'MT/MMCF', phases: ['gas'] },
  { key: 'mt_per_mboe', label: 'MT/MBOE', phases: [] },
  { key: 'mt_per_well_per_month', label: 'MT/well/month', phases: [] },
  { key: 'mt_per_well_per_year', label: 'MT/well/year', phases: [] },
  { key: 'mt_per_new_well', label: 'MT/new well', phases: [] },
] as const satisfies readonly { key: string; label: string; phases: readonly EmissionPhase[] }[];
export type EmissionUnit = (typeof EMISSION_UNITS)[number]['key'];

/** The largest rate a row takes, in MT per its unit. */
export const EMISSION_RATE_MAX = 1_000_000;
/** Rows an emissions model holds at most (the service's limit). */
export const EMISSION_ROWS_MAX = 1000;

/** The phases a unit's rate may apply to (empty: none, the unit is not per volume). */
export function emissionUnitPhases(unit: EmissionUnit): readonly EmissionPhase[] {
  return EMISSION_UNITS.find((u) => u.key === unit)?.phases ?? [];
}
