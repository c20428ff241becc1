import { PHASES, type Phase, type WellPhaseStatus } from '@econ/contract';

/*
 * A type-curve well's place in each phase's fit (spec part 2.9): every assigned well not in
 * excludedWells is in the fit, and a well drops out of a phase only when it has no production for
 * that phase.
 */

/**
 * The well's status per phase: `excluded` in every phase when it is in excludedWells; otherwise
 * `fit` for each phase it has production of and `noProduction` for the others.
 *
 * @example
 * wellPhases(false, new Set(['oil', 'gas'])) // { oil: 'fit', gas: 'fit', water: 'noProduction' }
 */
export function wellPhases(excluded: boolean, produced: ReadonlySet<Phase>): Record<Phase, WellPhaseStatus> {
  const out = {} as Record<Phase, WellPhaseStatus>;
  for (const phase of PHASES) out[phase] = excluded ? 'excluded' : produced.has(phase) ? 'fit' : 'noProduction';
  return out;
}
