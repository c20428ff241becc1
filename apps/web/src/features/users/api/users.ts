import { ConsoleUser, type Role, type UserCreate, UserView } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http';
import { type MutationCallbacks, useListMutation } from '../../../lib/listMutation';

/** The console's users, by name. */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => getJson('/bff/users', UserView.array()),
});

const path = (id: string) => `/bff/users/${encodeURIComponent(id)}`;

/** Adds a user; the answer is read as a ConsoleUser (POST /bff/users answers without `updatedAt`). */
export async function createUser(input: UserCreate): Promise<ConsoleUser> {
  return ConsoleUser.parse(await (await sendJson('/bff/users', 'POST', input)).json());
}

/** Changes a user's role; their sessions end, so the change takes effect at once. */
export async function changeRole({ id, role }: { id: string; role: Role }): Promise<UserView> {
  return UserView.parse(await (await sendJson(path(id), 'PATCH', { role })).json());
}

export async function removeUser(id: string): Promise<void> {
  await sendJson(path(id), 'DELETE');
}

/** A change to the users list; the list is fetched again after it. */
export const useUsersMutation = <V, R>(mutationFn: (v: V) => Promise<R>, callbacks?: MutationCallbacks<V, R>) =>
  useListMutation(usersQuery.queryKey, mutationFn, callbacks);
