import { CUT_OFF_COMPANIONS } from '@econ/contract';

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
