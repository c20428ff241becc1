import { EconModelEnvelopeInput, ENVELOPE_FIELDS, ENVELOPE_READ_ONLY, type ErrorDetail } from '@econ/contract';
import type { z } from 'zod';
import type { Parsed } from '../http/batch';
import { zodDetails } from '../http/zodDetails';

/** A record of an econ-model write, validated: its envelope and its econ function objects. */
export interface ValidRecord {
  envelope: EconModelEnvelopeInput;
  functions: Record<string, unknown>;
}

/**
 * Validates one record of a POST or PUT: the envelope (spec 2.1: name, unique, tags, copiedFrom)
 * and the kind's econ function objects, each with its own schema; fields the service assigns
 * (`id`, `createdBy`, …) are refused. Every problem is reported.
 */
export function validateRecord(functionsSchema: z.ZodType, record: unknown): Parsed<ValidRecord> {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    return {
      ok: false,
      details: [{ field: '', rule: 'type object', message: 'each record must be an object', value: record }],
    };
  }
  const envelope: Record<string, unknown> = {};
  const functions: Record<string, unknown> = {};
  const details: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(record)) {
    if ((ENVELOPE_FIELDS as readonly string[]).includes(key)) envelope[key] = value;
    else if ((ENVELOPE_READ_ONLY as readonly string[]).includes(key)) {
      details.push({
        field: key,
        rule: 'read-only',
        message: `${key} is read-only: the service assigns it, so it cannot be sent`,
        value,
      });
    } else functions[key] = value;
  }
  const env = EconModelEnvelopeInput.safeParse(envelope);
  if (!env.success) details.push(...zodDetails(env.error, envelope));
  const fn = functionsSchema.safeParse(functions);
  if (!fn.success) details.push(...zodDetails(fn.error, functions));
  if (details.length || !env.success || !fn.success) return { ok: false, details };
  return { ok: true, value: { envelope: env.data, functions: fn.data as Record<string, unknown> } };
}
