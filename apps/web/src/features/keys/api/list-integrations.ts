/** GET integrations?page&limit: the organization's access keys, 20 a page, "load more" asks for page + 1. */
import type { IntegrationView } from '@console/contracts/integrations';
import { PAGE_SIZE } from '@console/contracts/paging';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface IntegrationsPage {
  integrations: IntegrationView[];
  total: number;
}

export const integrationsKey = ['integrations'] as const;

export const integrationsQuery = infiniteQueryOptions({
  queryKey: integrationsKey,
  initialPageParam: 1,
  queryFn: ({ pageParam, signal }) => http<IntegrationsPage>('integrations', { query: { page: pageParam, limit: PAGE_SIZE }, signal }),
  getNextPageParam: (last, pages, lastPage) => (pages.length * PAGE_SIZE < last.total ? lastPage + 1 : undefined),
});

export function useIntegrations() {
  return useInfiniteQuery(integrationsQuery);
}
