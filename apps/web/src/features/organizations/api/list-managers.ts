/** GET organization/{id}/managers?page&limit: an organization's managers, 20 a page, the most recent first. */
import type { ManagerView } from '@console/contracts/org-admin';
import { PAGE_SIZE } from '@console/contracts/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export interface ManagersPage {
  managers: ManagerView[];
  total: number;
}

/** Under the organizations' key: a change to an organization reloads its managers too. */
export const managersKey = (organizationId: string) => [...organizationsKey, 'managers', organizationId] as const;

export function managersQuery(organizationId: string) {
  return infiniteQueryOptions({
    queryKey: managersKey(organizationId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http<ManagersPage>(`organization/${encodeURIComponent(organizationId)}/managers`, {
        query: { page: pageParam, limit: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last, pages, lastPage) => (pages.length * PAGE_SIZE < last.total ? lastPage + 1 : undefined),
  });
}

export function useManagers(organizationId: string) {
  return useInfiniteQuery(managersQuery(organizationId));
}
