/**
 * The imports of the signed-in admin's organization, newest first ("load more"), polled while
 * one is live: the Imports screen's list and the dashboard's card. Called through
 * `dashboardRoutes`, without the contracts' schemas.
 */
import { dashboardRoutes } from '@console/contracts/dashboard-calls';
import { PAGE_SIZE } from '@console/contracts/page-size';
import type { UserImportView } from '@console/contracts/user-imports';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';

export const userImportKeys = {
  all: ['user-imports'] as const,
  list: (limit: number) => [...userImportKeys.all, 'list', limit] as const,
  one: (id: string) => [...userImportKeys.all, 'one', id] as const,
  errors: (id: string, email: string) => [...userImportKeys.all, 'errors', id, email] as const,
  defaults: () => [...userImportKeys.all, 'defaults'] as const,
};

/** Still changing: running, or with invitations being sent. */
export function isLive(u: Pick<UserImportView, 'status' | 'invitationsPending'>): boolean {
  return u.status === 'processing' || u.invitationsPending > 0;
}

/** While something is live it is polled, so progress moves without reloading. */
export const LIVE_POLL_MS = 1000;

export const userImportsQuery = (limit = PAGE_SIZE) =>
  pagedQuery({
    queryKey: userImportKeys.list(limit),
    fetchPage: (query, signal) => api(dashboardRoutes.userImports, { query }, { signal }),
    items: (page) => page.userImports,
    limit,
  });

export function useUserImports(limit = PAGE_SIZE) {
  return useInfiniteQuery({
    ...userImportsQuery(limit),
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.userImports.some(isLive)) ? LIVE_POLL_MS : false),
  });
}
