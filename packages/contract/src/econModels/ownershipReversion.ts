import { z } from 'zod';
import { DateString, hasPrecision } from './fields';
import {
  DATE_REVERSION_TYPES,
  NUMERIC_REVERSION_TYPES,
  REVERSION_KEYS,
  REVERSION_TYPES,
  type ReversionKey,
  UNUSED_REVERSION_KEYS,
} from './reversionTypes';

export * from './reversionTypes';

/*
 * Ownership and reversion (spec part 2.4), kind `ownership-reversions`, econ function `ownership`.
 *
 * Rules the spec leaves open, decided here:
 * - reversionValue of the numeric types (spec: "not shown"): a number from 0 to 1e19 with 0.000001
 *   precision for every one of them (WhCum* volumes, Irr percent, payout $, UndiscRoi ratio);
 *   negative thresholds have no meaning for a reversion that fires when a running total reaches them.
 * - Reversions are used in order: `thirdReversion` is refused unless `firstReversion` and
 *   `secondReversion` are used. A JSON null (or leaving the key out) marks a reversion unused.
 * - Date reversions are not required to increase: reversions are evaluated one after another, so a
 *   later reversion whose date has passed simply fires at once; the spec does not forbid it.
 * - netProfitInterest of a reversion defaults to 0 when left out (spec: "default 0").
 */

/** Upper bound chosen for the numeric reversionValue (the spec does not give one). */
export const REVERSION_VALUE_MAX = 1e19;

/** The value sent, short enough for a message. */
const got = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 60);

/** A string enum whose messages name the field and its choices, and say when it is missing. */
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T, note = '') => {
  const choices = values.map((v) => (v === '' ? '""' : v)).join(', ');
  return z.enum(values, {
    error: (iss) =>
      iss.input === undefined
        ? `${field} is required: one of ${choices}`
        : `${field} must be one of ${choices}${note} (got ${got(iss.input)})`,
  });
};

/** Messages of an object schema that say which object is missing; other issues keep zod's text. */
const objectError = (field: string) => ({
  error: (iss: { code?: string; input?: unknown }) =>
    iss.code !== 'invalid_type'
      ? undefined
      : iss.input === undefined
        ? `${field} is required`
        : `${field} must be an object`,
});

/**
 * An interest in percent, 0 to 100. Clients of the service send interests converted from decimals
 * with more than six decimals (81.23456789, float noise included: service-shapes.md, end of "Econ
 * models"): the spec's 0.000001 is a minimum precision, so more decimals are kept as sent.
 */
