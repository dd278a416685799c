/**
 * The source workspace's workflows, 100 a page with "load more"; `allWorkflowIds` reads
 * every page (up to the import's maximum) for "select all".
 */
import { MAX_PAGE_SIZE } from '@console/contracts/paging';
import { workflowImportRoutes as routes, WORKFLOW_IMPORT_MAX_WORKFLOWS } from '@console/contracts/workflow-imports';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { workflowImportKeys } from './keys';

/** Workflows are listed (and selected all) in pages of the largest size. */
const WORKFLOWS_PAGE = MAX_PAGE_SIZE;

export interface WorkflowsSource {
  organizationId: string;
  workspaceId: string;
  sourceEnv: string;
}

const fetchPage = (s: WorkflowsSource, q: string, page: { page: number; limit: number }, signal?: AbortSignal) =>
  api(
    routes.workflows,
    { params: { id: s.organizationId, workspaceId: s.workspaceId }, query: { ...page, q: q || undefined, sourceEnv: s.sourceEnv } },
    { signal },
  );

export const workflowsQuery = (s: WorkflowsSource, q: string) =>
  pagedQuery({
    queryKey: workflowImportKeys.workflows(s.sourceEnv, s.organizationId, s.workspaceId, q),
    fetchPage: (page, signal) => fetchPage(s, q, page, signal),
    items: (page) => page.workflows,
    limit: WORKFLOWS_PAGE,
    enabled: !!s.workspaceId,
  });

export function useWorkflows(s: WorkflowsSource, q: string) {
  return useInfiniteQuery({ ...workflowsQuery(s, q), placeholderData: keepPreviousData });
}

/** The ids of every workflow that matches, page by page, at most the import's maximum. */
export async function allWorkflowIds(s: WorkflowsSource, q: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { workflows, total } = await fetchPage(s, q, { page, limit: WORKFLOWS_PAGE });
    ids.push(...workflows.map((w) => w.id));
    if (workflows.length === 0 || ids.length >= Math.min(total, WORKFLOW_IMPORT_MAX_WORKFLOWS)) {
      return { ids: ids.slice(0, WORKFLOW_IMPORT_MAX_WORKFLOWS), total };
    }
  }
}
