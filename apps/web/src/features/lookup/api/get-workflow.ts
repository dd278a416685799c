/** GET workflow/{id}: one workflow of any organization with its steps (staff). */
import type { LookupWorkflowView } from '@console/contracts/lookup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const lookupWorkflowQuery = (id: string) =>
  queryOptions({
    queryKey: ['lookup', 'workflow', id.toLowerCase()],
    queryFn: ({ signal }) => http<{ workflow: LookupWorkflowView }>(`workflow/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.workflow,
    retry: false,
  });

export function useLookupWorkflow(id: string) {
  return useQuery({ ...lookupWorkflowQuery(id), enabled: id !== '' });
}
