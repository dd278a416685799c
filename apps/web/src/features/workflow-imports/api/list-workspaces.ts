/**
 * GET organization/{id}/workspaces?source=0|1[&q][&private]: a source organization's
 * workspaces (source=1), or the target's (source=0) filtered by the privacy of the source.
 */
import type { ImportWorkspaceView } from '@console/contracts/workflow-imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { SEARCH_LIMIT, workflowImportKey } from './keys';

export interface WorkspacesFilter {
  organizationId: string;
  source: boolean;
  q: string;
  private?: boolean;
  /** The environment a source organization is read from. */
  sourceEnv?: string;
}

export const workspacesQuery = (f: WorkspacesFilter) =>
  queryOptions({
    queryKey: [...workflowImportKey, 'workspaces', f],
    queryFn: ({ signal }) =>
      http<{ workspaces: ImportWorkspaceView[]; total: number }>(`organization/${encodeURIComponent(f.organizationId)}/workspaces`, {
        query: { page: 1, limit: SEARCH_LIMIT, source: f.source ? 1 : 0, q: f.q || undefined, private: f.private, sourceEnv: f.sourceEnv },
        signal,
      }),
  });

export function useImportWorkspaces(f: WorkspacesFilter, enabled: boolean) {
  return useQuery({ ...workspacesQuery(f), enabled, placeholderData: keepPreviousData });
}
