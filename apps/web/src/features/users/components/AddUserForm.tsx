import { Role, UserCreate } from '@econ/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Report } from '../../../components/Banner';
import { applyServerErrors } from '../../../lib/formErrors';
import { HttpError } from '../../../lib/http';
import { createUser, useUsersMutation } from '../api/users';

const FIELDS = ['username', 'password', 'role'] as const;

/** Adds a user; the server's objections stand next to their fields (a taken name next to the username). */
export function AddUserForm({ report }: { report: Report }) {
  const create = useUsersMutation(createUser);
  const form = useForm<UserCreate>({
    resolver: zodResolver(UserCreate),
    defaultValues: { username: '', password: '', role: 'engineer' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    report.clear();
    try {
      const user = await create.mutateAsync(values);
      form.reset();
      report.ok(`Added ${user.username} (${user.role})`);
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) {
        form.setError('username', { type: 'server', message: e.message });
        return;
      }
      const rest = applyServerErrors(e, FIELDS, form.setError);
      if (rest) report.fail(rest);
    }
  });
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="add-user-title">
      <h2 id="add-user-title">Add user</h2>
      <label htmlFor="new-username">Username</label>
      <input id="new-username" autoComplete="off" {...form.register('username')} />
      {errors.username && <div className="field-error">{errors.username.message}</div>}
      <label htmlFor="new-password">Password</label>
      <input id="new-password" type="password" autoComplete="new-password" {...form.register('password')} />
      {errors.password && <div className="field-error">{errors.password.message}</div>}
      <label htmlFor="new-role">Role</label>
      <select id="new-role" {...form.register('role')}>
        {Role.options.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      {errors.role && <div className="field-error">{errors.role.message}</div>}
      <div className="row" style={{ marginTop: 16 }}>
        <button className="primary" type="submit" disabled={form.formState.isSubmitting}>
          Add user
        </button>
      </div>
    </form>
  );
}
