/**
 * Workflows of every organization, for the workflow look-up: the search by name (GET
 * workflows, 20 a page), one workflow with its steps (GET workflow/{id}) and a signed link
 * to its source video (GET workflow/{id}/original-video).
 */
import { lookupRoutes as routes } from '@console/contracts/lookup';
import { PAGE_SIZE } from '@console/contracts/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const workflowLookupKeys = {
  all: ['lookup', 'workflows'] as const,
  search: (q: string, page: number) => [...workflowLookupKeys.all, 'search', { q, page }] as const,
  one: (id: string) => [...workflowLookupKeys.all, 'one', id.toLowerCase()] as const,
};

/** The page of the address (numbered pages, not "load more"); the previous page stays on screen while the next one loads. */
export function useSearchWorkflows(q: string, page: number) {
  return useQuery({
    queryKey: workflowLookupKeys.search(q, page),
    queryFn: ({ signal }) => api(routes.searchWorkflows, { query: { q, page, limit: PAGE_SIZE } }, { signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

/** Asks only once there is an id; "not found" is an answer, not retried. */
export function useLookupWorkflow(id: string) {
  return useQuery({
    queryKey: workflowLookupKeys.one(id),
    queryFn: ({ signal }) => api(routes.workflow, { params: { id } }, { signal }),
    select: (data) => data.workflow,
    retry: false,
    enabled: id !== '',
  });
}

/** A fresh link each time: a link is asked for when it is opened, never kept. */
export const getOriginalVideo = (id: string) => api(routes.originalVideo, { params: { id } });
