import { type LoginInput, SessionInfo } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, HttpError, sendJson, setCsrfToken } from '../../../lib/http';

/** The signed-in user, or null. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    try {
      const session = await getJson('/bff/session', SessionInfo);
      setCsrfToken(session.csrfToken);
      return session;
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) return null;
      throw e;
    }
  },
  staleTime: 60_000,
});

export async function signIn(input: LoginInput): Promise<SessionInfo> {
  const session = SessionInfo.parse(await (await sendJson('/bff/session', 'POST', input)).json());
  setCsrfToken(session.csrfToken);
  return session;
}

export async function signOut(): Promise<void> {
  await sendJson('/bff/session', 'DELETE');
  setCsrfToken(undefined);
}
