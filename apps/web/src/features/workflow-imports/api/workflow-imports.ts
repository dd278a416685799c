/**
 * The organization's workflow imports: the recent ones with their counts (20 a page,
 * newest first), one with its items, and scheduling a new one. Lists and statuses are
 * polled every 2 s while an import is still processing, and read again after scheduling.
 */
import { workflowImportRoutes as routes, type WorkflowImportBody } from '@console/contracts/workflow-imports';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { workflowImportKeys } from './keys';

export const IMPORTS_POLL_MS = 2000;

export const workflowImportsQuery = (organizationId: string) =>
  pagedQuery({
    queryKey: workflowImportKeys.list(organizationId),
    fetchPage: (query, signal) => api(routes.list, { params: { id: organizationId }, query }, { signal }),
    items: (page) => page.workflowImports,
  });

export function useWorkflowImports(organizationId: string) {
  return useInfiniteQuery({
    ...workflowImportsQuery(organizationId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.workflowImports.some((i) => i.status === 'processing')) ? IMPORTS_POLL_MS : false,
  });
}

export const workflowImportQuery = (organizationId: string, importId: string) =>
  queryOptions({
    queryKey: workflowImportKeys.one(organizationId, importId),
    queryFn: ({ signal }) => api(routes.get, { params: { id: organizationId, importId } }, { signal }),
    select: (data) => data.workflowImport,
  });

export function useWorkflowImport(organizationId: string, importId: string) {
  return useQuery({
    ...workflowImportQuery(organizationId, importId),
    refetchInterval: (query) => (query.state.data?.workflowImport.status === 'processing' ? IMPORTS_POLL_MS : false),
  });
}

/** Schedules the import into the body's target workspace; every import list and status is read again after. */
export function useScheduleWorkflowImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowImportBody) =>
      api(routes.schedule, { params: { id: body.targetOrganizationId, workspaceId: body.targetWorkspaceId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowImportKeys.imports() }),
  });
}
