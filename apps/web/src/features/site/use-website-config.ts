import { home } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';

/** The site configuration (name, shortName, switches, footer fields); read once per page load (asked for by the
 * entry, main.tsx, with the page). */
export const websiteConfigQuery = queryOptions({
  queryKey: queryKey(home.getWebsiteConfig),
  queryFn: () => api.call(home.getWebsiteConfig, {}),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useWebsiteConfig = () => useQuery(websiteConfigQuery);
