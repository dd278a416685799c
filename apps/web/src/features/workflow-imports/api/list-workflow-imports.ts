/**
 * GET organization/{id}/workflow-imports?page&limit: the organization's recent imports with
 * their counts, newest first; polled every 2 s while one of them is still processing.
 */

import { PAGE_SIZE } from '@console/contracts/paging';
import type { WorkflowImportView } from '@console/contracts/workflow-imports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { workflowImportKey } from './keys';

export const IMPORTS_POLL_MS = 2000;

export interface WorkflowImportsPage {
  workflowImports: WorkflowImportView[];
  total: number;
}

export const workflowImportsQuery = (organizationId: string) =>
  infiniteQueryOptions({
    queryKey: [...workflowImportKey, 'imports', organizationId],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http<WorkflowImportsPage>(`organization/${encodeURIComponent(organizationId)}/workflow-imports`, {
        query: { page: pageParam, limit: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last, pages, lastPage) => (pages.length * PAGE_SIZE < last.total ? lastPage + 1 : undefined),
  });

export function useWorkflowImports(organizationId: string) {
  return useInfiniteQuery({
    ...workflowImportsQuery(organizationId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.workflowImports.some((i) => i.status === 'processing')) ? IMPORTS_POLL_MS : false,
  });
}
