import { DATE_REVERSION_TYPES, REVERSION_KEYS, type ReversionKey, type ReversionType } from '@econ/contract';

/*
 * The reversions of an ownership model as the form edits them: an ordered list of up to ten,
 * stored in `ownership.firstReversion` … `ownership.tenthReversion`. The contract (spec 2.4, and
 * its in-order rule) wants the used ones first and without gaps, so the list maps onto the keys in
 * order and every later key is null.
 */

/** A reversion as the form holds it (values may be unfinished while someone types). */
export type ReversionDraft = Record<string, unknown>;

export const MAX_REVERSIONS = REVERSION_KEYS.length;

/** The per-phase NRIs: nullable, so an unset one is null (never undefined, see `reversionSlots`). */
export const PHASE_NRI_FIELDS = [
  'oilNetRevenueInterest',
  'gasNetRevenueInterest',
  'nglNetRevenueInterest',
  'dripCondensateNetRevenueInterest',
] as const;
/** Optional, not nullable: an unset one is an explicit undefined key. */
const OPTIONAL_FIELDS = ['netRevenueInterest', 'leaseNetRevenueInterest'] as const;

/** Labels of the reversion types, with the unit of the value where it is a number. */
export const REVERSION_TYPE_LABELS: Record<ReversionType, string> = {
  Date: 'Date',
  AsOf: 'As of date',
  WhCumOil: 'Well cum oil',
  WhCumGas: 'Well cum gas',
  WhCumBoe: 'Well cum BOE',
  Irr: 'IRR',
  PayoutWithInvestment: 'Payout with investment',
  PayoutWithoutInvestment: 'Payout without investment',
  UndiscRoi: 'Undiscounted ROI',
};

/** The unit of reversionValue of each numeric type (contract: WhCum* volumes, IRR %, payouts $, ROI ratio). */
export const REVERSION_VALUE_UNITS: Partial<Record<ReversionType, string>> = {
  WhCumOil: 'BBL',
  WhCumGas: 'MCF',
  WhCumBoe: 'BOE',
  Irr: '%',
  PayoutWithInvestment: '$',
  PayoutWithoutInvestment: '$',
  UndiscRoi: 'ratio',
};

/** Whether reversionValue of this type is a date string (`Date`, `AsOf`) rather than a number. */
export const isDateReversionType = (type: unknown): boolean =>
  (DATE_REVERSION_TYPES as readonly unknown[]).includes(type);

const isUsed = (v: unknown): v is ReversionDraft => typeof v === 'object' && v !== null;

/** The used reversions of `ownership`, in key order (a null or absent key is unused). */
export function reversionsOf(ownership: unknown): ReversionDraft[] {
  if (!isUsed(ownership)) return [];
  return REVERSION_KEYS.map((k) => ownership[k]).filter(isUsed);
}

/**
 * Every key a reversion can carry, present: the nullable NRIs as null when unset, the optional ones
 * as an explicit undefined. Setting a whole slot then overwrites every input of it, so no value of
 * the reversion that sat there before lingers.
 */
export function completeReversion(reversion: ReversionDraft): ReversionDraft {
  const out: ReversionDraft = { ...reversion };
  for (const f of PHASE_NRI_FIELDS) out[f] = reversion[f] ?? null;
  for (const f of OPTIONAL_FIELDS) out[f] = reversion[f] ?? undefined;
  return out;
}

/**
 * The ten reversion keys for a list: the list in order from `firstReversion`, null after it.
 *
 * @throws RangeError when the list holds more than ten reversions.
 * @example reversionSlots([a, b]) // { firstReversion: a, secondReversion: b, thirdReversion: null, … }
 */
export function reversionSlots(list: readonly ReversionDraft[]): Record<ReversionKey, ReversionDraft | null> {
  if (list.length > MAX_REVERSIONS) {
    throw new RangeError(`an ownership model has at most ${MAX_REVERSIONS} reversions (got ${list.length})`);
  }
  return Object.fromEntries(
    REVERSION_KEYS.map((k, i) => {
      const r = list[i];
      return [k, r ? completeReversion(r) : null];
    }),
  ) as Record<ReversionKey, ReversionDraft | null>;
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}

/** The list without the item at `index`. */
export const removeItem = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * A new reversion to append: payout with investment at 0, keeping the interests in force before
 * it (those of the last reversion, or the initial ownership), so a person edits only what changes.
 */
export function newReversion(ownership: unknown): ReversionDraft {
  const list = reversionsOf(ownership);
  const initial = isUsed(ownership) && isUsed(ownership.initialOwnership) ? ownership.initialOwnership : {};
  const before = list[list.length - 1] ?? initial;
  return completeReversion({
    reversionType: 'PayoutWithInvestment',
    reversionValue: 0,
    balance: 'gross',
    includeNetProfitInterest: 'yes',
    netProfitInterest: num(before.netProfitInterest, 0),
    workingInterest: num(before.workingInterest, 100),
    netRevenueInterest: typeof before.netRevenueInterest === 'number' ? before.netRevenueInterest : undefined,
  });
}

/**
 * The reversion with another type. The value keeps its form when the new type takes the same form
 * (a date stays, a number stays); otherwise it restarts: an empty date to pick, or 0. A numeric
 * type needs balance and includeNetProfitInterest set, so empty ones (allowed for Date/AsOf)
 * become `gross` and `yes`.
 */
export function withReversionType(reversion: ReversionDraft, type: ReversionType): ReversionDraft {
  const toDate = isDateReversionType(type);
  const value = reversion.reversionValue;
  const reversionValue = toDate
    ? typeof value === 'string'
      ? value
      : ''
    : typeof value === 'number' && Number.isFinite(value)
      ? value
      : 0;
  const out: ReversionDraft = { ...reversion, reversionType: type, reversionValue };
  if (!toDate) {
    if (!out.balance) out.balance = 'gross';
    if (!out.includeNetProfitInterest) out.includeNetProfitInterest = 'yes';
  }
  return out;
}
