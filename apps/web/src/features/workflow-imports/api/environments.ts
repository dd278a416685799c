/** The environments workflows can be imported from, "default" (this installation) first. */
import { workflowImportRoutes as routes } from '@console/contracts/workflow-imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { workflowImportKeys } from './keys';

export const environmentsQuery = queryOptions({
  queryKey: workflowImportKeys.environments(),
  queryFn: ({ signal }) => api(routes.environments, {}, { signal }),
  select: (data) => data.environments,
  staleTime: 5 * 60_000,
});

export function useSourceEnvironments() {
  return useQuery(environmentsQuery);
}
