/**
 * Workflow imports of the Super area (docs/product.md, "Workflow imports"; decision 015):
 * the look-ups of the screen's searchers and the status for staff with `read`, scheduling
 * for `update`.
 */
import { workflowImportRoutes as routes } from '@console/contracts';
import { authOf, requireStaff } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';
import { sourceEnvsOf } from './source-envs.js';

export const workflowImportsPlugin: ApiModule = async (app, { deps, services: { workflowImports } }) => {
  const read = { onRequest: requireStaff('read') };
  const update = { onRequest: requireStaff('update') };
  // The environments opened by this app's calls close with it.
  app.addHook('onClose', () => sourceEnvsOf(deps).close());

  registerRoute(app, routes.environments, () => workflowImports.environments(), read);
  registerRoute(app, routes.sourceOrganizations, (request) => workflowImports.sourceOrganizations(request.query), read);
  registerRoute(app, routes.sourceOrganizationsNoSlash, (request) => workflowImports.sourceOrganizations(request.query), read);
  registerRoute(app, routes.workspaces, (request) => workflowImports.workspaces(request.params.id, request.query), read);
  registerRoute(
    app,
    routes.workflows,
    (request) => workflowImports.workflows(request.params.id, request.params.workspaceId, request.query),
    read,
  );
  registerRoute(
    app,
    routes.authors,
    (request) => workflowImports.authors(request.params.id, request.params.workspaceId, request.query),
    read,
  );
  registerRoute(app, routes.schedule, (request) => workflowImports.schedule(authOf(request), request.params, request.body), update);
  registerRoute(app, routes.list, (request) => workflowImports.list(request.params.id, request.query), read);
  registerRoute(app, routes.get, (request) => workflowImports.get(request.params.id, request.params.importId), read);
};
