/**
 * The searchers' look-ups: source organizations, an organization's workspaces (a source's,
 * or the target's filtered by the privacy of the source) and the authors of the target.
 * Each offers one page for what is typed; typing more narrows it.
 */
import { PAGE_SIZE } from '@console/contracts/paging';
import { workflowImportRoutes as routes } from '@console/contracts/workflow-imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type WorkspacesFilter, workflowImportKeys } from './keys';

/** Options a searcher shows for what is typed: a page. */
const SEARCH_LIMIT = PAGE_SIZE;

export const sourceOrganizationsQuery = (q: string, sourceEnv: string) =>
  queryOptions({
    queryKey: workflowImportKeys.sourceOrganizations(sourceEnv, q),
    queryFn: ({ signal }) =>
      api(routes.sourceOrganizations, { query: { page: 1, limit: SEARCH_LIMIT, q: q || undefined, sourceEnv } }, { signal }),
  });

export function useSourceOrganizations(q: string, sourceEnv: string) {
  return useQuery({ ...sourceOrganizationsQuery(q, sourceEnv), placeholderData: keepPreviousData });
}

export const workspacesQuery = (f: WorkspacesFilter) =>
  queryOptions({
    queryKey: workflowImportKeys.workspaces(f),
    queryFn: ({ signal }) =>
      api(
        routes.workspaces,
        {
          params: { id: f.organizationId },
          query: {
            page: 1,
            limit: SEARCH_LIMIT,
            source: f.source ? '1' : '0',
            q: f.q || undefined,
            private: f.private === undefined ? undefined : f.private ? 'true' : 'false',
            sourceEnv: f.sourceEnv,
          },
        },
        { signal },
      ),
  });

export function useImportWorkspaces(f: WorkspacesFilter, enabled: boolean) {
  return useQuery({ ...workspacesQuery(f), enabled, placeholderData: keepPreviousData });
}

export const authorsQuery = (organizationId: string, workspaceId: string, q: string) =>
  queryOptions({
    queryKey: workflowImportKeys.authors(organizationId, workspaceId, q),
    queryFn: ({ signal }) =>
      api(
        routes.authors,
        { params: { id: organizationId, workspaceId }, query: { page: 1, limit: SEARCH_LIMIT, q: q || undefined } },
        { signal },
      ),
  });

export function useAuthors(organizationId: string, workspaceId: string, q: string) {
  return useQuery({ ...authorsQuery(organizationId, workspaceId, q), enabled: !!workspaceId, placeholderData: keepPreviousData });
}
