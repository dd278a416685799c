/** The Super area's organizations (spec sections 2 and 7): staff only, enforced here. */
import {
  organizationIdParams,
  organizationResponse,
  organizationsQuery,
  organizationsResponse,
  organizationUpdateBody,
  organizationUpdateResponse,
  planTypesResponse,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { requireStaff } from '../auth/guards.js';
import { createOrganizationsRepository } from './organizations.repository.js';
import { createOrganizationsService } from './organizations.service.js';

export const organizationsRoutes: ApiModule = async (app, { deps }) => {
  const { db } = deps.database;
  const service = createOrganizationsService({ db, repo: createOrganizationsRepository(db), clock: deps.clock });
  const read = requireStaff('read');
  const update = requireStaff('update');

  app.get(
    '/organizations',
    {
      onRequest: read,
      schema: { operationId: 'listOrganizations', querystring: organizationsQuery, response: { 200: organizationsResponse } },
    },
    (request) => service.list(request.query),
  );
  // A static segment: it wins over /organization/:id whatever the order.
  app.get(
    '/organization/planTypes',
    { onRequest: read, schema: { operationId: 'listPlanTypes', response: { 200: planTypesResponse } } },
    () => service.planTypes(),
  );
  app.get(
    '/organization/:id',
    { onRequest: read, schema: { operationId: 'getOrganization', params: organizationIdParams, response: { 200: organizationResponse } } },
    (request) => service.get(request.params.id),
  );
  app.put(
    '/organization/:id',
    {
      onRequest: update,
      schema: {
        operationId: 'updateOrganization',
        params: organizationIdParams,
        body: organizationUpdateBody,
        response: { 200: organizationUpdateResponse },
      },
    },
    (request) => service.update(request.auth!, request.params.id, request.body),
  );
};
