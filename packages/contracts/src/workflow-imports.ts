/**
 * Workflow imports of the Super area (docs/product.md, "Workflow imports"): staff copy
 * workflows of a source organization's workspace (in this installation or another
 * environment) into a workspace of a target organization, with a chosen author. The
 * look-ups are paged by 20 with a "contains" name filter; the import runs in the
 * background, item by item. See docs/decisions/015-workflow-imports.md.
 */
import { z } from 'zod';
import { organizationIdParams } from './organizations.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { DEFAULT_SOURCE_ENV, sourceEnvName as envName } from './source-envs.js';
import { text } from './text.js';

export { DEFAULT_SOURCE_ENV };
/** Workflows one import may copy. */
export const WORKFLOW_IMPORT_MAX_WORKFLOWS = 500;
/** Organization roles that may author a workflow. */
export const WORKFLOW_AUTHOR_ROLES = ['org_admin', 'workspace_admin', 'publisher'] as const;

/** Processing stages of a workflow (docs/product.md, "Workflow imports"); `published` is a workflow that is done. */
export const WORKFLOW_PROCESSING_STAGES = ['copy', 'segmentation', 'step_editing', 'uploading', 'workflow_editing', 'published'] as const;
export type WorkflowProcessingStage = (typeof WORKFLOW_PROCESSING_STAGES)[number];

const nameFilter = text().trim().max(200).optional().describe('Part of the name, compared without case');

/** GET organizations/source/: organizations workflows can be imported from (active ones). */
export const sourceOrganizationsQuery = pageQuery.extend({
  q: nameFilter,
  sourceEnv: envName,
  organizationId: z.uuid().optional().describe('Only this organization (to show one chosen before)'),
});
export type SourceOrganizationsQuery = z.infer<typeof sourceOrganizationsQuery>;

export const sourceOrganizationView = z.object({ id: z.uuid(), name: z.string() });
export type SourceOrganizationView = z.infer<typeof sourceOrganizationView>;
export const sourceOrganizationsResponse = z.object({ organizations: z.array(sourceOrganizationView), total: z.number().int() });

export const organizationWorkspaceParams = z.object({ id: z.uuid(), workspaceId: z.uuid() });
export const workflowImportParams = z.object({ id: z.uuid(), importId: z.uuid() });

/** GET organization/{id}/workspaces: source=1 reads the source environment, source=0 (default) the target one. */
export const importWorkspacesQuery = pageQuery.extend({
  q: nameFilter,
  source: z.enum(['0', '1']).default('0').describe('1: a source organization (read from sourceEnv); 0: a target one (targetEnv)'),
  sourceEnv: envName,
  targetEnv: envName,
  private: z.enum(['true', 'false']).optional().describe('Only private (true) or public (false) workspaces'),
});
export type ImportWorkspacesQuery = z.infer<typeof importWorkspacesQuery>;

export const importWorkspaceView = z.object({
  id: z.uuid(),
  name: z.string(),
  workspaceGroupName: z.string().nullable(),
  private: z.boolean(),
});
export type ImportWorkspaceView = z.infer<typeof importWorkspaceView>;
export const importWorkspacesResponse = z.object({ workspaces: z.array(importWorkspaceView), total: z.number().int() });

export const importWorkflowsQuery = pageQuery.extend({ q: nameFilter, sourceEnv: envName });
export type ImportWorkflowsQuery = z.infer<typeof importWorkflowsQuery>;

export const importWorkflowItem = z.object({
  id: z.uuid(),
  title: z.string(),
  stage: z.enum(WORKFLOW_PROCESSING_STAGES),
  stepsCount: z.number().int(),
  hasSourceVideo: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
});
export type ImportWorkflowItem = z.infer<typeof importWorkflowItem>;
export const importWorkflowsResponse = z.object({ workflows: z.array(importWorkflowItem), total: z.number().int() });

export const importAuthorsQuery = pageQuery.extend({ q: text().trim().max(200).optional().describe('Part of the name or e-mail') });
export type ImportAuthorsQuery = z.infer<typeof importAuthorsQuery>;
export const importAuthorView = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  role: z.enum(WORKFLOW_AUTHOR_ROLES),
});
export type ImportAuthorView = z.infer<typeof importAuthorView>;
export const importAuthorsResponse = z.object({ authors: z.array(importAuthorView), total: z.number().int() });

/**
 * The messages of the form's fields (keys the web app translates): each missing field has
 * its own (docs/product.md, "Workflow imports").
 */
export const workflowImportFieldMessages = {
  sourceOrganizationId: 'sourceOrganizationRequired',
  sourceWorkspaceId: 'sourceWorkspaceRequired',
  workflows: 'workflowsRequired',
  targetOrganizationId: 'targetOrganizationRequired',
  targetWorkspaceId: 'targetWorkspaceRequired',
  targetAuthorId: 'targetAuthorRequired',
} as const;
export type WorkflowImportFieldMessage = (typeof workflowImportFieldMessages)[keyof typeof workflowImportFieldMessages];

