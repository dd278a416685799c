/** GET workflows?q&page&limit: workflows of every organization whose name contains q, 20 a page. */
import type { WorkflowListItem } from '@console/contracts/lookup';
import { PAGE_SIZE } from '@console/contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface WorkflowsSearchPage {
  workflows: WorkflowListItem[];
  total: number;
}

export const searchWorkflowsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['lookup', 'workflows', { q, page }],
    queryFn: ({ signal }) => http<WorkflowsSearchPage>('workflows', { query: { q, page, limit: PAGE_SIZE }, signal }),
  });

/** The previous page stays on screen while the next one loads. */
export function useSearchWorkflows(q: string, page: number) {
  return useQuery({ ...searchWorkflowsQuery(q, page), enabled: q !== '', placeholderData: keepPreviousData });
}
