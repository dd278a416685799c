/** The Provisioning screen's calls (docs/product.md, "Provisioning"), for Organizational Admins of their organization. */
import { provisioningRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const provisioningPlugin: ApiModule = async (app, { services: { provisioning } }) => {
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.get, (request) => provisioning.get(authOf(request)));
  registerRoute(app, routes.createToken, (request) => provisioning.createToken(authOf(request), request.body));
  registerRoute(app, routes.renameToken, (request) => provisioning.renameToken(authOf(request), request.params.id, request.body));
  registerRoute(app, routes.rollToken, (request) => provisioning.rollToken(authOf(request), request.params.id, request.body.gracePeriod));
  registerRoute(app, routes.revokeToken, (request) => provisioning.revokeToken(authOf(request), request.params.id));
  registerRoute(app, routes.updateConfig, (request) => provisioning.updateConfig(authOf(request), request.body));
  registerRoute(app, routes.updateManagesAdmins, (request) =>
    provisioning.updateManagesAdmins(authOf(request), request.body.managesAdmins),
  );
  registerRoute(app, routes.events, (request) => provisioning.events(authOf(request), request.query));
};
