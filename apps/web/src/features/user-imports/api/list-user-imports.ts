/** GET user-imports?page&limit: the organization's imports, newest first, 20 a page with "load more". */
import { PAGE_SIZE } from '@console/contracts/paging';
import type { UserImportView } from '@console/contracts/user-imports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface UserImportsPage {
  userImports: UserImportView[];
  total: number;
}

export const userImportsKey = ['user-imports'] as const;

/** Still changing: running, or with invitations being sent. */
export function isLive(u: Pick<UserImportView, 'status' | 'invitationsPending'>): boolean {
  return u.status === 'processing' || u.invitationsPending > 0;
}

/** While something is live the list is polled, so progress moves without reloading. */
export const LIVE_POLL_MS = 1000;

export function userImportsQuery(limit = PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...userImportsKey, 'list', limit],
    queryFn: ({ pageParam, signal }) => http<UserImportsPage>('user-imports', { query: { page: pageParam, limit }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.userImports.length, 0) < last.total ? pages.length + 1 : undefined),
  });
}

export function useUserImports(limit = PAGE_SIZE) {
  return useInfiniteQuery({
    ...userImportsQuery(limit),
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.userImports.some(isLive)) ? LIVE_POLL_MS : false),
  });
}
