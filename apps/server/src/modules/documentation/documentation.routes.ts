/** Where the Documentation screen links to (docs/product.md, "Documentation"): the external API's interactive reference. */
import { documentationRoutes as routes } from '@console/contracts';
import { requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const documentationPlugin: ApiModule = async (app, { deps }) => {
  const { PUBLIC_URL, API_BASE_PATH } = deps.config;
  const documentationURL = `${PUBLIC_URL.replace(/\/$/, '')}${API_BASE_PATH}${routes.reference.path}`;
  registerRoute(app, routes.url, () => ({ documentationURL }), { onRequest: requireOrgAdmin });
};