const interest = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be at least 0`)
    .max(100, `${field} must be at most 100`);

/** The per-phase net revenue interests: optional, and a JSON null means "not set". */
const phaseNris = {
  oilNetRevenueInterest: interest('oilNetRevenueInterest').nullable().optional(),
  gasNetRevenueInterest: interest('gasNetRevenueInterest').nullable().optional(),
  nglNetRevenueInterest: interest('nglNetRevenueInterest').nullable().optional(),
  dripCondensateNetRevenueInterest: interest('dripCondensateNetRevenueInterest').nullable().optional(),
};

/** `ownership.initialOwnership` (spec part 2.4): percentages 0 to 100. */
export const InitialOwnership = z
  .strictObject(
    {
      workingInterest: interest('workingInterest'),
      netProfitInterestType: oneOf('netProfitInterestType', ['expense', 'revenue']),
      netProfitInterest: interest('netProfitInterest'),
      netRevenueInterest: interest('netRevenueInterest'),
      leaseNetRevenueInterest: interest('leaseNetRevenueInterest'),
      ...phaseNris,
    },
    objectError('initialOwnership'),
  )
  .meta({ id: 'OwnershipReversionInitialOwnership', description: 'ownership before any reversion, percent 0 to 100' });
export type InitialOwnership = z.infer<typeof InitialOwnership>;

/** What a money reversion's running total is counted from (default `as_of`). */
export const REVERSION_TIED_TO_TYPES = ['as_of', 'fpd', 'date'] as const;

/**
 * `reversionTiedTo` (service-shapes.md: clients send it on each reversion): `as_of` (default) the
 * as-of month, `fpd` the first-production month, `date` the month of `value`. `value` is required
 * with `date` and ignored (dropped) with the others, as clients send it with any type.
 */
export const ReversionTiedTo = z
  .preprocess(
    (v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v) || !('value' in v)) return v;
      if ((v as { type?: unknown }).type === 'date') return v;
      const { value: _ignored, ...rest } = v as Record<string, unknown>;
      return rest;
    },
    z
      .strictObject({
        type: z.enum(REVERSION_TIED_TO_TYPES, {
          error: `reversionTiedTo.type must be one of ${REVERSION_TIED_TO_TYPES.join(', ')}`,
        }),
        value: DateString.optional(),
      })
      .superRefine(
        (v, ctx) => {
          if (v.type === 'date' && v.value === undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['value'],
              message: 'reversionTiedTo.value is required with type date: a date YYYY-MM-DD',
              params: { rule: 'required with date' },
            });
          }
        },
        { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
      ),
  )
  .meta({
    id: 'OwnershipReversionTiedTo',
    description:
      'what a money reversion (payout, ROI, IRR) counts from: as_of (default), fpd, or date with value (YYYY-MM-DD); value is ignored with as_of and fpd',
  });
export type ReversionTiedTo = z.infer<typeof ReversionTiedTo>;

/** Fields every reversion carries besides its type, value and balance. */
const reversionShares = {
  netProfitInterest: interest('netProfitInterest').default(0).meta({ description: 'percent; default 0' }),
  workingInterest: interest('workingInterest'),
  netRevenueInterest: interest('netRevenueInterest').optional(),
  leaseNetRevenueInterest: interest('leaseNetRevenueInterest').optional(),
  ...phaseNris,
  reversionTiedTo: ReversionTiedTo.optional(),
};

const YES_NO = ['yes', 'no'] as const;
const GROSS_NET = ['gross', 'net'] as const;
const BLANK_NOTE = ' (an empty string is accepted only for Date and AsOf reversions)';

/** A reversion at a date (`Date`) or at the as-of date (`AsOf`): reversionValue is a date string. */
export const DateReversion = z
  .strictObject({
    reversionType: oneOf('reversionType', DATE_REVERSION_TYPES),
    reversionValue: z
      .string({
        error: (iss) =>
          iss.input === undefined
            ? 'reversionValue is required: a date YYYY-MM-DD for Date and AsOf reversions'
            : 'reversionValue must be a date string YYYY-MM-DD for Date and AsOf reversions',
      })
      .pipe(DateString)
      .meta({ format: 'date', example: '2030-01-01', description: 'YYYY-MM-DD, 1900-01-01 to 2262-04-01' }),
    balance: oneOf('balance', [...GROSS_NET, '']),
    includeNetProfitInterest: oneOf('includeNetProfitInterest', [...YES_NO, '']),
    ...reversionShares,
  })
  .meta({ id: 'OwnershipReversionDateReversion', description: 'a reversion of type Date or AsOf' });

/** A reversion that fires when a running total (volume, IRR, payout, ROI) reaches reversionValue. */
export const ThresholdReversion = z
  .strictObject({
    reversionType: oneOf('reversionType', NUMERIC_REVERSION_TYPES),
    reversionValue: z
      .number({
        error: (iss) =>
          iss.input === undefined
            ? 'reversionValue is required: a number for this reversionType'
            : `reversionValue must be a number for reversionType ${NUMERIC_REVERSION_TYPES.join(', ')} (a date string only for Date and AsOf)`,
      })
      .min(0, 'reversionValue must be at least 0')
      .max(REVERSION_VALUE_MAX, `reversionValue must be at most ${REVERSION_VALUE_MAX}`)
      .refine(hasPrecision, {
        message: 'reversionValue must have at most 6 decimals (precision 0.000001)',
        params: { rule: 'precision 0.000001' },
      })
      .meta({
        description: 'WhCumOil BBL, WhCumGas MCF, WhCumBoe BOE, Irr percent, payouts $, UndiscRoi ratio; 0 to 1e19',
      }),
    balance: oneOf('balance', GROSS_NET, BLANK_NOTE),
    includeNetProfitInterest: oneOf('includeNetProfitInterest', YES_NO, BLANK_NOTE),
    ...reversionShares,
  })
  .meta({ id: 'OwnershipReversionThresholdReversion', description: 'a reversion of a numeric reversionType' });

/** One reversion object of spec part 2.4; reversionType decides the form of reversionValue. */
export const Reversion = z
  .discriminatedUnion('reversionType', [DateReversion, ThresholdReversion], {
    // zod types this map for invalid_union only, but a non-object reversion arrives as invalid_type.
    error: (iss) => {
      const code: string = iss.code;
      if (code === 'invalid_type') return 'a reversion must be an object (or null when unused)';
      if (code !== 'invalid_union') return undefined;
      return (iss.input as Record<string, unknown> | undefined)?.reversionType === undefined
        ? `reversionType is required: one of ${REVERSION_TYPES.join(', ')}`
        : `reversionType must be one of ${REVERSION_TYPES.join(', ')}`;
    },
  })
  .meta({ id: 'OwnershipReversionEntry' });
export type Reversion = z.infer<typeof Reversion>;

/**
 * A reversion key's value: a reversion, or null when unused. Registered on its own because the
 * OpenAPI generator renders `.nullable()` of a registered union wrongly (it drops the null).
 */
export const ReversionSlot = Reversion.nullable().meta({
  id: 'OwnershipReversionEntryOrNull',
  description: 'a reversion, or null when unused',
});

const isUsed = (v: unknown) => v !== undefined && v !== null;

/** Drops `eleventhReversion` … `twentiethReversion` sent as null (the service's clients send them). */
function dropUnusedReversionKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (!UNUSED_REVERSION_KEYS.some((k) => k in record && record[k] === null)) return value;
  const out = { ...record };
  for (const k of UNUSED_REVERSION_KEYS) if (out[k] === null) delete out[k];
  return out;
}

/** A reversion key past the tenth: only null is accepted (and dropped before this is reached). */
const unusedReversion = (key: string) =>
  z.null({ error: `${key} must be null: at most ten reversions (firstReversion to tenthReversion) are used` });

/** Spec part 2.4 as written (null or absent = unused) plus the in-order rule. */
const OwnershipObject = z
  .strictObject(
    {
      initialOwnership: InitialOwnership,
      ...(Object.fromEntries(REVERSION_KEYS.map((k) => [k, ReversionSlot.optional()])) as Record<
        ReversionKey,
        z.ZodOptional<typeof ReversionSlot>
      >),
      ...(Object.fromEntries(UNUSED_REVERSION_KEYS.map((k) => [k, unusedReversion(k).optional()])) as Record<
        (typeof UNUSED_REVERSION_KEYS)[number],
        z.ZodOptional<z.ZodNull>
      >),
    },
    objectError('ownership'),
  )
  .superRefine(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      const unused: ReversionKey[] = [];
      for (const key of REVERSION_KEYS) {
        if (!isUsed(record[key])) {
          unused.push(key);
        } else if (unused.length > 0) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is set but ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not: reversions are used in order from firstReversion, without gaps (move it to ${unused[0]})`,
            params: { rule: 'in order' },
          });
        }
      }
    },
    // Reported together with the other errors of the body, not only once they are fixed.
    { when: () => true },
  )
  .meta({ id: 'OwnershipReversionOwnershipObject' });
