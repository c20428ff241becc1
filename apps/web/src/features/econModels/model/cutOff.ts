import { CASH_FLOW_TRIGGERS, type CutOffTrigger } from '@econ/contract';

/**
 * The cut-off fields that come with some triggers only (spec 2.3): required with them, refused
 * with the others, each with the value a newly chosen trigger starts from.
 */
export const CUT_OFF_COMPANIONS: readonly {
  field: 'triggerEclCapex' | 'includeCapex' | 'econLimitDelay' | 'discount' | 'tolerateNegativeCF';
  triggers: readonly CutOffTrigger[];
  initial: boolean | number;
}[] = [
  { field: 'triggerEclCapex', triggers: CASH_FLOW_TRIGGERS, initial: false },
  { field: 'includeCapex', triggers: CASH_FLOW_TRIGGERS, initial: false },
  { field: 'econLimitDelay', triggers: CASH_FLOW_TRIGGERS, initial: 0 },
  { field: 'discount', triggers: ['maxCumCashFlow'], initial: 0 },
  { field: 'tolerateNegativeCF', triggers: ['firstNegativeCashFlow'], initial: 0 },
];

/** Whether `field` belongs with `trigger`. */
export const companionApplies = (field: string, trigger: string | undefined): boolean =>
  CUT_OFF_COMPANIONS.some((c) => c.field === field && (c.triggers as readonly string[]).includes(trigger ?? ''));

/**
 * The writes to `cutOff` after switching to `trigger`: companions it takes keep their value or get
 * their initial one; the others become undefined (not sent).
 */
export function companionWrites(cutOff: Record<string, unknown> | undefined, trigger: string): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const c of CUT_OFF_COMPANIONS) {
    const has = cutOff?.[c.field] !== undefined;
    if (companionApplies(c.field, trigger)) {
      if (!has) writes[c.field] = c.initial;
    } else if (has) writes[c.field] = undefined;
  }
  return writes;
}
