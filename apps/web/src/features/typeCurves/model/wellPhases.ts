import type { WellPhaseStatus } from '@econ/contract';

const PHASES = ['oil', 'gas', 'water'] as const;

/**
 * What the type curve's wells table says of a well's phases (spec part 2.9): "excluded" when it is
 * out of every fit by excludedWells; else the phases it is in the fit of and, apart, those it drops
 * out of for want of production ("oil, gas · no water production"); "—" when the API gave none.
 */
export function phasesText(phases: Record<(typeof PHASES)[number], WellPhaseStatus> | undefined): string {
  if (!phases) return '—';
  if (PHASES.every((p) => phases[p] === 'excluded')) return 'excluded';
  const fit = PHASES.filter((p) => phases[p] === 'fit');
  const none = PHASES.filter((p) => phases[p] === 'noProduction');
  const parts = [fit.length === PHASES.length ? 'all phases' : fit.length ? fit.join(', ') : 'no phase'];
  if (none.length) parts.push(`no ${none.join(' or ')} production`);
  return parts.join(' · ');
}
