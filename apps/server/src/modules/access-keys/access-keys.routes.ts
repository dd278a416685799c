/** Access keys of the caller's organization (docs/product.md, "Access keys"), for Organizational Admins. */
import { accessKeyRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const accessKeysPlugin: ApiModule = async (app, { services: { accessKeys } }) => {
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.list, (request) => accessKeys.list(authOf(request), request.query));
  registerRoute(app, routes.create, (request) => accessKeys.create(authOf(request), request.body));
  registerRoute(app, routes.update, (request) => accessKeys.update(authOf(request), request.params.id, request.body));
  registerRoute(app, routes.remove, (request) => accessKeys.remove(authOf(request), request.params.id));
  registerRoute(app, routes.roll, (request) => accessKeys.roll(authOf(request), request.params.id, request.body.gracePeriod));
};
