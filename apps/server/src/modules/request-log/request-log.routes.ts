/**
 * The Request log screen's calls (docs/product.md, "Request log"): an Organizational Admin
 * reads their own organization's calls of the external API. The same reads through the API
 * (`GET /v1/requests`) are registered by the external API's module, which asks this module's
 * service; so is the hook that records the calls.
 */
import { requestLogRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const requestLogPlugin: ApiModule = async (app, { services: { requestLog } }) => {
  const ownOrganization = { onRequest: requireOrgAdmin };
  registerRoute(app, routes.list, (request) => requestLog.list(authOf(request).organizationId, request.query), ownOrganization);
  registerRoute(app, routes.get, (request) => requestLog.get(authOf(request).organizationId, request.params.id), ownOrganization);
};
