/** The API's feature modules, each a Fastify plugin mounted under the API base path. */
import type { ApiModule } from '../module-context.js';
import { accessKeysRoutes } from './access-keys/access-keys.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { sessionsRoutes } from './auth/sessions.routes.js';
import { ssoRoutes } from './auth/sso.routes.js';
import { documentationRoutes } from './documentation/documentation.routes.js';
import { externalApiRoutes } from './external-api/external-api.routes.js';
import { lookupRoutes } from './lookup/lookup.routes.js';
import { organizationsRoutes } from './organizations/organizations.routes.js';
import { provisioningRoutes } from './provisioning/provisioning.routes.js';
import { scimRoutes } from './provisioning/scim.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { userImportRoutes } from './user-imports/user-imports.routes.js';
import { peopleRoutes } from './users/people.routes.js';
import { workflowImportsRoutes } from './workflow-imports/workflow-imports.routes.js';

export const apiModules: ApiModule[] = [
  systemRoutes,
  authRoutes,
  sessionsRoutes,
  ssoRoutes,
  accessKeysRoutes,
  externalApiRoutes,
  documentationRoutes,
  userImportRoutes,
  organizationsRoutes,
  analyticsRoutes,
  workflowImportsRoutes,
  lookupRoutes,
  scimRoutes,
  provisioningRoutes,
  peopleRoutes,
];
