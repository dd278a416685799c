/**
 * The Super area's look-ups (docs/product.md, "Look-up"; decision 016 adds the name search
 * and the signed file): staff with `read` only, enforced here.
 */
import { lookupRoutes as routes } from '@console/contracts';
import { requireStaff } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import { MEDIA_DOCUMENT_CSP } from '../../http/security-headers.js';
import type { ApiModule } from '../../module-context.js';

export const lookupPlugin: ApiModule = async (app, { services: { lookup } }) => {
  app.addHook('onRequest', requireStaff('read'));

  registerRoute(app, routes.user, (request) => lookup.user(request.params.email));
  registerRoute(app, routes.searchUsers, (request) => lookup.users(request.query));
  registerRoute(app, routes.searchWorkflows, (request) => lookup.search(request.query));
  registerRoute(app, routes.workflow, (request) => lookup.workflow(request.params.id));
  registerRoute(app, routes.originalVideo, (request) => lookup.originalVideo(request.params.id));
  registerRoute(app, routes.originalVideoFile, async (request, reply) => {
    const file = await lookup.originalVideoFile(request.params.id, request.query);
    // Not the API's `default-src 'none'`: that keeps the browser's video page from playing it.
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', MEDIA_DOCUMENT_CSP)
      .send(file.stream);
  });
};
