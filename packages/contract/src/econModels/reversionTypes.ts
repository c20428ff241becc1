/*
 * The reversion keys and types of `ownership` (spec part 2.4), without zod: the econ engine uses
 * them too. Split from ownershipReversion.ts, which validates the functions.
 */

/** The ten reversion keys of `ownership`, in the order they must be used. */
export const REVERSION_KEYS = [
  'firstReversion',
  'secondReversion',
  'thirdReversion',
  'fourthReversion',
  'fifthReversion',
  'sixthReversion',
  'seventhReversion',
  'eighthReversion',
  'ninthReversion',
  'tenthReversion',
] as const;
export type ReversionKey = (typeof REVERSION_KEYS)[number];

/** Reversion types whose reversionValue is a date string. */
export const DATE_REVERSION_TYPES = ['Date', 'AsOf'] as const;
/** Reversion types whose reversionValue is a number. */
export const NUMERIC_REVERSION_TYPES = [
  'WhCumOil',
  'WhCumGas',
  'WhCumBoe',
  'Irr',
  'PayoutWithInvestment',
  'PayoutWithoutInvestment',
  'UndiscRoi',
] as const;
export const REVERSION_TYPES = [...DATE_REVERSION_TYPES, ...NUMERIC_REVERSION_TYPES] as const;
export type ReversionType = (typeof REVERSION_TYPES)[number];
