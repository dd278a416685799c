/** Every repository of the server, built once per app on its database (the composition root's first step). */

import type { Db } from '../db/client.js';
import { createRateLimitHitsRepository } from '../db/rate-limit-hits.repository.js';
import { createAccessKeysRepository } from '../modules/access-keys/access-keys.repository.js';
import { createAnalyticsRepository } from '../modules/analytics/analytics.repository.js';
import { createAuthRepository } from '../modules/auth/auth.repository.js';
import { createHousekeepingRepository } from '../modules/auth/housekeeping.repository.js';
import { createSessionsRepository } from '../modules/auth/sessions.repository.js';
import { createSsoRepository } from '../modules/auth/sso.repository.js';
import { createUserTokensRepository } from '../modules/auth/user-tokens.repository.js';
import { createDomainsRepository } from '../modules/domains/domains.repository.js';
import { createEventsRetentionRepository } from '../modules/events/events-retention.repository.js';
import { createEventsTrailRepository } from '../modules/events/events-trail.repository.js';
import { createExternalApiRepository } from '../modules/external-api/external-api.repository.js';
import { createIdempotentRequestsRepository } from '../modules/external-api/idempotency.repository.js';
import { createLookupRepository } from '../modules/lookup/lookup.repository.js';
import { createOrganizationManagersRepository } from '../modules/organizations/organization-managers.repository.js';
import { createOrganizationSettingsRepository } from '../modules/organizations/organization-settings.repository.js';
import { createOrganizationsRepository } from '../modules/organizations/organizations.repository.js';
import { createProvisioningRepository } from '../modules/provisioning/provisioning.repository.js';
import { createScimGroupsRepository } from '../modules/provisioning/scim-groups.repository.js';
import { createScimUsersRepository } from '../modules/provisioning/scim-users.repository.js';
import { createRequestLogRepository } from '../modules/request-log/request-log.repository.js';
import { createCertificateNoticesRepository } from '../modules/sso-connections/certificate-notices.repository.js';
import { createSamlAssertionsSeenRepository } from '../modules/sso-connections/saml/saml-assertions-seen.repository.js';
import { createSsoConnectionsRepository } from '../modules/sso-connections/sso-connections.repository.js';
import { createUserImportErrorsRepository } from '../modules/user-imports/user-import-errors.repository.js';
import { createUserImportInvitationsRepository } from '../modules/user-imports/user-import-invitations.repository.js';
import { createUserImportLeasesRepository } from '../modules/user-imports/user-import-leases.repository.js';
import { createUserImportRowsRepository } from '../modules/user-imports/user-import-rows.repository.js';
import { createUserImportsRepository } from '../modules/user-imports/user-imports.repository.js';
import { createForeignEmailsRepository } from '../modules/users/foreign-emails.repository.js';
import { createPeopleRepository } from '../modules/users/people.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createWebhookDeliveriesRepository } from '../modules/webhooks/webhook-deliveries.repository.js';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository.js';
import { createWorkflowCopyRepository } from '../modules/workflow-imports/workflow-copy.repository.js';
import { createWorkflowImportItemsRepository } from '../modules/workflow-imports/workflow-import-items.repository.js';
import { createWorkflowImportPickersRepository } from '../modules/workflow-imports/workflow-import-pickers.repository.js';
import { createWorkflowImportsRepository } from '../modules/workflow-imports/workflow-imports.repository.js';

export type Repositories = ReturnType<typeof createRepositories>;

export function createRepositories(db: Db) {
  // The shared counters of every rate limit (rate_limit_hits): each limiter counts through it.
  const rateLimitHits = createRateLimitHitsRepository(db);
  return {
    rateLimitHits,
    auth: createAuthRepository(db, rateLimitHits),
    sessions: createSessionsRepository(db),
    housekeeping: createHousekeepingRepository(db),
    userTokens: createUserTokensRepository(db),
    ssoStates: createSsoRepository(db),
    samlAssertionsSeen: createSamlAssertionsSeenRepository(db),
    ssoConnections: createSsoConnectionsRepository(db),
    certificateNotices: createCertificateNoticesRepository(db),
    accessKeys: createAccessKeysRepository(db),
    externalApi: createExternalApiRepository(db),
    idempotentRequests: createIdempotentRequestsRepository(db),
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
    foreignEmails: createForeignEmailsRepository(db),
    eventsTrail: createEventsTrailRepository(db),
    eventsRetention: createEventsRetentionRepository(db),
    requestLog: createRequestLogRepository(db),
    webhookDeliveries: createWebhookDeliveriesRepository(db),
    webhooks: createWebhooksRepository(db),
    domains: createDomainsRepository(db),
  };
}
