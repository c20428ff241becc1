import { PRODUCTION_RESOLUTIONS, type ProductionResolution } from '@econ/contract';
import { type ColumnMapping, type ColumnTarget, FIELDS } from '../model/columns';
import { WELL_MATCH, WELL_MATCH_LABEL, type WellMatch } from '../model/wellIndex';

const TARGET_LABEL: Record<string, string> = { ignore: '— ignore —', well: 'Well', date: 'Date' };

/**
 * The guessed reading of the file, for the user to correct: daily or monthly, how the well column
 * names wells, and what each column holds (with its first value, to recognize it).
 */
export function MappingPanel(props: {
  headers: string[];
  sample: string[] | undefined;
  mapping: ColumnMapping;
  resolution: ProductionResolution;
  problems: string[];
  disabled: boolean;
  onMapping: (m: ColumnMapping) => void;
  onResolution: (r: ProductionResolution) => void;
}) {
  const { headers, sample, mapping, resolution, problems, disabled } = props;
  const targets: ColumnTarget[] = ['ignore', 'well', 'date', ...FIELDS[resolution]];
  const setTarget = (col: number, t: ColumnTarget) =>
    props.onMapping({ ...mapping, targets: mapping.targets.map((old, i) => (i === col ? t : old)) });
  return (
    <section className="panel" aria-labelledby="imp-map-title">
      <h2 id="imp-map-title">Columns</h2>
      <div className="imp-settings">
        <div>
          <label htmlFor="imp-resolution">Production</label>
          <select
            id="imp-resolution"
            value={resolution}
            disabled={disabled}
            onChange={(e) => props.onResolution(e.target.value as ProductionResolution)}
          >
            {PRODUCTION_RESOLUTIONS.map((r) => (
              <option key={r} value={r}>
                {r === 'daily' ? 'Daily (one row per well and day)' : 'Monthly (one row per well and month)'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="imp-match">The well column holds</label>
          <select
            id="imp-match"
            value={mapping.wellMatch}
            disabled={disabled}
            onChange={(e) => props.onMapping({ ...mapping, wellMatch: e.target.value as WellMatch })}
          >
            {WELL_MATCH.map((m) => (
              <option key={m} value={m}>
                {m === 'auto' ? 'id, chosen ID, API or name' : WELL_MATCH_LABEL[m]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="imp-grid">
        {headers.map((h, col) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; two may share a header
          <div key={col}>
            <label htmlFor={`imp-col-${col}`} title={h}>
              {h}
            </label>
            <select
              id={`imp-col-${col}`}
              value={mapping.targets[col] ?? 'ignore'}
              disabled={disabled}
              onChange={(e) => setTarget(col, e.target.value)}
            >
              {targets.map((t) => (
                <option key={t} value={t}>
                  {TARGET_LABEL[t] ?? t}
                </option>
              ))}
            </select>
            <div className="sample" title={sample?.[col]}>
              {sample?.[col] ? `e.g. ${sample[col]}` : '\u00a0'}
            </div>
          </div>
        ))}
      </div>
      {problems.length > 0 && (
        <div className="banner error" role="alert" style={{ marginTop: 14 }}>
          {problems.length === 1 ? (
            problems[0]
          ) : (
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
