import { type ImpactFeeStart, impactFeeWell, PRODUCTION_TAX_STATES } from '@econ/contract';

/*
 * The state of a production-taxes model in the console (the contract's productionTaxStates.ts): the
 * service's states by name, Pennsylvania's two impact-fee states said as such. Pure.
 */

const titleCase = (s: string) =>
  s
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');

/** How a state reads: `new_mexico` "New Mexico"; an impact-fee state names its well and the fee. */
export function stateLabel(state: string): string {
  if (state === 'custom') return 'Custom (no state)';
  const well = impactFeeWell(state);
  return well ? `Pennsylvania, ${well} well: impact fee` : titleCase(state);
}

/** The states to choose from: the service's, and first the stored one when it is spelled otherwise. */
export function stateOptions(current: string | undefined): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = PRODUCTION_TAX_STATES.map((value) => ({
    value,
    label: stateLabel(value),
  }));
  if (current && !PRODUCTION_TAX_STATES.some((s) => s === current)) {
    options.unshift({ value: current, label: stateLabel(current) });
  }
  return options;
}

export const IMPACT_FEE_START_LABELS: Record<ImpactFeeStart, string> = {
  fpd: 'First production date',
  spud_date_from_headers: 'Spud date (well header)',
};
