/**
 * GET organization/{id}/workspace/{workspaceId}/workflows?page&limit[&q]: the source
 * workspace's workflows, 100 a page with "load more"; `allWorkflowIds` reads every page
 * (up to the import's maximum) for "select all".
 */
import type { ImportWorkflowItem } from '@console/contracts/workflow-imports';
import { WORKFLOW_IMPORT_MAX_WORKFLOWS } from '@console/contracts/workflow-imports';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { WORKFLOWS_PAGE, workflowImportKey } from './keys';

export interface WorkflowsPage {
  workflows: ImportWorkflowItem[];
  total: number;
}

const fetchPage = (organizationId: string, workspaceId: string, sourceEnv: string, q: string, page: number, signal?: AbortSignal) =>
  http<WorkflowsPage>(`organization/${encodeURIComponent(organizationId)}/workspace/${encodeURIComponent(workspaceId)}/workflows`, {
    query: { page, limit: WORKFLOWS_PAGE, q: q || undefined, sourceEnv },
    signal,
  });

export const workflowsQuery = (organizationId: string, workspaceId: string, sourceEnv: string, q: string) =>
  infiniteQueryOptions({
    queryKey: [...workflowImportKey, 'workflows', sourceEnv, organizationId, workspaceId, q],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(organizationId, workspaceId, sourceEnv, q, pageParam, signal),
    getNextPageParam: (last, pages, lastPage) => (pages.length * WORKFLOWS_PAGE < last.total ? lastPage + 1 : undefined),
  });

export function useWorkflows(organizationId: string, workspaceId: string, sourceEnv: string, q: string) {
  return useInfiniteQuery({
    ...workflowsQuery(organizationId, workspaceId, sourceEnv, q),
    enabled: !!workspaceId,
    placeholderData: keepPreviousData,
  });
}

/** The ids of every workflow that matches, page by page, at most the import's maximum. */
export async function allWorkflowIds(
  organizationId: string,
  workspaceId: string,
  sourceEnv: string,
  q: string,
): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { workflows, total } = await fetchPage(organizationId, workspaceId, sourceEnv, q, page);
    ids.push(...workflows.map((w) => w.id));
    if (workflows.length === 0 || ids.length >= Math.min(total, WORKFLOW_IMPORT_MAX_WORKFLOWS)) {
      return { ids: ids.slice(0, WORKFLOW_IMPORT_MAX_WORKFLOWS), total };
    }
  }
}
