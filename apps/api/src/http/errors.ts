import type { ErrorDetail } from '@econ/contract';

/**
 * A domain error: transport-free, mapped to an HTTP status and the error envelope by
 * `onError` (see `http/onError.ts`).
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = kind;
  }
}

export type DomainErrorKind =
  | 'ValidationError'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'Gone'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'TooManyRequests';

export const STATUS_OF: Record<DomainErrorKind, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429> = {
  ValidationError: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
};

export const invalid = (message: string, details?: ErrorDetail[]) =>
  new DomainError('ValidationError', message, details);
export const notFound = (message: string, details?: ErrorDetail[]) => new DomainError('NotFound', message, details);
export const conflict = (message: string, details?: ErrorDetail[]) => new DomainError('Conflict', message, details);
export const unauthorized = (message: string) => new DomainError('Unauthorized', message);
export const gone = (message: string) => new DomainError('Gone', message);
