/**
 * The request log's reads (docs/product.md, "Request log"): the organization's calls of the
 * external API, newest first, 50 a page by keyset with "load more", filtered; and its access
 * keys, which the key filter offers.
 */
import { accessKeyRoutes } from '@console/contracts/access-keys';
import { requestLogRoutes as routes } from '@console/contracts/request-log';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keysetQuery } from '../../../lib/keyset-query';
import { type RequestLogFilter, serverFilter } from '../request-log-filter';

export const requestLogKeys = {
  all: ['request-log'] as const,
  list: (filter: RequestLogFilter) => [...requestLogKeys.all, 'list', filter] as const,
  keys: () => [...requestLogKeys.all, 'keys'] as const,
};

export function useRequestLog(filter: RequestLogFilter) {
  const query = serverFilter(filter);
  return useInfiniteQuery({
    ...keysetQuery({
      queryKey: requestLogKeys.list(filter),
      fetchPage: (after, signal) => api(routes.list, { query: { ...query, after } }, { signal }),
    }),
    // While a new filter loads, the previous calls stay (no flash of an empty log).
    placeholderData: keepPreviousData,
  });
}

/** The organization's access keys (an organization holds few: one page), for the key filter. */
export function useLogKeys() {
  return useQuery({
    queryKey: requestLogKeys.keys(),
    queryFn: ({ signal }) => api(accessKeyRoutes.list, { query: { limit: 100 } }, { signal }),
    select: (page) => page.integrations.map((key) => ({ id: key.id, name: key.name })),
  });
}
