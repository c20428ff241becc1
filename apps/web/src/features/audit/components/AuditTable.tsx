import './audit.css';
import type { AuditEntry } from '@econ/contract';
import { describeAuditEntry, type KnownNames } from '../model/auditTarget';

/** The audit entries with what each did in words; the recorded request shows on hover of the target. */
export function AuditTable(props: { entries: readonly AuditEntry[]; names: KnownNames }) {
  if (props.entries.length === 0) return <p className="muted">No writes match these filters.</p>;
  return (
    <div className="audit-scroll">
      <table aria-label="Audit log" className="audit-table">
        <thead>
          <tr>
            <th>When</th>
            <th>User</th>
            <th>Action</th>
            <th>Target</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((e) => {
            const what = describeAuditEntry(e.method, e.path, props.names);
            return (
              <tr key={e.id}>
                <td className="nowrap">{new Date(e.at).toLocaleString()}</td>
                <td>{e.username ?? <span className="muted">(signed out)</span>}</td>
                <td className="nowrap">{what.action}</td>
                <td className="audit-target" title={`${e.method} ${e.path}`}>
                  {what.target}
                </td>
                <td>
                  <span className={`badge ${e.status >= 400 ? 'error' : 'active'}`}>{e.status}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
