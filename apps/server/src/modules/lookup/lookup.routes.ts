/**
 * The Super area's look-ups (spec section 7: `GET user/{email}`, `GET workflow/{id}`,
 * `GET workflow/{id}/original-video`; decision 016 adds the name search and the signed
 * file): staff with `read` only, enforced here.
 */
import {
  originalVideoFileQuery,
  originalVideoResponse,
  userLookupParams,
  userLookupResponse,
  workflowIdParams,
  workflowLookupResponse,
  workflowsSearchQuery,
  workflowsSearchResponse,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { createUrlSigner, downloadUrlSecret } from '../../storage/signed-urls.js';
import { requireStaff } from '../auth/guards.js';
import { createLookupRepository } from './lookup.repository.js';
import { createLookupService } from './lookup.service.js';

const tags = ['Super'];

export const lookupRoutes: ApiModule = async (app, { deps }) => {
  const service = createLookupService({
    repo: createLookupRepository(deps.database.db),
    blobs: deps.blobs,
    signer: createUrlSigner(downloadUrlSecret(deps.config)),
    apiBasePath: deps.config.API_BASE_PATH,
    clock: deps.clock,
  });
  const read = requireStaff('read');

  app.get(
    '/user/:email',
    {
      onRequest: read,
      schema: {
        operationId: 'lookUpUser',
        tags,
        description: 'A user of any organization by e-mail (without case), with organization, inviter, groups and workspaces.',
        params: userLookupParams,
        response: { 200: userLookupResponse },
      },
    },
    (request) => service.user(request.params.email),
  );

  app.get(
    '/workflows',
    {
      onRequest: read,
      schema: {
        operationId: 'searchWorkflows',
        tags,
        description: 'Workflows of every organization whose title contains q (trimmed, without case), by title, 20 a page.',
        querystring: workflowsSearchQuery,
        response: { 200: workflowsSearchResponse },
      },
    },
    (request) => service.search(request.query),
  );

  app.get(
    '/workflow/:id',
    {
      onRequest: read,
      schema: { operationId: 'lookUpWorkflow', tags, params: workflowIdParams, response: { 200: workflowLookupResponse } },
    },
    (request) => service.workflow(request.params.id),
  );

  app.get(
    '/workflow/:id/original-video',
    {
      onRequest: read,
      schema: {
        operationId: 'getWorkflowOriginalVideo',
        tags,
        description: 'A short-lived signed link to the source video of the workflow.',
        params: workflowIdParams,
        response: { 200: originalVideoResponse },
      },
    },
    (request) => service.originalVideo(request.params.id),
  );

  app.get(
    '/workflow/:id/original-video/file',
    {
      onRequest: read,
      schema: {
        operationId: 'downloadWorkflowOriginalVideo',
        tags,
        description: 'The source video of a signed link (403 forged, 410 expired).',
        params: workflowIdParams,
        querystring: originalVideoFileQuery,
      },
    },
    async (request, reply) => {
      const file = await service.originalVideoFile(request.params.id, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
