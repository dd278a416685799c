/** The photo and video models AI verification can use. */
import { organizationRoutes as routes } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const verificationModelKeys = {
  all: ['verificationModels'] as const,
};

export const verificationModelsQuery = queryOptions({
  queryKey: verificationModelKeys.all,
  queryFn: ({ signal }) => api(routes.verificationModels, {}, { signal }),
  select: (data) => data.verificationModels,
  staleTime: 5 * 60_000,
});

export function useVerificationModels() {
  return useQuery(verificationModelsQuery);
}
