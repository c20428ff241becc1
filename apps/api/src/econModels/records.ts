import { EconModelEnvelopeInput, type EconModelRecordError, ENVELOPE_FIELDS, ENVELOPE_READ_ONLY } from '@econ/contract';
import type { z } from 'zod';
import { zodDetails } from '../http/zodDetails';

/** A record of an econ-model write, validated: its envelope and its econ function objects. */
export interface ValidRecord {
  envelope: EconModelEnvelopeInput;
  functions: Record<string, unknown>;
}

const recordError = (
  index: number,
  d: { field: string; rule: string; message: string; value?: unknown },
): EconModelRecordError => ({
  name: 'ValidationError',
  message: d.message,
  location: `[${index}]${d.field ? `.${d.field}` : ''}`,
  field: d.field,
  rule: d.rule,
  ...(d.value === undefined ? {} : { value: d.value }),
});

/**
 * Validates one record of a POST or PUT: the envelope (spec 2.1: name, unique, tags, copiedFrom)
 * and the kind's econ function objects, each with its own schema; fields the service assigns
 * (`id`, `createdBy`, …) are refused. Every problem is reported, located as `[i].field`.
 */
export function validateRecord(
  functionsSchema: z.ZodType,
  record: unknown,
  index: number,
): { ok: true; value: ValidRecord } | { ok: false; errors: EconModelRecordError[] } {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    return {
      ok: false,
      errors: [
        recordError(index, { field: '', rule: 'type object', message: 'each record must be an object', value: record }),
      ],
    };
  }
  const envelope: Record<string, unknown> = {};
  const functions: Record<string, unknown> = {};
  const errors: EconModelRecordError[] = [];
  for (const [key, value] of Object.entries(record)) {
    if ((ENVELOPE_FIELDS as readonly string[]).includes(key)) envelope[key] = value;
    else if ((ENVELOPE_READ_ONLY as readonly string[]).includes(key)) {
      errors.push(
        recordError(index, {
          field: key,
          rule: 'read-only',
          message: `${key} is read-only: the service assigns it, so it cannot be sent`,
          value,
        }),
      );
    } else functions[key] = value;
  }
  const env = EconModelEnvelopeInput.safeParse(envelope);
  if (!env.success) for (const d of zodDetails(env.error, envelope)) errors.push(recordError(index, d));
  const fn = functionsSchema.safeParse(functions);
  if (!fn.success) for (const d of zodDetails(fn.error, functions)) errors.push(recordError(index, d));
  if (errors.length || !env.success || !fn.success) return { ok: false, errors };
  return { ok: true, value: { envelope: env.data, functions: fn.data as Record<string, unknown> } };
}
