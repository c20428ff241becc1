import { PHASES, type Phase, SERIES, type Series } from '@econ/contract';
import type { Combo } from '../model/drafts';

export interface WellOption {
  id: string;
  wellName: string;
  firstProdDate?: string | undefined;
}

// `best` first: the series the spec fully supports (part 2.8).
const SERIES_ORDER: readonly Series[] = ['best', ...SERIES.filter((s) => s !== 'best')];

/** Which well (of the forecast), phase and series the editor shows. */
export function CombinationPicker(props: {
  wells: readonly WellOption[];
  combo: Combo;
  onChange: (patch: Partial<Combo>) => void;
}) {
  const { wells, combo, onChange } = props;
  return (
    <div className="picker">
      <div>
        <label htmlFor="pick-well">Well</label>
        <select id="pick-well" value={combo.well} onChange={(e) => onChange({ well: e.target.value })}>
          {wells.map((w) => (
            <option key={w.id} value={w.id}>
              {w.wellName}
            </option>
          ))}
        </select>
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
