import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from './http';

/**
 * Puts the field errors of a 400 answer next to their fields; returns the error when something
 * is left for the banner (no field matched, or not a validation error).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): unknown {
  if (!(error instanceof HttpError) || error.details.length === 0) return error;
  let placed = 0;
  for (const d of error.details) {
    const field = fields.find((f) => f === d.field);
    if (field) {
      setError(field, { type: 'server', message: d.message });
      placed++;
    }
  }
  return placed === error.details.length ? undefined : error;
}
