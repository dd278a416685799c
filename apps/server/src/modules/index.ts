/** The API's feature modules, each a Fastify plugin mounted under the API base path. */
import type { ApiModule } from '../module-context.js';
import { accessKeysPlugin } from './access-keys/access-keys.routes.js';
import { analyticsPlugin } from './analytics/analytics.routes.js';
import { authPlugin } from './auth/auth.routes.js';
import { sessionsPlugin } from './auth/sessions.routes.js';
import { ssoPlugin } from './auth/sso.routes.js';
import { documentationPlugin } from './documentation/documentation.routes.js';
import { domainsPlugin } from './domains/domains.routes.js';
import { eventsPlugin } from './events/events.routes.js';
import { externalApiPlugin } from './external-api/external-api.routes.js';
import { integrationHealthPlugin } from './integration-health/integration-health.routes.js';
import { lookupPlugin } from './lookup/lookup.routes.js';
import { organizationsPlugin } from './organizations/organizations.routes.js';
import { provisioningPlugin } from './provisioning/provisioning.routes.js';
import { scimPlugin } from './provisioning/scim.routes.js';
import { requestLogPlugin } from './request-log/request-log.routes.js';
import { ssoConnectionsPlugin } from './sso-connections/sso-connections.routes.js';
import { systemPlugin } from './system/system.routes.js';
import { userImportsPlugin } from './user-imports/user-imports.routes.js';
import { peoplePlugin } from './users/people.routes.js';
import { webhookDeliveriesPlugin } from './webhooks/webhook-deliveries.routes.js';
import { webhooksPlugin } from './webhooks/webhooks.routes.js';
import { workflowImportsPlugin } from './workflow-imports/workflow-imports.routes.js';

export const apiModules: ApiModule[] = [
  systemPlugin,
  authPlugin,
  sessionsPlugin,
  ssoPlugin,
  accessKeysPlugin,
  externalApiPlugin,
  documentationPlugin,
  userImportsPlugin,
  organizationsPlugin,
  analyticsPlugin,
  workflowImportsPlugin,
  lookupPlugin,
  scimPlugin,
  provisioningPlugin,
  peoplePlugin,
  eventsPlugin,
  requestLogPlugin,
  webhookDeliveriesPlugin,
  webhooksPlugin,
  domainsPlugin,
  ssoConnectionsPlugin,
  integrationHealthPlugin,
];
