/** Webhook endpoints of the caller's organization (docs/product.md, "Webhooks"), for Organizational Admins. */
import { type RouteDef, webhookRoutes as routes } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';
import type { WebhooksService } from './webhooks.service.js';

/** The endpoints' calls, on the routes of whichever API has them: each route's schemas those of the console's own. */
export type WebhookEndpointRoutes = {
  [K in keyof typeof routes]: RouteDef &
    Pick<(typeof routes)[K], Extract<keyof (typeof routes)[K], 'params' | 'query' | 'body' | 'response'>>;
};

/**
 * The endpoints' calls answered by the webhooks service: the console's Webhooks screen's and
 * the external API's (`/v1/webhooks`) are the same calls on other paths.
 */
export function registerWebhookEndpoints(app: FastifyInstance, webhooks: WebhooksService, calls: WebhookEndpointRoutes): void {
  registerRoute(app, calls.list, (request) => webhooks.list(authOf(request), request.query));
  registerRoute(app, calls.create, (request) => webhooks.create(authOf(request), request.body));
  registerRoute(app, calls.get, (request) => webhooks.get(authOf(request), request.params.id));
  registerRoute(app, calls.update, (request) => webhooks.update(authOf(request), request.params.id, request.body));
  registerRoute(app, calls.remove, (request) => webhooks.remove(authOf(request), request.params.id));
  registerRoute(app, calls.roll, (request) => webhooks.roll(authOf(request), request.params.id, request.body.gracePeriod));
}

export const webhooksPlugin: ApiModule = async (app, { services: { webhooks } }) => {
  app.addHook('onRequest', requireOrgAdmin);
  registerWebhookEndpoints(app, webhooks, routes);
};
