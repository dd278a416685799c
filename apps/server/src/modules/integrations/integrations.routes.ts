/** Access keys of the caller's organization (spec section 7), for Organizational Admins. */
import {
  integrationBody,
  integrationIdParams,
  integrationResponse,
  integrationsResponse,
  integrationWithKeyResponse,
  pageQuery,
  removedIntegrationResponse,
  rollIntegrationBody,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { requireOrgAdmin } from '../../http/auth.js';
import { createIntegrationsRepository } from './integrations.repository.js';
import { createIntegrationsService } from './integrations.service.js';

export const integrationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const service = createIntegrationsService({ db, repo: createIntegrationsRepository(db), clock: deps.clock, changes: deps.changes });
  app.addHook('onRequest', requireOrgAdmin);

  app.get(
    '/integrations',
    { schema: { operationId: 'listIntegrations', querystring: pageQuery, response: { 200: integrationsResponse } } },
    (request) => service.list(request.auth!, request.query),
  );
  app.post(
    '/integrations',
    { schema: { operationId: 'createIntegration', body: integrationBody, response: { 201: integrationWithKeyResponse } } },
    async (request, reply) => reply.status(201).send(await service.create(request.auth!, request.body)),
  );
  app.put(
    '/integration/:id',
    {
      schema: {
        operationId: 'updateIntegration',
        params: integrationIdParams,
        body: integrationBody,
        response: { 200: integrationResponse },
      },
    },
    (request) => service.update(request.auth!, request.params.id, request.body),
  );
  app.delete(
    '/integration/:id',
    { schema: { operationId: 'deleteIntegration', params: integrationIdParams, response: { 200: removedIntegrationResponse } } },
    (request) => service.remove(request.auth!, request.params.id),
  );
  app.post(
    '/integration/:id/roll',
    {
      schema: {
        operationId: 'rollIntegration',
        params: integrationIdParams,
        body: rollIntegrationBody,
        response: { 200: integrationWithKeyResponse },
      },
    },
    (request) => service.roll(request.auth!, request.params.id, request.body.gracePeriod),
  );
};
