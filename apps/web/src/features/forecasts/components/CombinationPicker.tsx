import { PHASES, type Phase, SERIES, type Series } from '@econ/contract';
import type { Combo } from '../model/drafts';

export interface WellOption {
  id: string;
  wellName: string;
  firstProdDate?: string | undefined;
}

// `best` first: the series the spec fully supports (part 2.8).
const SERIES_ORDER: readonly Series[] = ['best', ...SERIES.filter((s) => s !== 'best')];

const options = (wells: readonly WellOption[]) =>
  wells.map((w) => (
    <option key={w.id} value={w.id}>
      {w.wellName}
    </option>
  ));

/**
 * Which well (of the forecast), phase and series the editor shows. With `withSegments`, the wells
 * are grouped by whether they have segments for the phase and series (stored or drafted).
 */
export function CombinationPicker(props: {
  wells: readonly WellOption[];
  combo: Combo;
  onChange: (patch: Partial<Combo>) => void;
  withSegments?: ReadonlySet<string> | undefined;
}) {
  const { wells, combo, onChange, withSegments } = props;
  const what = `${combo.phase} · ${combo.series}`;
  const done = withSegments ? wells.filter((w) => withSegments.has(w.id)) : [];
  const todo = withSegments ? wells.filter((w) => !withSegments.has(w.id)) : [];
  return (
    <div className="picker">
      <div>
        <label htmlFor="pick-well">Well</label>
        <select
          id="pick-well"
          value={combo.well}
          aria-describedby={withSegments ? 'pick-well-note' : undefined}
          onChange={(e) => onChange({ well: e.target.value })}
        >
          {withSegments ? (
            <>
              {done.length > 0 && (
                <optgroup label={`✓ With ${what} segments (${done.length})`}>{options(done)}</optgroup>
              )}
              {todo.length > 0 && <optgroup label={`○ No ${what} segments (${todo.length})`}>{options(todo)}</optgroup>}
            </>
          ) : (
            options(wells)
          )}
        </select>
        {withSegments && (
          <div className="well-note" id="pick-well-note">
            {withSegments.has(combo.well) ? '✓ This well has' : '○ This well has no'} {what} segments; {done.length} of{' '}
            {wells.length} wells have them.
          </div>
        )}
      </div>
      <div>
        <label htmlFor="pick-phase">Phase</label>
        <select id="pick-phase" value={combo.phase} onChange={(e) => onChange({ phase: e.target.value as Phase })}>
          {PHASES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="pick-series">Series</label>
        <select id="pick-series" value={combo.series} onChange={(e) => onChange({ series: e.target.value as Series })}>
          {SERIES_ORDER.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
