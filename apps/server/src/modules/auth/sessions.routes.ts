/**
 * A person's open sessions (device, last activity) and revoking one ("sign out that
 * device"). Organizational Admins may do the same for users of their own organization.
 */
import { sessionRoutes as routes } from '@console/contracts';
import { authOf, requireSignedIn } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const sessionsPlugin: ApiModule = async (app, { services: { sessions } }) => {
  app.addHook('onRequest', requireSignedIn);

  registerRoute(app, routes.list, (request) => sessions.list(authOf(request), request.query.userId));
  registerRoute(app, routes.revoke, (request) => sessions.revoke(authOf(request), request.params.id));
};
