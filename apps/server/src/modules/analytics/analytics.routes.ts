/**
 * Analytics reports (docs/product.md, "Analytics reports": `GET /analytics-data-download`
 * returns `urls`), for Organizational Admins of their own organization. See
 * docs/decisions/007-analytics-reports.md.
 */
import { analyticsRoutes as routes } from '@console/contracts';
import { attachment } from '../../http/csv.js';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const analyticsPlugin: ApiModule = async (app, { services: { analytics } }) => {
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.list, (request) => analytics.list(authOf(request), request.query.prefix));
  registerRoute(app, routes.generate, async (request) => ({ generation: await analytics.generate(authOf(request)) }));
  registerRoute(app, routes.latestGeneration, async (request) => ({ generation: await analytics.latestGeneration(authOf(request)) }));
  registerRoute(app, routes.generation, async (request) => ({
    generation: await analytics.generation(authOf(request), request.params.id),
  }));
  registerRoute(app, routes.download, async (request, reply) => {
    const file = await analytics.download(authOf(request), request.params, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(file.name))
      .header('content-length', String(file.sizeBytes))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
};
