/** GET organization/verificationModels: the photo and video models AI verification can use. */
import type { VerificationModels } from '@console/contracts/organization-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const verificationModelsQuery = queryOptions({
  queryKey: ['verificationModels'],
  queryFn: ({ signal }) => http<{ verificationModels: VerificationModels }>('organization/verificationModels', { signal }),
  select: (data) => data.verificationModels,
  staleTime: 5 * 60_000,
});

export function useVerificationModels() {
  return useQuery(verificationModelsQuery);
}
