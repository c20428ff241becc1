import { HttpError } from '../../../lib/http';
import type { ExportFormField } from './request';

const FIELDS: readonly ExportFormField[] = [
  'exportType',
  'projectId',
  'forecastId',
  'scenarioId',
  'econRunId',
  'expirationHours',
];

/**
 * Where an error of `POST /v1/exports` goes in the form. Details that name a form field go next to
 * it (the first message per field): a 400's validation, or a 409's `econRunId` (the run is not
 * complete). The banner gets the rest: a 400's details on no form field, and the message of any
 * other answer (404 naming the missing project/forecast/scenario/run, 409, 403, network errors).
 */
export function placeExportError(error: unknown): {
  fields: Partial<Record<ExportFormField, string>>;
  banner: unknown;
} {
  if (!(error instanceof HttpError) || error.details.length === 0) return { fields: {}, banner: error };
  const fields: Partial<Record<ExportFormField, string>> = {};
  const rest = error.details.filter((d) => {
    const field = FIELDS.find((f) => f === d.field);
    if (field) fields[field] ??= d.message;
    return !field;
  });
  if (error.status !== 400) return { fields, banner: error };
  const banner = rest.length > 0 ? new HttpError(400, error.errorName, rest[0]!.message, rest) : undefined;
  return { fields, banner };
}
