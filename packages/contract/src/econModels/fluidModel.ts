import { z } from 'zod';
import { range } from './fields';
import {
  COMPOSITION_TOLERANCE,
  compositionTotal,
  FLUID_COMPONENTS,
  FLUID_PHASES,
  FLUID_PROPERTIES,
  type FluidComponent,
  type FluidPhase,
} from './fluidModelValues';

/*
 * Fluid models, econ function `fluidModel` (issue 19; service-shapes.md: "PVT/composition by
 * phase"). The service's public clients send `fluidModel.{oil, gas, water, ngl, dripCondensate}`,
 * each `{criteria: "flat", composition: {N2: {percentage}, CO2: …, C10Plus: …, O2: …}}` in mole
 * percent. We take that shape whole and add the properties engineers set per phase (API gravity,
 * specific gravity, heating value, salinity; fluidModelValues.ts). A composition with any
 * component above 0 sums to 100 ± 0.01 mole %; all zeros (the service's empty default) means none
 * given. The engine stores and serves it; what it does not apply is reported per well
 * (packages/econ/src/inputs/unapplied.ts). Decision 035.
 */

export * from './fluidModelValues';

const Component = (phase: FluidPhase, key: FluidComponent) =>
  z
    .strictObject({
      percentage: range(`${phase} ${key} percentage`, 0, 100).meta({ description: 'mole percent (0 to 100)' }),
    })
    .optional();

const Composition = (phase: FluidPhase) =>
  z
    .strictObject(
      Object.fromEntries(FLUID_COMPONENTS.map(({ key }) => [key, Component(phase, key)])) as Record<
        FluidComponent,
        ReturnType<typeof Component>
      >,
    )
    .superRefine((composition, ctx) => {
      const total = compositionTotal(composition);
      if (total !== 0 && Math.abs(total - 100) > COMPOSITION_TOLERANCE + 1e-9) {
        const shown = Number(total.toFixed(6));
        ctx.addIssue({
          code: 'custom',
          message: `the ${phase} composition sums to ${shown} mole %; it must sum to 100 (± ${COMPOSITION_TOLERANCE})`,
          params: { rule: `sum 100 ± ${COMPOSITION_TOLERANCE}` },
          input: shown,
        });
      }
    })
    .meta({
      description:
        'mole percent of each component, `{percentage}` (0 to 100); absent components are 0. When any is above 0 they sum to 100 ± 0.01; all 0 means no composition given',
    });

const Phase = (phase: FluidPhase) =>
  z
    .strictObject({
      criteria: z
        .literal('flat', { error: `${phase} criteria must be "flat"` })
        .default('flat')
        .meta({ description: 'the composition holds over the whole well life ("flat", the only value)' }),
      composition: Composition(phase).optional(),
      ...Object.fromEntries(
        FLUID_PROPERTIES[phase].map((p) => [
          p.key,
          range(`${phase} ${p.key}`, p.min, p.max).optional().meta({ description: p.description }),
        ]),
      ),
    })
    .meta({ id: `FluidModel${phase.charAt(0).toUpperCase()}${phase.slice(1)}` });

export const FluidModel = z
  .strictObject(
    Object.fromEntries(FLUID_PHASES.map(({ key }) => [key, Phase(key).optional()])) as Record<
      FluidPhase,
      z.ZodOptional<ReturnType<typeof Phase>>
    >,
  )
  .meta({
    id: 'FluidModelInput',
    description:
      'PVT data by phase: a composition in mole percent and the properties engineers set (stored and served; not applied by the engine, which says so per well)',
  });

/** One phase of a fluid model as stored. */
export interface FluidModelPhase {
  criteria: 'flat';
  composition?: Partial<Record<FluidComponent, { percentage: number }>>;
  apiGravity?: number;
  specificGravity?: number;
  heatingValue?: number;
  salinity?: number;
}
export type FluidModel = Partial<Record<FluidPhase, FluidModelPhase>>;

export const FluidModelFunctions = z.strictObject({ fluidModel: FluidModel }).meta({ id: 'FluidModelFunctionsInput' });
export type FluidModelFunctions = { fluidModel: FluidModel };
export const FluidModelFunctionsView = FluidModelFunctions.meta({ id: 'FluidModelFunctionsView' });

/** Responses carry what was stored (the default criteria filled in): nothing is computed. */
export function fluidModelView(functions: FluidModelFunctions): FluidModelFunctions {
  return structuredClone(functions);
}
