/** GET organizations/source/?page&limit[&q][&sourceEnv][&organizationId]: the organizations workflows can come from. */
import type { SourceOrganizationView } from '@console/contracts/workflow-imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { SEARCH_LIMIT, workflowImportKey } from './keys';

export const sourceOrganizationsQuery = (q: string, sourceEnv: string) =>
  queryOptions({
    queryKey: [...workflowImportKey, 'sourceOrganizations', sourceEnv, q],
    queryFn: ({ signal }) =>
      http<{ organizations: SourceOrganizationView[]; total: number }>('organizations/source/', {
        query: { page: 1, limit: SEARCH_LIMIT, q: q || undefined, sourceEnv },
        signal,
      }),
  });

export function useSourceOrganizations(q: string, sourceEnv: string) {
  return useQuery({ ...sourceOrganizationsQuery(q, sourceEnv), placeholderData: keepPreviousData });
}
