/**
 * Verified domains (docs/product.md, "Single sign-on"): the caller's organization's, for its
 * Organizational Admins; any organization's in the Super area, read by staff and verified by
 * hand by staff who may change.
 */
import { domainRoutes as routes, organizationDomainRoutes as staffRoutes } from '@console/contracts';
import { authOf, requireOrgAdmin, requireStaff } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const domainsPlugin: ApiModule = async (app, { services: { domains } }) => {
  const admin = { onRequest: requireOrgAdmin };
  registerRoute(app, routes.list, (request) => domains.list(authOf(request)), admin);
  registerRoute(app, routes.claim, (request) => domains.claim(authOf(request), request.body), admin);
  registerRoute(app, routes.verify, (request) => domains.verify(authOf(request), request.params.id), admin);
  registerRoute(app, routes.remove, (request) => domains.remove(authOf(request), request.params.id), admin);

  registerRoute(app, staffRoutes.list, (request) => domains.organizationDomains(request.params.id), { onRequest: requireStaff('read') });
  registerRoute(app, staffRoutes.verify, (request) => domains.verifyByStaff(authOf(request), request.params.id, request.params.domainId), {
    onRequest: requireStaff('update'),
  });
};