export const Ownership = z.preprocess(dropUnusedReversionKeys, OwnershipObject).meta({
  id: 'OwnershipReversionOwnership',
});

/** The econ function object of a request body of kind `ownership-reversions`. */
export const OwnershipReversionFunctions = z
  .strictObject({ ownership: Ownership })
  .meta({ id: 'OwnershipReversionFunctions' });
export type OwnershipReversionFunctionsInput = z.input<typeof OwnershipReversionFunctions>;
export type OwnershipReversionFunctions = z.output<typeof OwnershipReversionFunctions>;

/** `ownership` as responses carry it: all ten reversion keys, null for an unused one. */
export const OwnershipView = z
  .object({
    initialOwnership: InitialOwnership,
    ...(Object.fromEntries(REVERSION_KEYS.map((k) => [k, ReversionSlot])) as Record<
      ReversionKey,
      typeof ReversionSlot
    >),
  })
  .meta({ id: 'OwnershipReversionOwnershipView' });

export const OwnershipReversionFunctionsView = z
  .object({ ownership: OwnershipView })
  .meta({ id: 'OwnershipReversionFunctionsView' });
export type OwnershipReversionFunctionsView = z.infer<typeof OwnershipReversionFunctionsView>;

/**
 * The response form of stored (validated) ownership functions: every reversion key present, null
 * for an unused one.
 *
 * @example ownershipReversionView({ ownership: { initialOwnership } }).ownership.firstReversion // null
 */
export function ownershipReversionView(functions: OwnershipReversionFunctions): OwnershipReversionFunctionsView {
  const { initialOwnership } = functions.ownership;
  const reversions = Object.fromEntries(REVERSION_KEYS.map((k) => [k, functions.ownership[k] ?? null])) as Record<
    ReversionKey,
    Reversion | null
  >;
  return { ownership: { initialOwnership, ...reversions } };
}
