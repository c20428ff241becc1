import type { EconModelRecordError } from '@econ/contract';
import { bannerLines, type FieldLabels, placeDetails, toFormPath } from '../../../lib/formErrors';

export { toFormPath };

/** The form path an error of a 207 record names: its `field`, else its `location` without the record index. */
export function recordErrorPath(e: EconModelRecordError): string {
  return toFormPath(e.field ?? e.location);
}

/**
 * Splits a record's errors into those with a place in the form (`isShown(path)`: a field or an
 * object shows that path's error) and the rest, for the banner; both worded with the fields'
 * labels (lib/formErrors: the banner's lines name their field, the placed ones stand next to it).
 */
export function placeRecordErrors(
  errors: readonly EconModelRecordError[],
  isShown: (path: string) => boolean,
  labels?: FieldLabels,
): { placed: { path: string; message: string }[]; unplaced: string[] } {
  const placed: { path: string; message: string }[] = [];
  const left = placeDetails(errors, isShown, (path, message) => placed.push({ path, message }), labels);
  return { placed, unplaced: bannerLines(left, labels) };
}
