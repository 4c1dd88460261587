import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Reads the queries under `queryKey` (only that one with `exact`) again, with reads that start now: after a change
 * (a live event, the viewer's own save) a read already on its way may have been answered before the change, and
 * React Query hands that read to the caller instead of a new one while the query has no data yet (its first read).
 * So any such read is cancelled first; then the active queries are read again and the others marked stale. */
export const readAgain = async (queryClient: QueryClient, queryKey: QueryKey, exact = false) => {
  await queryClient.cancelQueries({ queryKey, exact });
  await queryClient.invalidateQueries({ queryKey, exact });
};
