/** Where the Documentation screen links to: the external API's interactive reference. */
import { documentationUrlResponse, EXTERNAL_API_PREFIX } from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { requireOrgAdmin } from '../../http/auth.js';

export const documentationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { PUBLIC_URL, API_BASE_PATH } = deps.config;
  const documentationURL = `${PUBLIC_URL.replace(/\/$/, '')}${API_BASE_PATH}${EXTERNAL_API_PREFIX}/reference/`;
  app.get(
    '/settings/documentation',
    { onRequest: requireOrgAdmin, schema: { operationId: 'getDocumentationUrl', response: { 200: documentationUrlResponse } } },
    async () => ({ documentationURL }),
  );
};
