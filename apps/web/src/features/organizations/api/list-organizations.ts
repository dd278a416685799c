/**
 * GET organizations?page&limit[&q][&disabled=true]: the Super area's organization list,
 * 20 a page, filtered by a part of the name; "load more" asks for page + 1.
 */
import type { OrganizationListItem } from '@console/contracts/organizations';
import { PAGE_SIZE } from '@console/contracts/paging';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface OrganizationsPage {
  organizations: OrganizationListItem[];
  total: number;
}

export interface OrganizationsFilter {
  q: string;
  includeDisabled: boolean;
}

export const organizationsKey = ['organizations'] as const;

export function organizationsQuery({ q, includeDisabled }: OrganizationsFilter) {
  return infiniteQueryOptions({
    queryKey: [...organizationsKey, { q, includeDisabled }],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http<OrganizationsPage>('organizations', {
        query: { page: pageParam, limit: PAGE_SIZE, q: q || undefined, disabled: includeDisabled ? true : undefined },
        signal,
      }),
    getNextPageParam: (last, pages, lastPage) => (pages.length * PAGE_SIZE < last.total ? lastPage + 1 : undefined),
  });
}

export function useOrganizations(filter: OrganizationsFilter) {
  // While a new filter loads, the previous rows stay (no flash of an empty list at each key stroke).
  return useInfiniteQuery({ ...organizationsQuery(filter), placeholderData: keepPreviousData });
}
