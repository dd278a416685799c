/**
 * Workflow imports of the Super area (spec sections 2 and 7; decision 015): the look-ups of
 * the screen's searchers and the status for staff with `read`, scheduling for `update`.
 */
import {
  importAuthorsQuery,
  importAuthorsResponse,
  importWorkflowsQuery,
  importWorkflowsResponse,
  importWorkspacesQuery,
  importWorkspacesResponse,
  organizationIdParams,
  organizationWorkspaceParams,
  sourceEnvironmentsResponse,
  sourceOrganizationsQuery,
  sourceOrganizationsResponse,
  workflowImportBody,
  workflowImportDetailsResponse,
  workflowImportParams,
  workflowImportResponse,
  workflowImportsQuery,
  workflowImportsResponse,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { requireStaff } from '../auth/guards.js';
import { sourceEnvsOf } from './source-envs.js';
import { createWorkflowImportsService } from './workflow-imports.service.js';

export const workflowImportsRoutes: ApiModule = async (app, { deps }) => {
  const service = createWorkflowImportsService(deps);
  const read = requireStaff('read');
  const update = requireStaff('update');
  app.addHook('onClose', () => sourceEnvsOf(deps).close());

  app.get(
    '/workflow-import/environments',
    { onRequest: read, schema: { operationId: 'listSourceEnvironments', response: { 200: sourceEnvironmentsResponse } } },
    () => service.environments(),
  );

  // The spec's path ends with a slash; the same without it.
  for (const url of ['/organizations/source/', '/organizations/source']) {
    app.get(
      url,
      {
        onRequest: read,
        schema: {
          operationId: url.endsWith('/') ? 'listSourceOrganizations' : 'listSourceOrganizationsNoSlash',
          querystring: sourceOrganizationsQuery,
          response: { 200: sourceOrganizationsResponse },
        },
      },
      (request) => service.sourceOrganizations(request.query),
    );
  }
  app.get(
    '/organization/:id/workspaces',
    {
      onRequest: read,
      schema: {
        operationId: 'listOrganizationWorkspaces',
        params: organizationIdParams,
        querystring: importWorkspacesQuery,
        response: { 200: importWorkspacesResponse },
      },
    },
    (request) => service.workspaces(request.params.id, request.query),
  );
  app.get(
    '/organization/:id/workspace/:workspaceId/workflows',
    {
      onRequest: read,
      schema: {
        operationId: 'listWorkspaceWorkflows',
        params: organizationWorkspaceParams,
        querystring: importWorkflowsQuery,
        response: { 200: importWorkflowsResponse },
      },
    },
    (request) => service.workflows(request.params.id, request.params.workspaceId, request.query),
  );
  app.get(
    '/organization/:id/workspace/:workspaceId/authors',
    {
      onRequest: read,
      schema: {
        operationId: 'listWorkspaceAuthors',
        params: organizationWorkspaceParams,
        querystring: importAuthorsQuery,
        response: { 200: importAuthorsResponse },
      },
    },
    (request) => service.authors(request.params.id, request.params.workspaceId, request.query),
  );
  app.post(
    '/organization/:id/workspace/:workspaceId/workflows',
    {
      onRequest: update,
      schema: {
        operationId: 'scheduleWorkflowImport',
        params: organizationWorkspaceParams,
        body: workflowImportBody,
        response: { 202: workflowImportResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await service.schedule(request.auth!, request.params, request.body)),
  );
  app.get(
    '/organization/:id/workflow-imports',
    {
      onRequest: read,
      schema: {
        operationId: 'listWorkflowImports',
        params: organizationIdParams,
        querystring: workflowImportsQuery,
        response: { 200: workflowImportsResponse },
      },
    },
    (request) => service.list(request.params.id, request.query),
  );
  app.get(
    '/organization/:id/workflow-imports/:importId',
    {
      onRequest: read,
      schema: { operationId: 'getWorkflowImport', params: workflowImportParams, response: { 200: workflowImportDetailsResponse } },
    },
    (request) => service.get(request.params.id, request.params.importId),
  );
};
