/* The value logic of an exactly-one-of choice (spec: "exactly one of"), kept apart from React. */

/** What a choice carries: `boolean` is sent as `true`, `emptyString` as `""`. */
export type ChoiceKind = 'date' | 'number' | 'boolean' | 'text' | 'emptyString' | 'select';

/** Today as `YYYY-MM-DD` in the user's time zone. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The value a choice starts with when picked: true, "", today, 0, "" or the first option. */
export function choiceDefault(
  kind: ChoiceKind,
  options?: readonly (string | { value: string })[],
  now?: Date,
): boolean | string | number {
  switch (kind) {
    case 'boolean':
      return true;
    case 'emptyString':
    case 'text':
      return '';
    case 'number':
      return 0;
    case 'date':
      return today(now);
    case 'select': {
      const first = options?.[0];
      return first === undefined ? '' : typeof first === 'string' ? first : first.value;
    }
  }
}

/** The first of `keys` present (not undefined) on `value`, or undefined when none is. */
export function chosenKey(value: unknown, keys: readonly string[]): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  return keys.find((k) => v[k] !== undefined);
}

/**
 * The writes that switch the choice to `key`: every other choice key present on `value` becomes
 * undefined (so it is not sent), and `key` gets `initial` unless it already holds a value.
 */
export function switchChoice(
  value: unknown,
  keys: readonly string[],
  key: string,
  initial: unknown,
): Record<string, unknown> {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const writes: Record<string, unknown> = {};
  for (const k of keys) if (k !== key && v[k] !== undefined) writes[k] = undefined;
  if (v[key] === undefined) writes[key] = initial;
  return writes;
}
