import type { FieldLabel, FieldLabels } from '../../../lib/formErrors';

/** The envelope's fields as the page labels them (the kind's fields label themselves on the page). */
export const ENVELOPE_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  tags: 'Tags',
  unique: 'Unique',
  copiedFrom: 'Copied from',
};

/**
 * The labels of an econ-model form: the label of the field shown at a path (`shown`, the page's
 * error slots), else the envelope's; other paths are worded from their keys (lib/formErrors).
 */
export function econModelLabels(shown: (path: string) => FieldLabel | undefined): FieldLabels {
  return (path) => shown(path) ?? ENVELOPE_LABELS[path];
}
