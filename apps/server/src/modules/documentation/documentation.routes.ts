/** Where the Documentation screen links to: the external API's interactive reference. */
import { documentationUrlResponse, EXTERNAL_API_PREFIX } from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { requireOrgAdmin } from '../auth/guards.js';

export const documentationRoutes: ApiModule = async (app, { deps }) => {
  const { PUBLIC_URL, API_BASE_PATH } = deps.config;
  const documentationURL = `${PUBLIC_URL.replace(/\/$/, '')}${API_BASE_PATH}${EXTERNAL_API_PREFIX}/reference/`;
  app.get(
    '/settings/documentation',
    { onRequest: requireOrgAdmin, schema: { operationId: 'getDocumentationUrl', response: { 200: documentationUrlResponse } } },
    async () => ({ documentationURL }),
  );
};
