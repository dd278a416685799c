/** GET workflow-import/environments: the environments workflows can be imported from, "default" (this installation) first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { workflowImportKey } from './keys';

export const environmentsQuery = queryOptions({
  queryKey: [...workflowImportKey, 'environments'],
  queryFn: ({ signal }) => http<{ environments: string[] }>('workflow-import/environments', { signal }),
  select: (data) => data.environments,
  staleTime: 5 * 60_000,
});

export function useSourceEnvironments() {
  return useQuery(environmentsQuery);
}
