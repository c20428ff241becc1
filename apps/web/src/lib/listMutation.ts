import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export interface MutationCallbacks<V, R> {
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown) => void;
}

/**
 * A change to a list; the list (`queryKey`) is fetched again after it, whether it worked or not. The
 * callbacks belong to the mutation, so they run even when the row that started it is gone by then.
 */
export function useListMutation<V, R>(
  queryKey: QueryKey,
  mutationFn: (v: V) => Promise<R>,
  callbacks: MutationCallbacks<V, R> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => callbacks.onSuccess?.(result, variables),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
