/**
 * The one error type of the decline package: an input that the segment math cannot accept.
 * It names the offending parameter and its value so an API edge can map it to a 400 with field
 * details (style guide habit 9). Transport-free: no HTTP knowledge here.
 *
 * @example
 * throw new DeclineError('dEff', 1, 'must be below 1 (an effective decline of 100 %/year has no finite nominal decline)');
 */
export class DeclineError extends Error {
  override readonly name = 'DeclineError';

  constructor(
    /** The input field at fault, e.g. `dEff`, `segments[2].startDate`. */
    readonly parameter: string,
    /** The rejected value, as received. */
    readonly value: unknown,
    /** The rule it breaks, in words a person can act on. */
    readonly rule: string,
  ) {
    super(`${parameter} ${rule} (got ${String(value)})`);
  }
}

/** Throws a DeclineError unless `value` is a finite number. */
export function requireFinite(parameter: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DeclineError(parameter, value, 'must be a finite number');
  }
  return value;
}
