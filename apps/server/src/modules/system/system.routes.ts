/** Public facts the web app needs before anyone signs in. */

import { publicAppConfig } from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { enabledSsoProviders } from '../auth/sso-config.js';

export const systemRoutes: ApiModule = async (app, { deps }) => {
  app.get('/app-config', { schema: { operationId: 'getAppConfig', response: { 200: publicAppConfig } } }, async () => ({
    productName: deps.config.PRODUCT_NAME,
    ssoProviders: enabledSsoProviders(deps.config),
  }));
};
