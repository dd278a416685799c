/**
 * The one wiring place: every repository and service of the server is built here, once
 * per app, from the app's dependencies. Route plugins and jobs receive what they need from
 * it (`services.accessKeys`); none builds its own.
 *
 * A service factory takes one object of explicit, narrow dependencies (`db`, its
 * repository, `clock`, …); a repository factory takes `db` and every method takes an
 * optional executor last (`db: Db = root`), so a service can run it in its transaction.
 */
import { WEBHOOK_TESTS_PER_MINUTE } from '@console/contracts';
import { onCommit } from './db/committed.js';
import { orgCacheOn } from './db/org-cache.js';
import { createRateLimitHitsRepository } from './db/rate-limit-hits.repository.js';
import type { AppDeps } from './deps.js';
import { createMetrics } from './http/metrics.js';
import { createRateLimiter, signInRateLimit } from './http/rate-limit.js';
import { createAccessKeyAuthenticator } from './modules/access-keys/access-key-auth.js';
import { createAccessKeysRepository } from './modules/access-keys/access-keys.repository.js';
import { type AccessKeysPage, createAccessKeysService } from './modules/access-keys/access-keys.service.js';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { createAnalyticsReports } from './modules/analytics/generate.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createInvitationsService } from './modules/auth/invitations.service.js';
import {
  createPasswordResetService,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_PER_SOURCE,
  PASSWORD_RESET_WINDOW_MS,
} from './modules/auth/password-reset.service.js';
import { createSessionsRepository, type SessionPrincipal } from './modules/auth/sessions.repository.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createSignInLinksService } from './modules/auth/sign-in-links.service.js';
import { createSsoRepository } from './modules/auth/sso.repository.js';
import { createSsoService } from './modules/auth/sso.service.js';
import { enabledSsoProviders } from './modules/auth/sso-config.js';
import { createUserTokensRepository } from './modules/auth/user-tokens.repository.js';
import { createEventsTrailRepository } from './modules/events/events-trail.repository.js';
import { createEventsTrailService } from './modules/events/events-trail.service.js';
import { createBearerUsers, createExternalApiGuard } from './modules/external-api/external-api.auth.js';
import { createExternalApiCaches } from './modules/external-api/external-api.cache.js';
import { createExternalApiRepository } from './modules/external-api/external-api.repository.js';
import { createExternalApiService } from './modules/external-api/external-api.service.js';
import { createApiUsersService } from './modules/external-api/users.service.js';
import { createLookupRepository } from './modules/lookup/lookup.repository.js';
import { createLookupService } from './modules/lookup/lookup.service.js';
import { createOrganizationManagersRepository } from './modules/organizations/organization-managers.repository.js';
import { createOrganizationManagersService } from './modules/organizations/organization-managers.service.js';
import { createOrganizationSettingsRepository } from './modules/organizations/organization-settings.repository.js';
import { createOrganizationSettingsService } from './modules/organizations/organization-settings.service.js';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';
import { createProvisioningRepository } from './modules/provisioning/provisioning.repository.js';
import { createProvisioningService } from './modules/provisioning/provisioning.service.js';
import { createScimGuard } from './modules/provisioning/scim.auth.js';
import { createScimEvents } from './modules/provisioning/scim.writes.js';
import { createScimGroupsRepository } from './modules/provisioning/scim-groups.repository.js';
import { createScimGroupsService } from './modules/provisioning/scim-groups.service.js';
import { createScimUsersRepository } from './modules/provisioning/scim-users.repository.js';
import { createScimUsersService } from './modules/provisioning/scim-users.service.js';
import { createUserImportPipeline } from './modules/user-imports/pipeline.js';
import { createForeignEmailBound } from './modules/user-imports/set-based/foreign-emails.js';
import { createUserImportErrorsRepository } from './modules/user-imports/user-import-errors.repository.js';
import { createUserImportInvitationsRepository } from './modules/user-imports/user-import-invitations.repository.js';
import { createUserImportLeasesRepository } from './modules/user-imports/user-import-leases.repository.js';
import { createUserImportRowsRepository } from './modules/user-imports/user-import-rows.repository.js';
import { createUserImportsRepository } from './modules/user-imports/user-imports.repository.js';
import { createUserImportService, type UserImportsPage } from './modules/user-imports/user-imports.service.js';
import { createForeignEmailRule } from './modules/users/foreign-emails.js';
import { createPeopleRepository } from './modules/users/people.repository.js';
import { createPeopleService } from './modules/users/people.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { isPublicAddress } from './modules/webhooks/address-policy.js';
import { createWebhookDeliveriesRepository } from './modules/webhooks/webhook-deliveries.repository.js';
import { createWebhookDeliveriesService } from './modules/webhooks/webhook-deliveries.service.js';
import { createWebhookDeliverer } from './modules/webhooks/webhook-delivery.js';
import { createWebhookHealing } from './modules/webhooks/webhook-healing.js';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import { createWorkflowImportRunner } from './modules/workflow-imports/run.js';
import { currentSourceEnvs } from './modules/workflow-imports/source-envs.js';
import { createWorkflowCopyRepository } from './modules/workflow-imports/workflow-copy.repository.js';
import { createWorkflowImportItemsRepository } from './modules/workflow-imports/workflow-import-items.repository.js';
import { createWorkflowImportPickersRepository } from './modules/workflow-imports/workflow-import-pickers.repository.js';
import { createWorkflowImportsRepository } from './modules/workflow-imports/workflow-imports.repository.js';
import { createWorkflowImportsService } from './modules/workflow-imports/workflow-imports.service.js';
import { createUrlSigner, downloadUrlSecret } from './storage/signed-urls.js';

