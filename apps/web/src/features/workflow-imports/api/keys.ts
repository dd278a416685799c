/** The query keys of workflow imports, from one factory: `workflowImportKeys.imports()` covers every import list and status. */

/** A workspaces look-up: a source organization's (read from `sourceEnv`) or the target's, of one privacy. */
export interface WorkspacesFilter {
  organizationId: string;
  source: boolean;
  q: string;
  private?: boolean;
  /** The environment a source organization is read from. */
  sourceEnv?: string;
}

export const workflowImportKeys = {
  all: ['workflow-imports'] as const,
  environments: () => [...workflowImportKeys.all, 'environments'] as const,
  sourceOrganizations: (sourceEnv: string, q: string) => [...workflowImportKeys.all, 'source-organizations', sourceEnv, q] as const,
  workspaces: (filter: WorkspacesFilter) => [...workflowImportKeys.all, 'workspaces', filter] as const,
  workflows: (sourceEnv: string, organizationId: string, workspaceId: string, q: string) =>
    [...workflowImportKeys.all, 'workflows', sourceEnv, organizationId, workspaceId, q] as const,
  authors: (organizationId: string, workspaceId: string, q: string) =>
    [...workflowImportKeys.all, 'authors', organizationId, workspaceId, q] as const,
  imports: () => [...workflowImportKeys.all, 'imports'] as const,
  list: (organizationId: string) => [...workflowImportKeys.imports(), organizationId, 'list'] as const,
  one: (organizationId: string, importId: string) => [...workflowImportKeys.imports(), organizationId, 'one', importId] as const,
};
