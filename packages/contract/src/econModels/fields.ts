import { z } from 'zod';
import { DateString } from '../common';

/** Spec part 2: the minimum decimal precision of numbers is 0.000001. */
export const PRECISION = 0.000001;

/** Whether `v` is a multiple of 0.000001 (up to the rounding of a double). */
export const hasPrecision = (v: number): boolean => {
  const scaled = v * 1e6;
  return Math.abs(scaled - Math.round(scaled)) <= Math.abs(scaled) * 4 * Number.EPSILON + 1e-9;
};

/**
 * A number in [min, max] (inclusive, spec part 2) with at most 6 decimals (0.000001 precision).
 *
 * @example range('workingInterest', 0, 100)
 */
export const range = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .refine(hasPrecision, {
      message: `${field} must have at most 6 decimals (precision 0.000001)`,
      params: { rule: 'precision 0.000001' },
    });

/** An integer in [min, max]. */
export const intRange = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be an integer`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

export { DateString };

/**
 * An object holding exactly one of `choices` (spec: "exactly one of"). Sending none or two is one
 * clear error naming the choices; each choice keeps its own schema.
 *
 * @example exactlyOne('asOfDate', { date: DateString, fpd: z.literal(true) })
 */
export function exactlyOne<S extends Record<string, z.ZodType>>(field: string, choices: S) {
  const names = Object.keys(choices);
  const shape = Object.fromEntries(Object.entries(choices).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code !== 'invalid_type'
          ? undefined
          : issue.input === undefined
            ? `${field} is required: send an object with exactly one of ${names.join(', ')}`
            : `${field} must be an object with exactly one of ${names.join(', ')}`,
    })
    .superRefine((value, ctx) => {
      const sent = names.filter((k) => (value as Record<string, unknown>)[k] !== undefined);
      if (sent.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          message:
            sent.length === 0
              ? `${field} needs exactly one of ${names.join(', ')}`
              : `${field} takes exactly one of ${names.join(', ')} (got ${sent.join(' and ')})`,
          params: { rule: 'exactly one of' },
        });
      }
    });
}

/** A field that may only appear in responses: any value sent is refused with this message. */
export const readOnly = (field: string) =>
  z
    .unknown()
    .refine((v) => v === undefined, {
      message: `${field} is read-only: the service computes it, so it cannot be sent`,
      params: { rule: 'read-only' },
    })
    .optional()
    .meta({ description: `read-only: ${field} appears in responses only` });

/** An error message builder: a missing value is "required (what)", a wrong one "must be what". */
export const errorFor = (field: string, what: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `${field} is required (${what})` : `${field} must be ${what}`;

/** One of fixed values, with errors that name the field and the values. */
export const enumOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: errorFor(field, `one of ${values.join(', ')}`) });