export function createServices(deps: AppDeps) {
  const { config, database, blobs, jobs, log, clock, idTokens, mailer } = deps;
  const { db } = database;
  // After a transaction that recorded events commits, this process's caches forget what they name (an
  // organization, the imports) at once (db/committed.ts, modules/events/record.ts); other processes when
  // the change feed tells. `deps.changes` is read when told: the app starts its feed after the deps are made.
  onCommit(db, (scopes) => {
    for (const scope of scopes) deps.changes?.changed(scope);
  });
  // Short-lived signed links to files (analytics reports, source videos).
  const downloadUrls = createUrlSigner(downloadUrlSecret(config));
  // This process's Prometheus registry (http/metrics.ts): GET /metrics reads it, the import pipeline counts into it.
  const metrics = createMetrics(database);

  const repositories = {
    // The shared counters of every rate limit (rate_limit_hits): each limiter below counts through it.
    rateLimitHits: createRateLimitHitsRepository(db),
    auth: createAuthRepository(db),
    sessions: createSessionsRepository(db),
    userTokens: createUserTokensRepository(db),
    ssoStates: createSsoRepository(db),
    accessKeys: createAccessKeysRepository(db),
    externalApi: createExternalApiRepository(db),
    userImports: createUserImportsRepository(db),
    userImportLeases: createUserImportLeasesRepository(db),
    userImportInvitations: createUserImportInvitationsRepository(db),
    userImportErrors: createUserImportErrorsRepository(db),
    userImportRows: createUserImportRowsRepository(db),
    analytics: createAnalyticsRepository(db),
    organizations: createOrganizationsRepository(db),
    organizationManagers: createOrganizationManagersRepository(db),
    organizationSettings: createOrganizationSettingsRepository(db),
    workflowImportPickers: createWorkflowImportPickersRepository(db),
    workflowImports: createWorkflowImportsRepository(db),
    workflowImportItems: createWorkflowImportItemsRepository(db),
    workflowCopy: createWorkflowCopyRepository(db),
    lookup: createLookupRepository(db),
    people: createPeopleRepository(db),
    provisioning: createProvisioningRepository(db),
    scimUsers: createScimUsersRepository(db),
    scimGroups: createScimGroupsRepository(db),
    users: createUsersRepository(db),
    eventsTrail: createEventsTrailRepository(db),
    webhookDeliveries: createWebhookDeliveriesRepository(db),
    webhooks: createWebhooksRepository(db),
  };

  // The users module: the one owner of the people of organizations; other modules write users through it.
  const usersService = createUsersService({
    db,
    repo: repositories.users,
    clock,
    staffEmailDomain: config.STAFF_EMAIL_DOMAIN,
    // Identity is made below with the users module; a disabling calls it later.
    endSessionsOf: (userIds, tx) => identity.sessions.endSessionsOf(userIds, tx),
  });

  // Identity (modules/auth): sign-in, sessions (the guards reach `sessions` on every request), invitations, links, SSO.
  const { auth: authRepo, sessions, userTokens: tokens, ssoStates } = repositories;
  const auth = createAuthService({ db, repo: authRepo, users: usersService, sessions, idTokens, clock, config });
  const sessionsService = createSessionsService({
    db,
    repo: sessions,
    clock,
    config,
    cache: orgCacheOn<SessionPrincipal>(deps.changes, 10_000),
  });
  // Forgotten passwords: budgets per source and per e-mail address on the shared counter (decision 051).
  const resetBudget = (limit: number) =>
    createRateLimiter({ count: repositories.rateLimitHits.count, clock, limit, windowMs: PASSWORD_RESET_WINDOW_MS, lease: 1 });
  const identity = {
    auth,
    sessions: sessionsService,
    passwordReset: createPasswordResetService({
      db,
      repo: authRepo,
      tokens,
      users: usersService,
      sessions: sessionsService,
      perSource: resetBudget(PASSWORD_RESET_PER_SOURCE),
      perAddress: resetBudget(PASSWORD_RESET_PER_ADDRESS),
      mailer,
      clock,
      config,
      log,
    }),
    invitations: createInvitationsService({ db, tokens, users: usersService, idTokens, mailer, clock, config }),
    signInLinks: createSignInLinksService({ db, users: authRepo, tokens, auth, idTokens, clock, config }),
    sso: createSsoService({ repo: ssoStates, users: authRepo, signIns: usersService, auth, clock, config }),
  };

  // One rule for addresses of other organizations' users, whoever writes users: imports, SCIM, the external API (decision 020).
  const foreignEmails = createForeignEmailRule({ db, perDay: config.USER_IMPORT_FOREIGN_EMAILS_PER_DAY, clock, log });

  // User imports and analytics reports: the background work (their jobs run it) beside the services of their routes.
  const userImportPipeline = createUserImportPipeline({
    database,
    imports: repositories.userImports,
    leases: repositories.userImportLeases,
    errors: repositories.userImportErrors,
    invitations: repositories.userImportInvitations,
    rows: repositories.userImportRows,
    blobs,
    jobs,
    batchRows: config.USER_IMPORT_BATCH_ROWS ?? database.profile.importBatchRows,
    leaseSeconds: config.USER_IMPORT_LEASE_SECONDS,
    batchPauseMs: config.USER_IMPORT_BATCH_PAUSE_MS,
    onRowsApplied: (rows) => metrics.importRowsApplied.inc(rows),
    log,
    boundForeignEmails: createForeignEmailBound({ db, rule: foreignEmails }),
    staffEmailDomain: config.STAFF_EMAIL_DOMAIN,
  });
  const userImports = createUserImportService({
    db,
    repo: repositories.userImports,
    errors: repositories.userImportErrors,
    invitations: repositories.userImportInvitations,
    rows: repositories.userImportRows,
    blobs,
    jobs,
    pipeline: userImportPipeline,
    maxUploadBytes: config.USER_IMPORT_MAX_BYTES,
    pages: orgCacheOn<UserImportsPage>(deps.changes, 1_000),
  });
  const analyticsReports = createAnalyticsReports({
    db,
    repo: repositories.analytics,
    blobs,
    jobs,
    clock,
    pageRows: database.profile.reportPageRows,
    retentionDays: config.ANALYTICS_REPORT_RETENTION_DAYS,
    log,
  });

  // The external API's in-memory caches (docs/decisions/009-external-api-caching.md): keys,
  // users and workflow pages, one set per app; none while no change feed runs.
  const apiCaches = createExternalApiCaches(deps.changes);
  const accessKeyAuth = createAccessKeyAuthenticator({ repo: repositories.accessKeys, clock, log, cache: apiCaches?.keys });
  const bearerUsers = createBearerUsers(deps, apiCaches?.users);

  // Workflow imports and the organizations list read other environments too (WORKFLOW_SOURCE_ENVS).
  const sourceEnvs = currentSourceEnvs(deps);
  const organizations = createOrganizationsService({
    db,
    repo: repositories.organizations,
    clock,
    users: usersService,
    sourceDb: (name) => sourceEnvs.db(name),
  });

  const externalApi = createExternalApiService({
    db,
    repo: repositories.externalApi,
    users: usersService,
    publicUrl: config.PUBLIC_URL,
    workflowPages: apiCaches?.workflowPages,
    // An integration's password: "SSO login only" does not refuse it (decision 047).
    authenticatePassword: (email, password, source) => auth.authenticatePassword(email, password, source, 'api'),
    idTokens,
    userImports,
  });
  const scimEvents = createScimEvents(repositories.provisioning);
  const scimUsers = createScimUsersService({
    db,
    repo: repositories.scimUsers,
    settings: repositories.provisioning.config,
    events: scimEvents,
    users: usersService,
    clock,
    invitations: identity.invitations,
    foreignEmails,
  });

  return {
    metrics,
    ...identity,

    accessKeyAuth,
    bearerUsers,

    accessKeys: createAccessKeysService({
      db,
      repo: repositories.accessKeys,
      clock,
      maxKeys: config.ACCESS_KEYS_PER_ORGANIZATION_MAX,
      pages: orgCacheOn<AccessKeysPage>(deps.changes, 1_000),
    }),
    // One per-IP budget for every sign-in route (console, SSO, the external API's token).
    signInRateLimit: signInRateLimit({ config, count: repositories.rateLimitHits.count, clock }),
    externalApiGuard: createExternalApiGuard({
      authenticateKey: accessKeyAuth,
      rateLimit: createRateLimiter({
        count: repositories.rateLimitHits.count,
        clock,
        limit: config.API_RATE_LIMIT,
        windowMs: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000,
      }),
      sourceLimit: createRateLimiter({
        count: repositories.rateLimitHits.count,
        clock,
        limit: config.API_UNKNOWN_KEY_RATE_LIMIT,
        windowMs: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000,
      }),
      resolveBearer: bearerUsers.resolve,
      peekBearer: bearerUsers.peek,
    }),
    externalApi,
    users: usersService,
    scimUsers,
    scimGroups: createScimGroupsService({ db, repo: repositories.scimGroups, events: scimEvents }),
    scimEvents,
    // Refused SCIM tokens spend their address's budget, as unknown access keys do (decision 020).
    scimGuard: createScimGuard({
      findToken: repositories.provisioning.findToken,
      touchToken: repositories.provisioning.touchToken,
      clock,
      unknownTokens: createRateLimiter({
        count: repositories.rateLimitHits.count,
        clock,
        limit: config.API_UNKNOWN_KEY_RATE_LIMIT,
        windowMs: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000,
      }),
    }),
    provisioning: createProvisioningService({
      db,
      repo: repositories.provisioning,
      clock,
      publicUrl: config.PUBLIC_URL,
      apiBasePath: config.API_BASE_PATH,
    }),
    externalApiUsers: createApiUsersService({
      db,
      repo: repositories.externalApi,
      clock,
      users: usersService,
      createInvitation: identity.invitations.create,
      sendInvitation: identity.invitations.send,
      foreignEmails,
    }),

    userImports,
    userImportPipeline,
    analytics: createAnalyticsService({
      db,
      repo: repositories.analytics,
      blobs,
      clock,
      signer: downloadUrls,
      reports: analyticsReports,
      apiBasePath: config.API_BASE_PATH,
      downloadUrlTtlSeconds: config.ANALYTICS_DOWNLOAD_URL_TTL_SECONDS,
    }),
    analyticsReports,

    organizations,
    // Reading the events (the audit trail, its export, the events API); the recorder is modules/events/record.ts.
    eventsTrail: createEventsTrailService({ db, repo: repositories.eventsTrail, clock, assertOrganization: organizations.assertExists }),
    organizationManagers: createOrganizationManagersService({
      db,
      repo: repositories.organizationManagers,
      organizations: repositories.organizations,
      clock,
      users: usersService,
      organizationView: organizations.get,
      sendInvitation: identity.invitations.send,
      createInvitation: identity.invitations.create,
    }),
    organizationSettings: createOrganizationSettingsService({
      db,
      repo: repositories.organizationSettings,
      organizations: repositories.organizations,
      clock,
      endPasswordSessions: identity.sessions.endPasswordSessions,
      ssoProviders: enabledSsoProviders(config),
    }),

    workflowImports: createWorkflowImportsService({
      db,
      pickers: repositories.workflowImportPickers,
      imports: repositories.workflowImports,
      envs: sourceEnvs,
      jobs,
    }),
    workflowImportRunner: createWorkflowImportRunner({
      db,
      imports: repositories.workflowImports,
      items: repositories.workflowImportItems,
      copy: repositories.workflowCopy,
      envs: sourceEnvs,
      log,
    }),

    lookup: createLookupService({
      repo: repositories.lookup,
      blobs,
      signer: downloadUrls,
      apiBasePath: config.API_BASE_PATH,
      clock,
    }),

    // The People screen: the organization's directory, read-only (modules/users/people.*).
    people: createPeopleService({ repo: repositories.people }),

    // Webhooks' deliveries: the pumps that send (the worker's job) and the delivery log's calls.
    webhookDeliverer: createWebhookDeliverer({
      repo: repositories.webhookDeliveries,
      clock,
      addressAllowed: (address) => config.WEBHOOKS_ALLOW_PRIVATE || isPublicAddress(address),
      allowHttp: config.WEBHOOKS_ALLOW_PRIVATE,
      // Each attempt tells its endpoint whether it is failing; 5 days of failures disable it.
      onAttempt: createWebhookHealing({
        db,
        failures: repositories.webhooks,
        repo: repositories.webhookDeliveries,
        clock,
        mailer,
        config,
        log,
      }).onAttempt,
      log,
    }),
    webhookDeliveries: createWebhookDeliveriesService({
      repo: repositories.webhookDeliveries,
      endpoints: repositories.webhooks,
      clock,
      // Leases of 1: a few calls a minute, counted exactly across processes.
      testEvents: createRateLimiter({
        count: repositories.rateLimitHits.count,
        clock,
        limit: WEBHOOK_TESTS_PER_MINUTE,
        windowMs: 60_000,
        lease: 1,
      }),
    }),
    // Webhook endpoints (modules/webhooks); the delivery module reads and marks them through the same repository.
    webhooks: createWebhooksService({
      db,
      repo: repositories.webhooks,
      clock,
      maxEndpoints: config.WEBHOOKS_PER_ORGANIZATION_MAX,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    }),
  };
}
