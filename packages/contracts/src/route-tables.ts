/**
 * Every route table of the contracts, under its export name: suites that must cover every
 * call (the request fuzzer, the request-text check) read them from here, and a test checks
 * that no exported `…Routes` table is missing, so a new call cannot escape them.
 */
import { accessKeyRoutes } from './access-keys.js';
import { analyticsRoutes } from './analytics.js';
import { appConfigRoutes } from './app-config.js';
import { authRoutes, sessionRoutes, ssoRoutes } from './auth.js';
import { domainRoutes, organizationDomainRoutes } from './domains.js';
import { eventRoutes } from './events.js';
import { documentationRoutes, externalApiRoutes } from './external-api.js';
import { integrationHealthRoutes } from './integration-health.js';
import { lookupRoutes } from './lookup.js';
import { organizationRoutes } from './organizations.js';
import { peopleRoutes } from './people.js';
import { provisioningRoutes } from './provisioning.js';
import { requestLogRoutes } from './request-log.js';
import type { RouteDef } from './route.js';
import { ssoConnectionRoutes, ssoConnectionSignInRoutes, staffSsoConnectionRoutes } from './sso-connections.js';
import { userImportRoutes } from './user-imports.js';
import { webhookDeliveryRoutes, webhookRoutes } from './webhooks.js';
import { workflowImportRoutes } from './workflow-imports.js';

export const routeTables = {
  accessKeyRoutes,
  analyticsRoutes,
  appConfigRoutes,
  authRoutes,
  sessionRoutes,
  ssoRoutes,
  ssoConnectionRoutes,
  ssoConnectionSignInRoutes,
  staffSsoConnectionRoutes,
  documentationRoutes,
  domainRoutes,
  organizationDomainRoutes,
  eventRoutes,
  externalApiRoutes,
  integrationHealthRoutes,
  lookupRoutes,
  organizationRoutes,
  peopleRoutes,
  provisioningRoutes,
  requestLogRoutes,
  userImportRoutes,
  webhookDeliveryRoutes,
  webhookRoutes,
  workflowImportRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

/** Every call, with its table and name (`organizationRoutes.update`). */
export function allRoutes(): { name: string; def: RouteDef }[] {
  return Object.entries(routeTables).flatMap(([table, defs]) =>
    Object.entries(defs as Record<string, RouteDef>).map(([key, def]) => ({ name: `${table}.${key}`, def })),
  );
}
