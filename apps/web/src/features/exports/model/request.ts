import { EXPIRATION_HOURS_DEFAULT, ExportRequest, type ExportType } from '@econ/contract';
import { labelled } from '../../../lib/formErrors';
import { parseNumberInput } from '../../../lib/numberInput';
import { EXPORT_LABELS } from './errors';
import { fileTypeOf, sourceOf } from './state';

/** The export form as the inputs hold it (selects and a number field give strings). */
export interface ExportFormValues {
  exportType: ExportType;
  projectId: string;
  forecastId: string;
  scenarioId: string;
  econRunId: string;
  expirationHours: string;
}
export type ExportFormField = keyof ExportFormValues;

export const DEFAULT_FORM: ExportFormValues = {
  exportType: 'monthlyForecastVolumeExport',
  projectId: '',
  forecastId: '',
  scenarioId: '',
  econRunId: '',
  expirationHours: String(EXPIRATION_HOURS_DEFAULT),
};

export type BuildResult =
  | { ok: true; body: ExportRequest }
  | { ok: false; errors: Partial<Record<ExportFormField, string>> };

/**
 * The body of `POST /v1/exports` from the form, validated with the contract's own schema (so the
 * console refuses exactly what the API would): only the fields the export type needs are sent,
 * `fileType` is the type's own (`xlsx` for the workbook, else `parquet`), and an empty lifetime
 * means the API's default. Messages name fields by the form's labels.
 */
export function toRequestBody(v: ExportFormValues): BuildResult {
  const hours = v.expirationHours.trim();
  const candidate: Record<string, unknown> = {
    exportType: v.exportType,
    fileType: fileTypeOf(v.exportType),
    projectId: v.projectId || undefined,
    ...(hours === '' ? {} : { expirationHours: parseNumberInput(hours) }),
  };
  if (sourceOf(v.exportType) === 'forecast') candidate.forecastId = v.forecastId || undefined;
  else {
    candidate.scenarioId = v.scenarioId || undefined;
    candidate.econRunId = v.econRunId || undefined;
  }
  const parsed = ExportRequest.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<ExportFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] ?? 'exportType') as ExportFormField;
    errors[field] ??= labelled(issue.message, field, EXPORT_LABELS);
  }
  return { ok: false, errors };
}
