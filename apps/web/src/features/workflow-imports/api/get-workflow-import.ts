/** GET organization/{id}/workflow-imports/{importId}: one import with its items (copy ids, failed reasons). */
import type { WorkflowImportItemView, WorkflowImportView } from '@console/contracts/workflow-imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { workflowImportKey } from './keys';
import { IMPORTS_POLL_MS } from './list-workflow-imports';

export type WorkflowImportDetails = WorkflowImportView & { items: WorkflowImportItemView[] };

export const workflowImportQuery = (organizationId: string, importId: string) =>
  queryOptions({
    queryKey: [...workflowImportKey, 'imports', organizationId, 'one', importId],
    queryFn: ({ signal }) =>
      http<{ workflowImport: WorkflowImportDetails }>(
        `organization/${encodeURIComponent(organizationId)}/workflow-imports/${encodeURIComponent(importId)}`,
        { signal },
      ),
    select: (data) => data.workflowImport,
  });

export function useWorkflowImport(organizationId: string, importId: string) {
  return useQuery({
    ...workflowImportQuery(organizationId, importId),
    refetchInterval: (query) => (query.state.data?.workflowImport.status === 'processing' ? IMPORTS_POLL_MS : false),
  });
}
