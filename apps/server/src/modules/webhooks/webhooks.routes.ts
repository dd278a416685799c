/** Webhook endpoints of the caller's organization (docs/product.md, "Webhooks"), for Organizational Admins. */
import { webhookRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const webhooksPlugin: ApiModule = async (app, { services: { webhooks } }) => {
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.list, (request) => webhooks.list(authOf(request), request.query));
  registerRoute(app, routes.create, (request) => webhooks.create(authOf(request), request.body));
  registerRoute(app, routes.get, (request) => webhooks.get(authOf(request), request.params.id));
  registerRoute(app, routes.update, (request) => webhooks.update(authOf(request), request.params.id, request.body));
  registerRoute(app, routes.remove, (request) => webhooks.remove(authOf(request), request.params.id));
  registerRoute(app, routes.roll, (request) => webhooks.roll(authOf(request), request.params.id, request.body.gracePeriod));
};
