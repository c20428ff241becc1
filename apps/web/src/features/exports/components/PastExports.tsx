import { formatCountdown, msUntil } from '../model/format';
import type { SessionExport } from '../model/history';
import { displayState, exportTypeLabel } from '../model/state';
import { useNow } from './Clock';

const BADGE = { running: '', failed: 'error', valid: 'active', expired: 'warn' } as const;

/**
 * The exports started in this browser session, newest first, with their state now: valid while
 * the links work, expired after (from `expiresAt` and the page clock), running or failed.
 */
export function PastExports(props: {
  exports: readonly SessionExport[];
  current: string | null;
  onShow: (id: string) => void;
}) {
  const now = useNow();
  if (props.exports.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="past-exports-title">
      <h2 id="past-exports-title">Exports of this session</h2>
      <table aria-label="Exports of this session">
        <thead>
          <tr>
            <th>Started</th>
            <th>Type</th>
            <th>Project</th>
            <th>Source</th>
            <th>Files</th>
            <th>State</th>
            <th>Expires in</th>
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
                <td className="nowrap">{new Date(e.createdAt).toLocaleTimeString()}</td>
                <td>{exportTypeLabel(e.exportType)}</td>
                <td>{e.projectName}</td>
                <td>{e.sourceName}</td>
                <td>{e.status === 'complete' ? e.files.length : ''}</td>
                <td>
                  <span className={`badge ${BADGE[state]}`}>{state}</span>
                </td>
                <td className="nowrap">{state === 'valid' ? formatCountdown(msUntil(e.expiresAt, now)) : ''}</td>
                <td>
                  {e.id !== props.current && (
                    <button type="button" className="link" onClick={() => props.onShow(e.id)}>
                      Show
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
