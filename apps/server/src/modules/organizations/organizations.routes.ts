/**
 * The Super area's organizations (docs/product.md, "Organizations" and "Organization
 * settings"): the list and one organization, creating, editing and disabling them, client
 * keys, managers and their invitations, settings and the import status. Staff only,
 * enforced here: `read` reads, `update` changes ("Roles and access").
 */
import { organizationRoutes as routes } from '@console/contracts';
import { authOf, requireStaff } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const organizationsPlugin: ApiModule = async (app, { services }) => {
  const { organizations, organizationManagers: managers, organizationSettings: settings } = services;
  const read = { onRequest: requireStaff('read') };
  const update = { onRequest: requireStaff('update') };

  registerRoute(app, routes.list, (request) => organizations.list(request.query), read);
  registerRoute(app, routes.planTypes, () => organizations.planTypes(), read);
  registerRoute(app, routes.get, (request) => organizations.get(request.params.id), read);
  registerRoute(app, routes.update, (request) => organizations.update(authOf(request), request.params.id, request.body), update);

  registerRoute(app, routes.create, (request) => organizations.createOrganization(authOf(request), request.body), update);
  registerRoute(
    app,
    routes.setClientKey,
    (request) => organizations.setClientKey(authOf(request), request.params.id, request.body.clientKey),
    update,
  );
  // Guarded like the set call it prepares: only staff who may set a key ask whether it is free.
  registerRoute(
    app,
    routes.clientKeyAvailability,
    (request) => organizations.clientKeyAvailability(request.params.id, request.query.clientKey),
    update,
  );
  registerRoute(app, routes.listManagers, (request) => managers.managers(request.params.id, request.query), read);
  registerRoute(app, routes.addManager, (request) => managers.addManager(authOf(request), request.params.id, request.body), update);
  registerRoute(
    app,
    routes.resendManagerInvitation,
    (request) => managers.resendInvitation(authOf(request), request.params.id, request.params.managerId),
    update,
  );
  registerRoute(app, routes.getManager, async (request) => ({ manager: await managers.manager(request.params.id) }), read);

  registerRoute(app, routes.verificationModels, () => settings.verificationModels(), read);
  registerRoute(app, routes.listSettings, (request) => settings.list(request.params.id), read);
  registerRoute(
    app,
    routes.changeSetting,
    (request) => settings.change(authOf(request), request.params.id, request.params.key, request.body.value),
    update,
  );
  registerRoute(app, routes.accessCounts, (request) => organizations.accessCounts(request.params.id), read);
  registerRoute(app, routes.importStatus, (request) => settings.importStatus(request.params.id), read);
};
