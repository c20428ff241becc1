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

/**
 * The reversion keys the service's own model has past the spec's ten; its clients send them as
 * null (service-shapes.md, end of "Econ models"). Accepted as null and dropped; a value is refused.
 */
export const UNUSED_REVERSION_KEYS = [
  'eleventhReversion',
  'twelfthReversion',
  'thirteenthReversion',
  'fourteenthReversion',
  'fifteenthReversion',
  'sixteenthReversion',
  'seventeenthReversion',
  'eighteenthReversion',
  'nineteenthReversion',
  'twentiethReversion',
] as const;

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
