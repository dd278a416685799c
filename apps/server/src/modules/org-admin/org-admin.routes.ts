/**
 * Organization administration in the Super area (spec sections 2, 3, 5 and 7; decision 013):
 *   POST /organization                        create, with its first Organizational Admin
 *   PUT  /organization/{id}/clientKey          set the client key once
 *   GET  /organization/{id}/managers           its managers, paged
 *   POST /organization/{id}/managers           add a manager ({ pendingInvitation })
 *   POST /organization/{id}/managers/{managerId}/invitation  resend a manager's invitation
 *   GET  /organizationManagers/{id}            one manager (the manager page)
 * Staff only, enforced here: `read` reads, `update` changes.
 */
import {
  clientKeyBody,
  clientKeyResponse,
  managerCreateBody,
  managerCreateResponse,
  managerIdParams,
  managerInvitationParams,
  managerInvitationResponse,
  managerResponse,
  managersQuery,
  managersResponse,
  organizationCreateBody,
  organizationCreateResponse,
  organizationIdParams,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { requireStaff } from '../auth/guards.js';
import { createOrganizationsRepository } from '../organizations/organizations.repository.js';
import { createOrganizationsService } from '../organizations/organizations.service.js';
import { createOrgAdminRepository } from './org-admin.repository.js';
import { createOrgAdminService } from './org-admin.service.js';

export const orgAdminRoutes: ApiModule = async (app, { deps }) => {
  const { db } = deps.database;
  const organizations = createOrganizationsService({ db, repo: createOrganizationsRepository(db), clock: deps.clock });
  const service = createOrgAdminService({ app: deps, repo: createOrgAdminRepository(db), organizationView: organizations.get });
  const read = requireStaff('read');
  const update = requireStaff('update');

  app.post(
    '/organization',
    {
      onRequest: update,
      schema: { operationId: 'createOrganization', body: organizationCreateBody, response: { 201: organizationCreateResponse } },
    },
    async (request, reply) => reply.status(201).send(await service.createOrganization(request.auth!, request.body)),
  );
  app.put(
    '/organization/:id/clientKey',
    {
      onRequest: update,
      schema: { operationId: 'setClientKey', params: organizationIdParams, body: clientKeyBody, response: { 200: clientKeyResponse } },
    },
    (request) => service.setClientKey(request.auth!, request.params.id, request.body.clientKey),
  );
  app.get(
    '/organization/:id/managers',
    {
      onRequest: read,
      schema: {
        operationId: 'listOrganizationManagers',
        params: organizationIdParams,
        querystring: managersQuery,
        response: { 200: managersResponse },
      },
    },
    (request) => service.managers(request.params.id, request.query),
  );
  app.post(
    '/organization/:id/managers',
    {
      onRequest: update,
      schema: {
        operationId: 'createOrganizationManager',
        params: organizationIdParams,
        body: managerCreateBody,
        response: { 201: managerCreateResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addManager(request.auth!, request.params.id, request.body)),
  );
  app.post(
    '/organization/:id/managers/:managerId/invitation',
    {
      onRequest: update,
      schema: {
        operationId: 'resendOrganizationManagerInvitation',
        params: managerInvitationParams,
        response: { 200: managerInvitationResponse },
      },
    },
    (request) => service.resendInvitation(request.auth!, request.params.id, request.params.managerId),
  );
  app.get(
    '/organizationManagers/:id',
    { onRequest: read, schema: { operationId: 'getOrganizationManager', params: managerIdParams, response: { 200: managerResponse } } },
    async (request) => ({ manager: await service.manager(request.params.id) }),
  );
};
