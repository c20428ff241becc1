import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useBanner } from '../../components/Banner';
import { sendAway } from '../../components/RouteNotice';
import { sessionQuery } from '../../features/auth/api/session';
import { usersQuery } from '../../features/users/api/users';
import { AddUserForm } from '../../features/users/components/AddUserForm';
import { UserRow } from '../../features/users/components/UserRow';

/** Console users (admins): add, remove, change roles. */
export const Route = createFileRoute('/_app/users')({
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin') throw sendAway('The users page', 'admins', context.user.role);
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(usersQuery),
  component: UsersPage,
});

function UsersPage() {
  const { data: users } = useSuspenseQuery(usersQuery);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const { banner, report } = useBanner();
  return (
    <>
      <h1>Users</h1>
      {banner}
      <table aria-label="Users">
        <thead>
          <tr>
            <th>Username</th>
            <th>Role</th>
            <th>Created</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <UserRow key={u.id} user={u} isSelf={u.id === session?.user.id} report={report} />
          ))}
        </tbody>
      </table>
      <AddUserForm report={report} />
    </>
  );
}
