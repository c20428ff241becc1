import { Role, UserCreate } from '@econ/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Report } from '../../../components/Banner';
import { FormField } from '../../../components/FormField';
import { applyServerErrors, invalid, withLabels } from '../../../lib/formErrors';
import { createUser, useUsersMutation } from '../api/users';

const FIELDS = ['username', 'password', 'role'] as const;
/** The form's labels, which its messages name fields by (lib/formErrors). */
const LABELS = { username: 'Username', password: 'Password', role: 'Role' };

/** Adds a user; the server's objections stand next to their fields (a taken name next to the username). */
export function AddUserForm({ report }: { report: Report }) {
  const create = useUsersMutation(createUser);
  const form = useForm<UserCreate>({
    resolver: withLabels(zodResolver(UserCreate), LABELS),
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
      // A taken name (409) stands next to the username.
      const rest = applyServerErrors(e, FIELDS, form.setError, { labels: LABELS, statusFields: { 409: 'username' } });
      if (rest) report.fail(rest);
    }
  });
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="add-user-title">
      <h2 id="add-user-title">Add user</h2>
      <FormField id="new-username" label={LABELS.username} error={errors.username?.message}>
        <input
          id="new-username"
          autoComplete="off"
          {...invalid('new-username', !!errors.username)}
          {...form.register('username')}
        />
      </FormField>
      <FormField id="new-password" label={LABELS.password} error={errors.password?.message}>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          {...invalid('new-password', !!errors.password)}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="new-role" label={LABELS.role} error={errors.role?.message}>
        <select id="new-role" {...invalid('new-role', !!errors.role)} {...form.register('role')}>
          {Role.options.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </FormField>
      <div className="row" style={{ marginTop: 16 }}>
        <button className="primary" type="submit" disabled={form.formState.isSubmitting}>
          Add user
        </button>
      </div>
    </form>
  );
}
