import type { EconModelRecordError } from '@econ/contract';

/** `otherCapex.rows[2].tangible` or `[0].otherCapex.rows[2].tangible` → `otherCapex.rows.2.tangible`. */
export function toFormPath(apiPath: string): string {
  return apiPath
    .replace(/^\[\d+\]\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');
}

/** The form path an error of a 207 record names: its `field`, else its `location` without the record index. */
export function recordErrorPath(e: EconModelRecordError): string {
  return toFormPath(e.field ?? e.location);
}

/** The message without the API's `field: ` prefix (the form shows it next to the field already). */
export function recordErrorMessage(e: EconModelRecordError): string {
  const field = e.field ?? '';
  return field && e.message.startsWith(`${field}: `) ? e.message.slice(field.length + 2) : e.message;
}

/**
 * Splits a record's errors into those with a place in the form (`isShown(path)`: a field or an
 * object shows that path's error) and the rest, for the banner (with their path, to say where).
 */
export function placeRecordErrors(
  errors: readonly EconModelRecordError[],
  isShown: (path: string) => boolean,
): { placed: { path: string; message: string }[]; unplaced: string[] } {
  const placed: { path: string; message: string }[] = [];
  const unplaced: string[] = [];
  for (const e of errors) {
    const path = recordErrorPath(e);
    if (path && isShown(path)) placed.push({ path, message: recordErrorMessage(e) });
    else unplaced.push(e.message);
  }
  return { placed, unplaced };
}