const requiredId = (message: string) => z.uuid({ error: message });

/** POST organization/{targetOrgId}/workspace/{targetWorkspaceId}/workflows. */
export const workflowImportBody = z.object({
  sourceOrganizationId: requiredId(workflowImportFieldMessages.sourceOrganizationId),
  sourceWorkspaceId: requiredId(workflowImportFieldMessages.sourceWorkspaceId),
  workflows: z
    .array(z.uuid({ error: 'workflowInvalid' }), { error: workflowImportFieldMessages.workflows })
    .min(1, workflowImportFieldMessages.workflows)
    .max(WORKFLOW_IMPORT_MAX_WORKFLOWS, 'tooManyWorkflows')
    .describe(`Ids of the source workspace's workflows, at most ${WORKFLOW_IMPORT_MAX_WORKFLOWS}`),
  targetOrganizationId: requiredId(workflowImportFieldMessages.targetOrganizationId).describe('Must be the path’s organization'),
  targetWorkspaceId: requiredId(workflowImportFieldMessages.targetWorkspaceId).describe('Must be the path’s workspace'),
  targetAuthorId: requiredId(workflowImportFieldMessages.targetAuthorId).describe(
    'A user of the target organization who may author (org_admin, workspace_admin or publisher)',
  ),
  sourceEnv: envName,
});
export type WorkflowImportBody = z.infer<typeof workflowImportBody>;
/** The screen's form: the same fields; the target organization is the screen's. */
export type WorkflowImportForm = z.input<typeof workflowImportBody>;

export const WORKFLOW_IMPORT_STATUSES = ['processing', 'completed', 'error'] as const;
export type WorkflowImportStatus = (typeof WORKFLOW_IMPORT_STATUSES)[number];
export const WORKFLOW_IMPORT_ITEM_STATUSES = ['scheduled', 'pending', 'completed', 'failed'] as const;
export type WorkflowImportItemStatus = (typeof WORKFLOW_IMPORT_ITEM_STATUSES)[number];

export const workflowImportCounts = z.object({
  total: z.number().int(),
  remaining: z.number().int().describe('scheduled + pending'),
  completed: z.number().int(),
  scheduled: z.number().int().describe('Not tried yet'),
  pending: z.number().int().describe('Tried, to be tried again'),
  failed: z.number().int(),
});
export type WorkflowImportCounts = z.infer<typeof workflowImportCounts>;

export const workflowImportView = z.object({
  id: z.uuid(),
  status: z.enum(WORKFLOW_IMPORT_STATUSES).describe('processing while items remain; error when finished with failed items'),
  sourceEnv: z.string(),
  sourceOrganizationId: z.uuid(),
  sourceOrganizationName: z.string().nullable(),
  sourceWorkspaceId: z.uuid(),
  sourceWorkspaceName: z.string().nullable(),
  targetOrganizationId: z.uuid(),
  targetWorkspaceId: z.uuid(),
  targetWorkspaceName: z.string(),
  targetAuthorId: z.uuid(),
  targetAuthorName: z.string(),
  createdBy: z.string().nullable().describe('Display name of the staff member who scheduled it'),
  createdAt: z.string().describe('ISO 8601'),
  finishedAt: z.string().nullable(),
  counts: workflowImportCounts,
});
export type WorkflowImportView = z.infer<typeof workflowImportView>;

export const workflowImportItemView = z.object({
  sourceWorkflowId: z.uuid(),
  title: z.string().nullable().describe("The source workflow's title (null if it no longer exists)"),
  status: z.enum(WORKFLOW_IMPORT_ITEM_STATUSES),
  workflowId: z.uuid().nullable().describe('The copy in the target workspace, once completed'),
  failedReason: z.string().nullable(),
  attempts: z.number().int(),
});
export type WorkflowImportItemView = z.infer<typeof workflowImportItemView>;

export const workflowImportResponse = z.object({ workflowImport: workflowImportView });
export const workflowImportDetailsResponse = z.object({
  workflowImport: workflowImportView.extend({ items: z.array(workflowImportItemView) }),
});
export const workflowImportsQuery = pageQuery;
export const sourceEnvironmentsResponse = z.object({
  environments: z.array(z.string()).describe(`Environments workflows can be imported from; "${DEFAULT_SOURCE_ENV}" first`),
});
export const workflowImportsResponse = z.object({ workflowImports: z.array(workflowImportView), total: z.number().int() });

