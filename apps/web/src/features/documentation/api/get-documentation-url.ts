/** GET /settings/documentation: where the interactive reference of the external API is. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const documentationUrlQuery = queryOptions({
  queryKey: ['settings', 'documentation'],
  queryFn: ({ signal }) => http<{ documentationURL: string }>('settings/documentation', { signal }).then((r) => r.documentationURL),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDocumentationUrl() {
  return useQuery(documentationUrlQuery);
}
