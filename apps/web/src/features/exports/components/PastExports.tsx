import type { ReactNode } from 'react';
import { formatCountdown, msUntil } from '../model/format';
import type { ListedExport } from '../model/listed';
import { consoleLink, displayState, exportTypeLabel } from '../model/state';
import { useNow } from './Clock';

const BADGE = { running: '', failed: 'error', valid: 'active', expired: 'warn' } as const;

/**
 * The company's past exports as the API lists them, newest first, with their state now (valid while
 * the links work, expired after, from `expiresAt` and the page clock; running or failed), when the
 * links expire, and a download link per file while they work.
 */
export function PastExports(props: {
  exports: readonly ListedExport[];
  loading: boolean;
  current: string | null;
  onShow: (id: string) => void;
  children?: ReactNode;
}) {
  const now = useNow();
  return (
    <section className="panel" aria-labelledby="past-exports-title">
      <h2 id="past-exports-title">Past exports</h2>
      {props.loading ? (
        <p className="muted" role="status">
          Loading past exports…
        </p>
      ) : props.exports.length === 0 ? (
        <p className="muted">No exports yet.</p>
      ) : (
        <div className="past-exports-scroll">
          <table aria-label="Past exports" className="past-exports">
            <thead>
              <tr>
                <th>Started</th>
                <th>Type</th>
                <th>Project</th>
                <th>Source</th>
                <th>State</th>
                <th>Expires</th>
                <th>Files</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.exports.map((e) => {
                const state = displayState(e, now);
                return (
                  <tr key={e.id} className={e.id === props.current ? 'current' : undefined}>
                    <td className="nowrap">{new Date(e.createdAt).toLocaleString()}</td>
                    <td>{exportTypeLabel(e.exportType)}</td>
                    <td>{e.projectName}</td>
                    <td className="source">{e.sourceName}</td>
                    <td>
                      <span className={`badge ${BADGE[state]}`}>{state}</span>
                    </td>
                    <td className="nowrap" title={new Date(e.expiresAt).toLocaleString()}>
                      {state === 'valid' ? `in ${formatCountdown(msUntil(e.expiresAt, now))}` : ''}
                      {state === 'expired' ? new Date(e.expiresAt).toLocaleString() : ''}
                    </td>
                    <td>
                      {state === 'valid'
                        ? e.files.map((f, i) =>
                            f.url ? (
                              <a
                                key={f.name}
                                className="file-link"
                                href={consoleLink(f.url)}
                                download={f.name}
                                aria-label={`Download file ${i + 1} of export ${e.id}`}
                                title={f.name}
                              >
                                {e.files.length > 1 ? `Part ${i + 1}` : 'Download'}
                              </a>
                            ) : null,
                          )
                        : e.status === 'complete'
                          ? `${e.files.length} (link expired)`
                          : ''}
                      {state === 'failed' && e.error && <span className="muted">{e.error}</span>}
                    </td>
                    <td>
                      {e.id !== props.current && (
                        <button
                          type="button"
                          className="link"
                          aria-label={`Show export ${e.id}`}
                          onClick={() => props.onShow(e.id)}
                        >
                          Show
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {props.children}
    </section>
  );
}
