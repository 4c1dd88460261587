import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { readAgain } from './read-again';

export interface ApiMutationOptions<TInput, TOutput> {
  /** The change, made through `api` (lib/api.ts). */
  mutationFn: (input: TInput) => Promise<TOutput>;
  /** Key prefixes (lib/query-keys.ts) of the reads to do again once the change succeeded, before `onSuccess`. */
  invalidates?: readonly QueryKey[] | ((output: TOutput, input: TInput) => readonly QueryKey[]);
  /** Read them again after a failure too: a change refused because the row changed meanwhile shows the row as it is. */
  invalidateOnError?: boolean;
  onSuccess?: (output: TOutput, input: TInput) => unknown;
  /** The caller's own state to restore after a failure (a dialog kept open, a button back). */
  onError?: (error: Error, input: TInput) => unknown;
}

/** Every change the screens make. A failure has already been shown once by the HTTP client (lib/http-client.ts
 * `fail`: the server's message through lib/api.ts to `notifyError`), so nothing here shows it again; `mutate`
 * swallows it, `mutateAsync` hands it on. `settle` waits for the change either way and never fails: antd's
 * Popconfirm keeps its OK button loading until that promise settles, then closes. On success the reads named by
 * `invalidates` are done again. */
export const useApiMutation = <TInput = void, TOutput = unknown>(opts: ApiMutationOptions<TInput, TOutput>) => {
  const queryClient = useQueryClient();
  const invalidate = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void readAgain(queryClient, queryKey);
  };
  const mutation = useMutation<TOutput, Error, TInput>({
    mutationFn: opts.mutationFn,
    onSuccess: (output, input) => {
      const keys = typeof opts.invalidates === 'function' ? opts.invalidates(output, input) : opts.invalidates;
      if (keys) invalidate(keys);
      return opts.onSuccess?.(output, input);
    },
    onError: (error, input) => {
      if (opts.invalidateOnError && typeof opts.invalidates !== 'function') invalidate(opts.invalidates ?? []);
      return opts.onError?.(error, input);
    },
  });
  const settle = (input: TInput) =>
    mutation.mutateAsync(input).then(
      () => undefined,
      () => undefined,
    );
  return { ...mutation, settle };
};
