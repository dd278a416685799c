/**
 * The access keys of the signed-in admin's organization, 20 a page: the Keys screen's list and
 * the dashboard's card. Called through `dashboardRoutes`, without the contracts' schemas.
 */
import { dashboardRoutes } from '@console/contracts/dashboard-calls';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';

export const accessKeyKeys = {
  all: ['access-keys'] as const,
  list: () => [...accessKeyKeys.all, 'list'] as const,
};

export const accessKeysQuery = pagedQuery({
  queryKey: accessKeyKeys.list(),
  fetchPage: (query, signal) => api(dashboardRoutes.accessKeys, { query }, { signal }),
  items: (page) => page.integrations,
});

export function useAccessKeys() {
  return useInfiniteQuery(accessKeysQuery);
}
