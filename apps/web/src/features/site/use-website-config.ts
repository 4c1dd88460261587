import { home } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';

/** The site configuration (name, shortName, switches, footer fields); read once per page load. */
export const useWebsiteConfig = () =>
  useQuery({
    queryKey: queryKey(home.getWebsiteConfig),
    queryFn: () => api.call(home.getWebsiteConfig, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
