import type { ImportEnd, ImportMode } from '../model/importRun';
import { CountList } from './CountList';

const n = (v: number) => v.toLocaleString('en-US');

/** How the import ended: the counts, why it stopped (if it did), and the records the server refused, by row. */
export function ImportSummaryView(props: { end: ImportEnd; seconds: number; mode: ImportMode }) {
  const { end, seconds, mode } = props;
  const s = end.summary;
  return (
    <section aria-label="Import summary">
      {end.end === 'done' && (
        <div className="banner ok" role="status">
          {`Import finished in ${seconds.toFixed(1)} s: ${n(s.sent)} records sent.`}
        </div>
      )}
      {end.end === 'cancelled' && (
        <div className="banner warn" role="status">
          {end.lastRow > 0
            ? `Import cancelled after row ${n(end.lastRow)}: the records up to it were sent, the later rows were not.`
            : 'Import cancelled before the first batch was sent: nothing was written.'}
        </div>
      )}
      {end.end === 'failed' && (
        <div className="banner error" role="alert">
          {`The import stopped${end.lastRow > 0 ? ` after row ${n(end.lastRow)}` : ' before anything was written'}: ${end.error}`}
        </div>
      )}
      <CountList
        label="Import counts"
        counts={[
          { value: s.created, label: 'created' },
          mode === 'replace'
            ? { value: s.updated, label: 'updated' }
            : { value: s.existing, label: 'already stored (skipped)' },
          { value: s.refused, label: 'refused by the server', bad: true },
          { value: s.bad, label: 'bad rows left out', bad: true },
        ]}
      />
      {s.refusals.length > 0 && (
        <div className="imp-scroll">
          <table aria-label="Refused records">
            <thead>
              <tr>
                <th>Row</th>
                <th>Status</th>
                <th>Server's reasons</th>
              </tr>
            </thead>
            <tbody>
              {s.refusals.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <td>{r.code}</td>
                  <td>{r.messages.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {s.refusals.length < s.refused && (
        <p className="muted">{`The first ${n(s.refusals.length)} refusals are listed.`}</p>
      )}
    </section>
  );
}
