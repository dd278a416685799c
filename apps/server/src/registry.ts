/**
 * The composition root: the one place where the server is put together, once per app, from
 * its dependencies. Every repository (composition/repositories.ts), service, limiter and guard
 * is built by the builders of composition/, one per area, and joined here; route plugins and
 * jobs receive what they need (`services.accessKeys`) and none builds its own. Nothing below
 * imports this file or composition/ (decision 061): modules are given their services
 * (module-context.ts).
 *
 * A service factory takes one object of explicit, narrow dependencies (`db`, its
 * repository, `clock`, …); a repository factory takes `db` and every method takes an
 * optional executor last (`db: Db = root`), so a service can run it in its transaction.
 */
import { buildDomains } from './composition/domains.js';
import { buildIdentity } from './composition/identity.js';
import { buildImports } from './composition/imports.js';
import { buildIntegrationHealth } from './composition/integration-health.js';
import { buildIntegrations } from './composition/integrations.js';
import { buildOrganizations } from './composition/organizations.js';
import { createRepositories } from './composition/repositories.js';
import { buildRequestLog } from './composition/request-log.js';
import type { Wiring } from './composition/shared.js';
import { buildSsoConnections } from './composition/sso-connections.js';
import { buildWebhooks, subscribeToEvents } from './composition/webhooks.js';
import type { AppDeps } from './deps.js';
import { createMetrics } from './http/metrics.js';
import { signInRateLimit } from './http/rate-limit.js';
import { createEventsRetention } from './modules/events/events-retention.jobs.js';
import { createForeignEmailRule } from './modules/users/foreign-emails.js';
import { currentSourceEnvs } from './modules/workflow-imports/source-envs.js';
import { createUrlSigner, downloadUrlSecret } from './storage/signed-urls.js';

export function createServices(deps: AppDeps) {
  const { config, database, log, clock } = deps;
  const { db } = database;
  subscribeToEvents();
  const wiring: Wiring = {
    deps,
    db,
    repositories: createRepositories(db),
    metrics: createMetrics(database),
    downloadUrls: createUrlSigner(downloadUrlSecret(config)),
  };

  const requestLog = buildRequestLog(wiring);
  const identity = buildIdentity(wiring, { purgeRequestLog: () => requestLog.requestLog.purge() });
  // One rule for addresses of other organizations' users, whoever writes users: imports, SCIM, the external API (decision 020).
  const foreignEmails = createForeignEmailRule({
    db,
    counters: wiring.repositories.rateLimitHits,
    repo: wiring.repositories.foreignEmails,
    perDay: config.USER_IMPORT_FOREIGN_EMAILS_PER_DAY,
    clock,
    log,
  });
  // Workflow imports and the organizations list read other environments too (WORKFLOW_SOURCE_ENVS).
  const sourceEnvs = currentSourceEnvs(deps);
  const imports = buildImports(wiring, { foreignEmails, sourceEnvs });

  const organizations = buildOrganizations(wiring, { identity, sourceEnvs });
  const webhooks = buildWebhooks(wiring);
  const domains = buildDomains(wiring);
  const integrations = buildIntegrations(wiring, { identity, foreignEmails, userImports: imports.userImports });
  return {
    metrics: wiring.metrics,
    ...identity,
    // One per-IP budget for every sign-in route (console, SSO, the external API's token).
    signInRateLimit: signInRateLimit({ config, count: wiring.repositories.rateLimitHits.count, clock }),
    ...integrations,
    ...imports,
    ...organizations,
    ...webhooks,
    ...domains,
    ...requestLog,
    ...buildSsoConnections(wiring, { identity, domains: domains.domains }),
    // The dashboard's integration health, from the webhooks', provisioning's and events' own figures.
    ...buildIntegrationHealth({ ...webhooks, provisioning: integrations.provisioning, eventsTrail: organizations.eventsTrail }),
    // Hourly: events past each organization's retention, and their webhook deliveries with them (decision 053).
    eventsRetention: createEventsRetention({
      repo: wiring.repositories.eventsRetention,
      clock,
      config,
      retentionDays: () => organizations.organizationSettings.eventRetentionDays(),
      webhookDeliveriesBefore: webhooks.webhookDeliveries.deleteOrganizationDeliveriesBefore,
    }),
  };
}

declare module './module-context.js' {
  /** What modules and jobs are given is what this root builds: module-context.ts names the type without importing it. */
  interface Services extends ReturnType<typeof createServices> {}
}
