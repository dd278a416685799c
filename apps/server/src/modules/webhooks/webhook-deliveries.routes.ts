/** The delivery log of the organization's webhooks and what sends again, for Organizational Admins. */
import { webhookDeliveryRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const webhookDeliveriesPlugin: ApiModule = async (app, { services: { webhookDeliveries } }) => {
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.list, (request) => webhookDeliveries.list(authOf(request), request.params.id, request.query));
  registerRoute(app, routes.sendTest, (request) => webhookDeliveries.sendTest(authOf(request), request.params.id));
  registerRoute(app, routes.request, (request) => webhookDeliveries.request(authOf(request), request.params.id, request.params.deliveryId));
  registerRoute(app, routes.retry, (request) => webhookDeliveries.retry(authOf(request), request.params.id, request.params.deliveryId));
  registerRoute(app, routes.resend, (request) => webhookDeliveries.resend(authOf(request), request.params.id, request.body.since));
};
