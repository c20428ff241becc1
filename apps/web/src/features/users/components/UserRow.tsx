import { Role, type UserView } from '@econ/contract';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { changeRole, removeUser, useUsersMutation } from '../api/users';

/** One user: the role changes as soon as another is chosen; removing asks for confirmation inline. */
export function UserRow({ user: u, isSelf, report }: { user: UserView; isSelf: boolean; report: Report }) {
  const [confirming, setConfirming] = useState(false);
  const patch = useUsersMutation(changeRole, {
    onSuccess: (v) => report.ok(`${v.username} is now ${v.role}`),
    onError: report.fail,
  });
  const remove = useUsersMutation(removeUser, {
    onSuccess: () => report.ok(`Removed ${u.username}`),
    onError: (e) => {
      setConfirming(false);
      report.fail(e);
    },
  });
  // While the change is on its way (and the list reloads), the select shows the chosen role.
  const role = patch.isPending && patch.variables ? patch.variables.role : u.role;
  return (
    <tr>
      <td>
        {u.username}
        {isSelf && <span className="muted"> (you)</span>}
      </td>
      <td>
        <select
          aria-label={`Change role of ${u.username}`}
          value={role}
          disabled={patch.isPending || remove.isPending}
          onChange={(e) => {
            report.clear();
            patch.mutate({ id: u.id, role: Role.parse(e.target.value) });
          }}
        >
          {Role.options.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </td>
      <td>{new Date(u.createdAt).toLocaleString()}</td>
      <td>
        {confirming ? (
          <div className="row">
            <span>Remove {u.username}?</span>
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => {
                report.clear();
                remove.mutate(u.id);
              }}
            >
              Confirm remove
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Remove
          </button>
        )}
      </td>
    </tr>
  );
}
