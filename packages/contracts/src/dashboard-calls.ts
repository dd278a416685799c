/**
 * The calls the dashboard's cards make: their method, path and operation id, without the
 * schemas. The route tables spread these, so the two cannot differ, and the web app's cards call
 * through `dashboardRoutes`: the page an admin lands on after signing in loads no zod, as the
 * pages an e-mail opens do not (`firstPageCalls`, auth-constants.ts; bench/README.md, Lighthouse).
 */
import type { accessKeyRoutes } from './access-keys.js';
import type { analyticsRoutes } from './analytics.js';
import type { documentationRoutes } from './external-api.js';
import type { integrationHealthRoutes } from './integration-health.js';
import type { userImportRoutes } from './user-imports.js';

export const dashboardCalls = {
  integrationHealth: { method: 'GET', path: '/integration-health', operationId: 'getIntegrationHealth' },
  userImports: { method: 'GET', path: '/user-imports', operationId: 'listUserImports' },
  accessKeys: { method: 'GET', path: '/integrations', operationId: 'listIntegrations' },
  analyticsReports: { method: 'GET', path: '/analytics-data-download', operationId: 'listAnalyticsReports' },
  documentationUrl: { method: 'GET', path: '/settings/documentation', operationId: 'getDocumentationUrl' },
} as const;

/**
 * The same objects typed as their complete definitions, for the web's `api()`, which reads
 * only the method and the path: the types come from the route tables, the schemas stay out of
 * the bundle.
 */
export const dashboardRoutes = dashboardCalls as unknown as {
  integrationHealth: typeof integrationHealthRoutes.get;
  userImports: typeof userImportRoutes.list;
  accessKeys: typeof accessKeyRoutes.list;
  analyticsReports: typeof analyticsRoutes.list;
  documentationUrl: typeof documentationRoutes.url;
};
