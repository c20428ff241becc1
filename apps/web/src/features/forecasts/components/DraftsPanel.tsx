import { type Combo, comboKey, type Draft } from '../model/drafts';
import { type Issues, issueCount } from '../model/issues';
import type { RecordResult } from '../model/saveResults';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Every message of a refusal, flat, in the order the table shows them. */
function messages(draft: Draft, issues: Issues | undefined): string[] {
  if (!issues) return [];
  const out = [...issues.general, ...Object.entries(issues.settings).map(([f, m]) => `${f}: ${m}`)];
  draft.rows.forEach((row, i) => {
    for (const [field, m] of Object.entries(issues.rows[row.key] ?? {})) {
      out.push(`Segment ${i + 1}${field === 'row' ? '' : ` ${field}`}: ${m}`);
    }
  });
  return out;
}

/**
 * The unsaved drafts of this forecast (each opens its combination), "Save all" with the bulk PUT,
 * and how each record of the last "Save all" fared.
 */
export function DraftsPanel(props: {
  drafts: readonly Draft[];
  current: Combo;
  label: (c: Combo) => string;
  saving: boolean;
  results: { records: RecordResult[]; general: string[] } | undefined;
  onOpen: (c: Combo) => void;
  onSaveAll: () => void;
}) {
  const { drafts, current, label, saving, results, onOpen, onSaveAll } = props;
  if (drafts.length === 0 && !results) return null;
  const currentKey = comboKey(current);
  return (
    <section className="panel" aria-labelledby="drafts-title">
      <div className="row spread">
        <h2 id="drafts-title">Unsaved changes ({drafts.length})</h2>
        {drafts.length > 0 && (
          <button type="button" className="primary" disabled={saving} onClick={onSaveAll}>
            {saving ? 'Saving…' : `Save all (${drafts.length})`}
          </button>
        )}
      </div>
      {drafts.length > 0 ? (
        <ul className="drafts" aria-label="Unsaved drafts">
          {drafts.map((d) => {
            const key = comboKey(d.combo);
            const errors = d.server ? issueCount(d.server) : 0;
            return (
              <li key={key}>
                {key === currentKey ? (
                  <strong>{label(d.combo)}</strong>
                ) : (
                  <button type="button" className="link" onClick={() => onOpen(d.combo)}>
                    {label(d.combo)}
                  </button>
                )}{' '}
                <span className={errors ? 'badge error' : 'badge'}>
                  {errors ? `not saved: ${plural(errors, 'error')}` : 'unsaved'}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">Every change is saved.</p>
      )}
      {results && (
        <section aria-labelledby="results-title">
          <h3 id="results-title">
            Last save: {results.records.filter((r) => r.ok).length} saved, {results.records.filter((r) => !r.ok).length}{' '}
            refused
          </h3>
          {results.general.map((g) => (
            <div className="field-error" key={g}>
              {g}
            </div>
          ))}
          <ul className="results" aria-label="Save results">
            {results.records.map((r) => (
              <li key={r.key}>
                <span>{label(r.draft.combo)}</span>:{' '}
                {r.ok ? (
                  <span className="saved">saved ({plural(r.segmentsCount ?? r.draft.rows.length, 'segment')})</span>
                ) : (
                  <>
                    <span className="refused">refused</span>
                    {messages(r.draft, r.issues).length === 0 && ` — ${r.message}`}
                    <ul>
                      {messages(r.draft, r.issues).map((m) => (
                        <li key={m} className="field-error">
                          {m}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
