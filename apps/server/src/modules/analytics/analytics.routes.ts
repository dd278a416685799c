/**
 * Analytics reports (spec section 7: `GET /analytics-data-download` returns `urls`), for
 * Organizational Admins of their own organization. See docs/decisions/007-analytics-reports.md.
 */
import {
  analyticsDownloadQuery,
  analyticsDownloadResponse,
  analyticsFileParams,
  analyticsFileQuery,
  analyticsGenerationParams,
  analyticsGenerationResponse,
  analyticsGenerationView,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../http/csv.js';
import type { ApiModule } from '../../registry.js';
import { createUrlSigner, downloadUrlSecret } from '../../storage/signed-urls.js';
import { authOf, requireOrgAdmin } from '../auth/guards.js';
import { createAnalyticsService } from './analytics.service.js';

const tags = ['Analytics'];

export const analyticsRoutes: ApiModule = async (app, { deps }) => {
  const service = createAnalyticsService(deps, createUrlSigner(downloadUrlSecret(deps.config)));
  app.addHook('onRequest', requireOrgAdmin);

  app.get(
    '/analytics-data-download',
    {
      schema: {
        operationId: 'listAnalyticsReports',
        tags,
        description: 'The reports of your organization, newest first, each with a short-lived signed download url.',
        querystring: analyticsDownloadQuery,
        response: { 200: analyticsDownloadResponse },
      },
    },
    async (request) => service.list(authOf(request), request.query.prefix),
  );

  app.post(
    '/analytics-data-download',
    {
      schema: {
        operationId: 'generateAnalyticsReports',
        tags,
        description: 'Generates every report of your organization now (answers the generation already queued, if any).',
        response: { 202: analyticsGenerationResponse },
      },
    },
    async (request, reply) => reply.status(202).send({ generation: await service.generate(authOf(request)) }),
  );

  app.get(
    '/analytics-data-download/generations/latest',
    {
      schema: {
        operationId: 'getLatestAnalyticsGeneration',
        tags,
        response: { 200: z.object({ generation: analyticsGenerationView.nullable() }) },
      },
    },
    async (request) => ({ generation: await service.latestGeneration(authOf(request)) }),
  );

  app.get(
    '/analytics-data-download/generations/:id',
    {
      schema: {
        operationId: 'getAnalyticsGeneration',
        tags,
        params: analyticsGenerationParams,
        response: { 200: analyticsGenerationResponse },
      },
    },
    async (request) => ({ generation: await service.generation(authOf(request), request.params.id) }),
  );

  app.get(
    '/analytics-data-download/files/:id/:name',
    {
      schema: {
        operationId: 'downloadAnalyticsReport',
        tags,
        description: 'The CSV file of a signed url from the list (403 forged, 410 expired).',
        params: analyticsFileParams,
        querystring: analyticsFileQuery,
      },
    },
    async (request, reply) => {
      const file = await service.download(authOf(request), request.params, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(file.name))
        .header('content-length', String(file.sizeBytes))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
