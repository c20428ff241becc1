import type { FluidModelFunctions } from '@econ/contract';
import { compositionTotal, FLUID_PHASES, FLUID_PROPERTIES } from '@econ/contract/rules';

/*
 * What the engine stores but does not apply, said per well (issue 19: the engine never ignores a
 * field silently; decision 035). Pure: sentences in the form of wellInput's warnings, each naming
 * the model kind and the fields.
 */

/** The assigned models this file speaks for. */
export interface UnappliedModels {
  'fluid-models'?: FluidModelFunctions | undefined;
}

/**
 * One sentence per phase of a fluid model that gives anything (a composition with a component
 * above 0, or a property): the engine derives no volumes, prices or emissions from a fluid model.
 *
 * @example unapplied({ 'fluid-models': { fluidModel: { oil: { criteria: 'flat', apiGravity: 42 } } } })
 * // ['fluid-models: fluidModel.oil apiGravity 42 °API is stored but not applied: …']
 */
export function unapplied(models: UnappliedModels): string[] {
  const warnings: string[] = [];
  const fluid = models['fluid-models']?.fluidModel;
  if (!fluid) return warnings;
  for (const { key } of FLUID_PHASES) {
    const phase = fluid[key];
    if (!phase) continue;
    const parts: string[] = [];
    const composition = phase.composition;
    if (composition && compositionTotal(composition) > 0) {
      const given = Object.values(composition).filter((c) => c !== undefined && c.percentage > 0).length;
      parts.push(`composition (${given} ${given === 1 ? 'component' : 'components'}, mole %)`);
    }
    for (const p of FLUID_PROPERTIES[key]) {
      const v = phase[p.key];
      // Relative units read "0.82 (air = 1)"; others "1348 BTU/SCF".
      if (v !== undefined) parts.push(`${p.key} ${v} ${p.unit.includes('=') ? `(${p.unit})` : p.unit}`);
    }
    if (parts.length === 0) continue;
    warnings.push(
      `fluid-models: fluidModel.${key} ${parts.join(', ')} ${parts.length === 1 ? 'is' : 'are'} stored but not applied: the engine derives no volumes, prices or emissions from a fluid model.`,
    );
  }
  return warnings;
}
