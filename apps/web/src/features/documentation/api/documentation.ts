/** Where the interactive reference of the external API is (GET /settings/documentation). */
import { dashboardRoutes } from '@console/contracts/dashboard-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const documentationKeys = {
  all: ['documentation'] as const,
  url: () => [...documentationKeys.all, 'url'] as const,
};

export const documentationUrlQuery = queryOptions({
  queryKey: documentationKeys.url(),
  queryFn: ({ signal }) => api(dashboardRoutes.documentationUrl, {}, { signal }).then((r) => r.documentationURL),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDocumentationUrl() {
  return useQuery(documentationUrlQuery);
}
