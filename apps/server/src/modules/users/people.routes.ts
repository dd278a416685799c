/** The People screen's calls (docs/product.md, "People"): the directory of the caller's organization, for its Organizational Admins, and a person's invitation sent again. */
import { peopleRoutes as routes } from '@console/contracts';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const peoplePlugin: ApiModule = async (app, { services: { people } }) => {
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.list, (request) => people.list(authOf(request), request.query));
  registerRoute(app, routes.get, (request) => people.get(authOf(request), request.params.id));
  registerRoute(app, routes.resendInvitation, (request) => people.resendInvitation(authOf(request), request.params.id));
};
