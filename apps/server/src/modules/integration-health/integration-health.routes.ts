/**
 * The dashboard's integration health (docs/product.md, "Dashboard"), for Organizational Admins
 * of their own organization: the guard of the Webhooks, Provisioning and Audit trail screens,
 * whose figures it shows.
 */
import { integrationHealthRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const integrationHealthPlugin: ApiModule = async (app, { services: { integrationHealth } }) => {
  app.addHook('onRequest', requireOrgAdmin);
  registerRoute(app, routes.get, (request) => integrationHealth.get(authOf(request).organizationId));
};