export const workflowImportErrorCodes = {
  sourceEnvUnknown: 'SOURCE_ENV_UNKNOWN',
  sourceOrganizationUnknown: 'WORKFLOW_IMPORT_SOURCE_ORGANIZATION_UNKNOWN',
  sourceWorkspaceUnknown: 'WORKFLOW_IMPORT_SOURCE_WORKSPACE_UNKNOWN',
  targetMismatch: 'WORKFLOW_IMPORT_TARGET_MISMATCH',
  targetWorkspaceUnknown: 'WORKFLOW_IMPORT_TARGET_WORKSPACE_UNKNOWN',
  sameWorkspace: 'WORKFLOW_IMPORT_SAME_WORKSPACE',
  privacyMismatch: 'WORKFLOW_IMPORT_PRIVACY_MISMATCH',
  authorInvalid: 'WORKFLOW_IMPORT_AUTHOR_INVALID',
  workflowsUnknown: 'WORKFLOW_IMPORT_WORKFLOWS_UNKNOWN',
  workspaceNotFound: 'WORKSPACE_NOT_FOUND',
  importNotFound: 'WORKFLOW_IMPORT_NOT_FOUND',
} as const;

export const workflowImportErrorMessages = {
  sourceEnvUnknown: 'This source environment is not configured.',
  sourceOrganizationUnknown: 'The source organization was not found.',
  sourceWorkspaceUnknown: 'The source workspace is not a workspace of the source organization.',
  targetMismatch: 'The target organization and workspace of the body must be those of the path.',
  targetWorkspaceUnknown: 'The target workspace is not a workspace of the target organization.',
  sameWorkspace: 'The source and target workspaces must differ.',
  privacyMismatch: 'Workflows from a private workspace go only to a private workspace, and public to public.',
  authorInvalid: 'The author must be an enabled user of the target organization who may author workflows.',
  workflowsUnknown: 'Some workflows are not in the source workspace.',
  workspaceNotFound: 'This workspace was not found.',
  importNotFound: 'This workflow import was not found.',
} as const;

/** Reasons an item failed, as the job writes them. */
export const workflowImportFailedReasons = {
  sourceGone: 'The source workflow no longer exists in the source workspace.',
  organizationDisabled: 'The target organization was disabled.',
  sourceEnvGone: 'The source environment is no longer configured.',
} as const;

/**
 * The calls of workflow imports (docs/product.md, "Workflow imports"): the look-ups of the
 * screen's searchers and the status for staff with `read`, scheduling for `update`.
 */
export const workflowImportRoutes = {
  environments: route({
    method: 'GET',
    path: '/workflow-import/environments',
    operationId: 'listSourceEnvironments',
    response: sourceEnvironmentsResponse,
  }),
  sourceOrganizations: route({
    method: 'GET',
    // The spec's path ends with a slash; `sourceOrganizationsNoSlash` is the same without it.
    path: '/organizations/source/',
    operationId: 'listSourceOrganizations',
    query: sourceOrganizationsQuery,
    response: sourceOrganizationsResponse,
  }),
  sourceOrganizationsNoSlash: route({
    method: 'GET',
    path: '/organizations/source',
    operationId: 'listSourceOrganizationsNoSlash',
    query: sourceOrganizationsQuery,
    response: sourceOrganizationsResponse,
  }),
  workspaces: route({
    method: 'GET',
    path: '/organization/:id/workspaces',
    operationId: 'listOrganizationWorkspaces',
    params: organizationIdParams,
    query: importWorkspacesQuery,
    response: importWorkspacesResponse,
  }),
  workflows: route({
    method: 'GET',
    path: '/organization/:id/workspace/:workspaceId/workflows',
    operationId: 'listWorkspaceWorkflows',
    params: organizationWorkspaceParams,
    query: importWorkflowsQuery,
    response: importWorkflowsResponse,
  }),
  authors: route({
    method: 'GET',
    path: '/organization/:id/workspace/:workspaceId/authors',
    operationId: 'listWorkspaceAuthors',
    params: organizationWorkspaceParams,
    query: importAuthorsQuery,
    response: importAuthorsResponse,
  }),
  schedule: route({
    method: 'POST',
    path: '/organization/:id/workspace/:workspaceId/workflows',
    operationId: 'scheduleWorkflowImport',
    params: organizationWorkspaceParams,
    body: workflowImportBody,
    response: workflowImportResponse,
    status: 202,
  }),
  list: route({
    method: 'GET',
    path: '/organization/:id/workflow-imports',
    operationId: 'listWorkflowImports',
    params: organizationIdParams,
    query: workflowImportsQuery,
    response: workflowImportsResponse,
  }),
  get: route({
    method: 'GET',
    path: '/organization/:id/workflow-imports/:importId',
    operationId: 'getWorkflowImport',
    params: workflowImportParams,
    response: workflowImportDetailsResponse,
  }),
};
