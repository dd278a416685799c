/** Where the interactive reference of the external API is (GET /settings/documentation). */
import { documentationRoutes as routes } from '@console/contracts/external-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const documentationKeys = {
  all: ['documentation'] as const,
  url: () => [...documentationKeys.all, 'url'] as const,
};

export const documentationUrlQuery = queryOptions({
  queryKey: documentationKeys.url(),
  queryFn: ({ signal }) => api(routes.url, {}, { signal }).then((r) => r.documentationURL),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDocumentationUrl() {
  return useQuery(documentationUrlQuery);
}
