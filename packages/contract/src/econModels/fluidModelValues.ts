/*
 * The fluid model's phases, components and properties, without zod: the schema (fluidModel.ts),
 * the econ engine's "not applied" sentences and the console's form read them. Decision 035.
 */

/** The phases of a fluid model (the service's `fluidModel` keys). */
export const FLUID_PHASES = [
  { key: 'oil', label: 'Oil' },
  { key: 'gas', label: 'Gas' },
  { key: 'water', label: 'Water' },
  { key: 'ngl', label: 'NGL' },
  { key: 'dripCondensate', label: 'Drip condensate' },
] as const;
export type FluidPhase = (typeof FLUID_PHASES)[number]['key'];

/**
 * The components of a composition, as the service names them (C10Plus is C10+), each
 * `{percentage}` in mole percent.
 */
export const FLUID_COMPONENTS = [
  { key: 'N2', label: 'N₂ (nitrogen)' },
  { key: 'CO2', label: 'CO₂ (carbon dioxide)' },
  { key: 'C1', label: 'C1 (methane)' },
  { key: 'C2', label: 'C2 (ethane)' },
  { key: 'C3', label: 'C3 (propane)' },
  { key: 'iC4', label: 'iC4 (isobutane)' },
  { key: 'nC4', label: 'nC4 (n-butane)' },
  { key: 'iC5', label: 'iC5 (isopentane)' },
  { key: 'nC5', label: 'nC5 (n-pentane)' },
  { key: 'iC6', label: 'iC6 (isohexanes)' },
  { key: 'nC6', label: 'nC6 (n-hexane)' },
  { key: 'C7', label: 'C7 (heptanes)' },
  { key: 'C8', label: 'C8 (octanes)' },
  { key: 'C9', label: 'C9 (nonanes)' },
  { key: 'C10Plus', label: 'C10+ (decanes plus)' },
  { key: 'H2S', label: 'H₂S (hydrogen sulfide)' },
  { key: 'H2', label: 'H₂ (hydrogen)' },
  { key: 'H2O', label: 'H₂O (water vapour)' },
  { key: 'He', label: 'He (helium)' },
  { key: 'O2', label: 'O₂ (oxygen)' },
] as const;
export type FluidComponent = (typeof FLUID_COMPONENTS)[number]['key'];

/** A composition given sums to 100 mole percent within this tolerance. */
export const COMPOSITION_TOLERANCE = 0.01;

/** The total of a composition's percentages (absent components count 0). */
export function compositionTotal(composition: Partial<Record<FluidComponent, { percentage: number }>>): number {
  let total = 0;
  for (const { key } of FLUID_COMPONENTS) total += composition[key]?.percentage ?? 0;
  return total;
}

/** A property engineers set on a phase: its key, label, unit and range (inclusive). */
export interface FluidProperty {
  key: 'apiGravity' | 'specificGravity' | 'heatingValue' | 'salinity';
  label: string;
  unit: string;
  min: number;
  max: number;
  description: string;
}

const API_GRAVITY = (what: string): FluidProperty => ({
  key: 'apiGravity',
  label: 'API gravity',
  unit: '°API',
  min: 0,
  max: 100,
  description: `API gravity of the stock-tank ${what} at 60 °F, in degrees API (0 to 100)`,
});
const LIQUID_HEATING_VALUE = (what: string): FluidProperty => ({
  key: 'heatingValue',
  label: 'Heating value',
  unit: 'MMBTU/BBL',
  min: 0,
  max: 10,
  description: `gross (higher) heating value of the ${what}, in MMBTU per barrel (0 to 10)`,
});

/** The properties each phase takes (any other is refused). */
export const FLUID_PROPERTIES: Record<FluidPhase, readonly FluidProperty[]> = {
  oil: [API_GRAVITY('oil'), LIQUID_HEATING_VALUE('oil')],
  gas: [
    {
      key: 'specificGravity',
      label: 'Specific gravity',
      unit: 'air = 1',
      min: 0.5,
      max: 2.5,
      description: 'gas specific gravity relative to air at standard conditions (0.5 to 2.5)',
    },
    {
      key: 'heatingValue',
      label: 'Heating value',
      unit: 'BTU/SCF',
      min: 0,
      max: 3500,
      description: 'gross (higher) heating value of the gas, in BTU per standard cubic foot (0 to 3,500)',
    },
  ],
  water: [
    {
      key: 'specificGravity',
      label: 'Specific gravity',
      unit: 'water = 1',
      min: 0.95,
      max: 1.5,
      description: 'produced-water specific gravity relative to fresh water at 60 °F (0.95 to 1.5)',
    },
    {
      key: 'salinity',
      label: 'Salinity',
      unit: 'mg/L TDS',
      min: 0,
      max: 500_000,
      description: 'total dissolved solids of the produced water, in mg/L (0 to 500,000)',
    },
  ],
  ngl: [
    {
      key: 'specificGravity',
      label: 'Specific gravity',
      unit: 'water = 1',
      min: 0.3,
      max: 1,
      description: 'NGL mix specific gravity relative to water at 60 °F (0.3 to 1)',
    },
    LIQUID_HEATING_VALUE('NGL'),
  ],
  dripCondensate: [API_GRAVITY('drip condensate'), LIQUID_HEATING_VALUE('drip condensate')],
};
