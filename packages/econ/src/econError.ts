/**
 * The one error type of the econ engine: an input it cannot accept. It names the field, the value
 * and the rule, so an API edge can map it to a 400 with field details. Transport-free.
 */
export class EconError extends Error {
  override readonly name = 'EconError';

  constructor(
    /** The input field at fault, e.g. `capex[2].date`. */
    readonly parameter: string,
    /** The rejected value, as received. */
    readonly value: unknown,
    /** The rule it breaks, in words a person can act on. */
    readonly rule: string,
  ) {
    super(`${parameter} ${rule} (got ${String(value)})`);
  }
}

/** Throws an EconError unless `value` is a finite number, optionally within [min, max]. */
export function requireNumber(parameter: string, value: number, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new EconError(parameter, value, 'must be a finite number');
  }
  if (value < min || value > max) throw new EconError(parameter, value, `must be from ${min} to ${max}`);
  return value;
}
