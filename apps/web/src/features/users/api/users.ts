import { ConsoleUser, type Role, type UserCreate, UserView } from '@econ/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http';

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

/**
 * A change; the list is fetched again after it, whether it worked or not. The callbacks belong to the
 * mutation, so they run even when the row that started it is gone by then (removed, revoked).
 */
export function useUsersMutation<V, R>(
  mutationFn: (v: V) => Promise<R>,
  callbacks: { onSuccess?: (result: R, variables: V) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => callbacks.onSuccess?.(result, variables),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }),
  });
}
