import { applyServerErrors, type FieldLabel } from '../../../lib/formErrors';
import { HttpError } from '../../../lib/http';
import type { ExportFormField } from './request';

/** The form's labels, which the contract's and the API's messages name fields by (lib/formErrors). */
export const EXPORT_LABELS: Record<ExportFormField, string | FieldLabel> = {
  exportType: 'Export type',
  projectId: 'Project',
  forecastId: 'Forecast',
  scenarioId: 'Scenario',
  econRunId: 'Econ run',
  expirationHours: { label: 'Link lifetime', unit: 'hours' },
};

const FIELDS = Object.keys(EXPORT_LABELS) as ExportFormField[];

/**
 * Where an error of `POST /v1/exports` goes in the form (through `applyServerErrors`, worded with
 * the form's labels). Details that name a form field go next to it (the first message per field):
 * a 400's validation, or a 409's `econRunId` (the run is not complete). The banner gets the rest:
 * a 400's details on no form field, and the message of any other answer (404 naming the missing
 * project/forecast/scenario/run, 409, 403, network errors).
 */
export function placeExportError(error: unknown): {
  fields: Partial<Record<ExportFormField, string>>;
  banner: unknown;
} {
  const fields: Partial<Record<ExportFormField, string>> = {};
  const rest = applyServerErrors<Record<ExportFormField, string>>(
    error,
    FIELDS,
    (field, e) => {
      fields[field as ExportFormField] ??= e.message ?? '';
    },
    { labels: EXPORT_LABELS },
  );
  if (error instanceof HttpError && error.status !== 400) return { fields, banner: error };
  return { fields, banner: rest };
}
