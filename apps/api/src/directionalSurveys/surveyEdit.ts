import {
  type DirectionalSurveyUpdate,
  type ErrorDetail,
  SURVEY_ARRAYS,
  SURVEY_POINTS_MAX,
  type SurveyPoints,
} from '@econ/contract';

/* The points a PUT leaves in a survey: `remove`, then `update`, then `add` (decision 049). */

/** The survey's points after the change, or the details of why it cannot be made (nothing changes). */
export type Edited = { ok: true; points: SurveyPoints } | { ok: false; details: ErrorDetail[] };

type Point = Record<(typeof SURVEY_ARRAYS)[number], number>;

const toPoints = (s: SurveyPoints): Point[] =>
  s.measuredDepth.map((_, i) => Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, s[f][i]])) as Point);

const toArrays = (points: readonly Point[]): SurveyPoints =>
  Object.fromEntries(SURVEY_ARRAYS.map((f) => [f, points.map((p) => p[f])])) as SurveyPoints;

const missing = (field: string, depth: number): ErrorDetail => ({
  field,
  rule: 'existing point',
  value: depth,
  message: `${field}: the survey has no point at measured depth ${depth}`,
});

/**
 * Applies a PUT's changes to a survey's points (the body already checked by its contract schema):
 * `remove` deletes the points at those measured depths, `update` gives the points at its depths
 * the values of the arrays it holds, `add` inserts points; the result is sorted by measured depth.
 * An unknown depth in `remove` or `update`, a depth `add` repeats, or a result with no point or
 * more than {@link SURVEY_POINTS_MAX} is refused, naming the array and the index.
 */
export function editPoints(stored: SurveyPoints, change: DirectionalSurveyUpdate): Edited {
  const byDepth = new Map(toPoints(stored).map((p) => [p.measuredDepth, p]));
  const details: ErrorDetail[] = [];
  change.remove?.forEach((d, i) => {
    if (!byDepth.delete(d)) details.push(missing(`remove[${i}]`, d));
  });
  if (change.update) {
    const { update } = change;
    update.measuredDepth.forEach((d, i) => {
      const point = byDepth.get(d);
      if (!point) {
        details.push(missing(`update.measuredDepth[${i}]`, d));
        return;
      }
      for (const f of SURVEY_ARRAYS) {
        const v = update[f]?.[i];
        if (v !== undefined) point[f] = v;
      }
    });
  }
  change.add?.measuredDepth.forEach((d, i) => {
    if (byDepth.has(d)) {
      details.push({
        field: `add.measuredDepth[${i}]`,
        rule: 'new measured depth',
        value: d,
        message: `add.measuredDepth[${i}]: the survey already has a point at measured depth ${d} (change it with update)`,
      });
    }
  });
  if (details.length) return { ok: false, details };
  for (const p of change.add ? toPoints(change.add) : []) byDepth.set(p.measuredDepth, p);
  const n = byDepth.size;
  if (n === 0) {
    return {
      ok: false,
      details: [
        {
          field: 'remove',
          rule: 'min 1 point',
          message: 'remove would leave the survey without a point (delete it instead)',
        },
      ],
    };
  }
  if (n > SURVEY_POINTS_MAX) {
    return {
      ok: false,
      details: [
        {
          field: 'add.measuredDepth',
          rule: `max ${SURVEY_POINTS_MAX} points`,
          value: n,
          message: `the survey would hold ${n} points: at most ${SURVEY_POINTS_MAX}`,
        },
      ],
    };
  }
  return { ok: true, points: toArrays([...byDepth.values()].sort((a, b) => a.measuredDepth - b.measuredDepth)) };
}
