/**
 * POST organization/{targetOrgId}/workspace/{targetWorkspaceId}/workflows: schedules the
 * import; the organization's recent imports are reloaded after.
 */
import type { WorkflowImportBody, WorkflowImportView } from '@console/contracts/workflow-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { workflowImportKey } from './keys';

export function scheduleWorkflowImport(body: WorkflowImportBody) {
  return http<{ workflowImport: WorkflowImportView }>(
    `organization/${encodeURIComponent(body.targetOrganizationId)}/workspace/${encodeURIComponent(body.targetWorkspaceId)}/workflows`,
    { method: 'POST', body },
  );
}

export function useScheduleWorkflowImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: scheduleWorkflowImport,
    onSuccess: () => client.invalidateQueries({ queryKey: [...workflowImportKey, 'imports'] }),
  });
}
