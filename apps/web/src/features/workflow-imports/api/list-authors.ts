/** GET organization/{id}/workspace/{workspaceId}/authors?q: who may author the copies in the target workspace. */
import type { ImportAuthorView } from '@console/contracts/workflow-imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { SEARCH_LIMIT, workflowImportKey } from './keys';

export const authorsQuery = (organizationId: string, workspaceId: string, q: string) =>
  queryOptions({
    queryKey: [...workflowImportKey, 'authors', organizationId, workspaceId, q],
    queryFn: ({ signal }) =>
      http<{ authors: ImportAuthorView[]; total: number }>(
        `organization/${encodeURIComponent(organizationId)}/workspace/${encodeURIComponent(workspaceId)}/authors`,
        { query: { page: 1, limit: SEARCH_LIMIT, q: q || undefined }, signal },
      ),
  });

export function useAuthors(organizationId: string, workspaceId: string, q: string) {
  return useQuery({ ...authorsQuery(organizationId, workspaceId, q), enabled: !!workspaceId, placeholderData: keepPreviousData });
}
