import './audit.css';
import { AUDIT_ACTIONS, type AuditAction } from '@econ/contract';
import { useQuery } from '@tanstack/react-query';
import { auditUsersQuery } from '../api/audit';

/** The filters the audit page keeps in its address. */
export interface AuditFilterValues {
  user?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The recorded methods in words (a POST creates, runs, activates, revokes or signs in). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  POST: 'Create, run, sign in (POST)',
  PUT: 'Save (PUT)',
  PATCH: 'Update (PATCH)',
  DELETE: 'Delete (DELETE)',
};

/**
 * User, action and date filters of the audit log; each change is applied at once (to the first
 * page). `onChange` gets only what changed (the address may be ahead of these props).
 */
export function AuditFilters(props: {
  values: AuditFilterValues;
  onChange: (patch: AuditFilterValues) => void;
  onClear: () => void;
}) {
  const users = useQuery(auditUsersQuery);
  const { values, onChange: set } = props;
  const any = !!(values.user || values.action || values.from || values.to);
  return (
    <form className="audit-filters" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
      <label>
        User
        <select value={values.user ?? ''} onChange={(e) => set({ user: e.target.value || undefined })}>
          <option value="">All users</option>
          {(users.data ?? []).map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
          {values.user && !users.data?.includes(values.user) && <option value={values.user}>{values.user}</option>}
        </select>
      </label>
      <label>
        Action
        <select
          value={values.action ?? ''}
          onChange={(e) => set({ action: (e.target.value || undefined) as AuditAction | undefined })}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </select>
      </label>
      <DayInput label="From (UTC day)" value={values.from} max={values.to} onChange={(from) => set({ from })} />
      <DayInput label="To (UTC day)" value={values.to} min={values.from} onChange={(to) => set({ to })} />
      <button type="button" disabled={!any} onClick={props.onClear}>
        Clear filters
      </button>
    </form>
  );
}

/** A UTC day (`YYYY-MM-DD`) or none, with its bounds. */
function DayInput(props: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(e) => props.onChange(e.target.value || undefined)}
      />
    </label>
  );
}
