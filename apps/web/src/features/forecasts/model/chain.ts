import { toSegment } from '@econ/decline';
import { numberText, rowToPayload, type SegmentRow } from './segmentRows';

/**
 * Chained boundaries: a row marked `chained` starts at the rate its previous row ends at, and
 * follows it whenever that row changes, so the curve has no step there by accident. New rows
 * (added, split off) are chained; stored rows are chained where their rates already meet.
 */

/** The rate a row ends at (qEnd), when the row is valid. */
export function endRate(row: SegmentRow): number | undefined {
  try {
    return toSegment(rowToPayload(row) as Parameters<typeof toSegment>[0]).qEnd;
  } catch {
    return undefined;
  }
}

/** Whether row `index` can start from the previous row's end: both rows carry rates. */
export function canChain(rows: readonly SegmentRow[], index: number): boolean {
  const row = rows[index];
  const prev = rows[index - 1];
  return (
    index > 0 && row !== undefined && prev !== undefined && row.segmentType !== 'empty' && prev.segmentType !== 'empty'
  );
}

/** Relative difference below which two rates are the same (float noise of a stored round trip). */
const SAME_RATE = 1e-6;
const sameRate = (a: number, b: number) => Math.abs(a - b) <= SAME_RATE * Math.max(Math.abs(a), Math.abs(b));

/** Row `index` started at the previous row's end rate (unchanged when that row is not valid yet). */
function follow(rows: SegmentRow[], index: number): void {
  const row = rows[index]!;
  const q = endRate(rows[index - 1]!);
  if (q === undefined) return;
  const current = row.values.qStart.trim() === '' ? Number.NaN : Number(row.values.qStart);
  if (Number.isFinite(current) && sameRate(current, q)) return;
  rows[index] = { ...row, values: { ...row.values, qStart: numberText(q) } };
}

/**
 * The rows after an edit, each chained row following the row before it: where that row's end rate
 * differs from what it was in `before` (found by key; a new row counts as changed), the chained
 * row's qStart becomes the new end rate. In order, so a chain of rows follows through. A chained
 * row whose previous row did not change keeps its own qStart (a split keeps its exact curve).
 */
export function applyChains(before: readonly SegmentRow[], after: readonly SegmentRow[]): SegmentRow[] {
  const old = new Map(before.map((r) => [r.key, r]));
  const out = [...after];
  for (let i = 1; i < out.length; i++) {
    if (!out[i]!.chained || !canChain(out, i)) continue;
    const prev = out[i - 1]!;
    const was = old.get(prev.key);
    const q = endRate(prev);
    const q0 = was ? endRate(was) : undefined;
    const changed = !was || (q !== undefined && (q0 === undefined || !sameRate(q, q0)));
    if (changed) follow(out, i);
  }
  return out;
}

/** Chains or unchains row `index` to the row before it; chaining takes the previous end rate at once. */
export function setChained(rows: readonly SegmentRow[], index: number, chained: boolean): SegmentRow[] {
  const flagged = rows.map((r, i) => (i === index ? { ...r, chained } : r));
  if (!chained || !canChain(flagged, index)) return flagged;
  const out = [...flagged];
  follow(out, index);
  // The rows after it follow through their own chains.
  return applyChains(flagged, out);
}

/** Stored rows marked chained where a row starts at the rate the previous one ends at. */
export function inferChains(rows: readonly SegmentRow[]): SegmentRow[] {
  return rows.map((row, i) => {
    if (!canChain(rows, i)) return row;
    const q = endRate(rows[i - 1]!);
    const start = Number(row.values.qStart);
    return q !== undefined && row.values.qStart.trim() !== '' && sameRate(start, q) ? { ...row, chained: true } : row;
  });
}
