import type { QueryKey } from '@tanstack/react-query';

/** The one shape of every cached read's key: the path of the endpoint it reads, then what that read depends on,
 * most general first (the group or problem, then filters, then the page). A change names the reads to do again by a
 * prefix: `queryKey(endpoint)` for every read of that endpoint, `queryKey(endpoint, gid)` for one group's. Two caches
 * of one endpoint that must stay apart add a word of their own after the ids (`'top'`, `'mine'`). */
export const queryKey = (endpoint: { readonly path: string }, ...params: readonly unknown[]): QueryKey => [
  endpoint.path,
  ...params,
];
