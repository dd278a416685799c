/**
 * What integrations call: access keys and the external API (its caches, guard and users), and
 * SCIM provisioning (its guard, users and groups).
 */

import { orgCacheOn } from '../db/org-cache.js';
import { createAccessKeyAuthenticator } from '../modules/access-keys/access-key-auth.js';
import { type AccessKeysPage, createAccessKeysService } from '../modules/access-keys/access-keys.service.js';
import { createBearerUsers, createExternalApiGuard } from '../modules/external-api/external-api.auth.js';
import { createExternalApiCaches } from '../modules/external-api/external-api.cache.js';
import { createExternalApiService } from '../modules/external-api/external-api.service.js';
import { createIdempotentWrites } from '../modules/external-api/idempotency.js';
import { createApiUsersService } from '../modules/external-api/users.service.js';
import { createProvisioningService } from '../modules/provisioning/provisioning.service.js';
import { createScimGuard } from '../modules/provisioning/scim.auth.js';
import { createScimEvents } from '../modules/provisioning/scim.writes.js';
import { createScimGroupsService } from '../modules/provisioning/scim-groups.service.js';
import { createScimUsersService } from '../modules/provisioning/scim-users.service.js';
import type { createUserImportService } from '../modules/user-imports/user-imports.service.js';
import type { createForeignEmailRule } from '../modules/users/foreign-emails.js';
import type { Identity } from './identity.js';
import { sharedLimiter, type Wiring } from './shared.js';

export function buildIntegrations(
  wiring: Wiring,
  given: {
    identity: Identity;
    foreignEmails: ReturnType<typeof createForeignEmailRule>;
    userImports: ReturnType<typeof createUserImportService>;
  },
) {
  const { deps, db, repositories } = wiring;
  const { config, clock, log, idTokens } = deps;
  const { identity, foreignEmails } = given;
  const users = identity.users;
  const perApiWindow = (limit: number) => sharedLimiter(wiring, limit, config.API_RATE_LIMIT_WINDOW_SECONDS * 1000);

  // The external API's in-memory caches (docs/decisions/009-external-api-caching.md): keys,
  // users and workflow pages, one set per app; none while no change feed runs.
  const apiCaches = createExternalApiCaches(deps.changes);
  const accessKeyAuth = createAccessKeyAuthenticator({ repo: repositories.accessKeys, clock, log, cache: apiCaches?.keys });
  const bearerUsers = createBearerUsers({ ...deps, signInUsers: identity.auth }, apiCaches?.users);
  const scimEvents = createScimEvents(repositories.provisioning);

  return {
    accessKeyAuth,
    bearerUsers,
    accessKeys: createAccessKeysService({
      db,
      repo: repositories.accessKeys,
      clock,
      maxKeys: config.ACCESS_KEYS_PER_ORGANIZATION_MAX,
      pages: orgCacheOn<AccessKeysPage>(deps.changes, 1_000),
    }),
    externalApiGuard: createExternalApiGuard({
      authenticateKey: accessKeyAuth,
      rateLimit: perApiWindow(config.API_RATE_LIMIT),
      sourceLimit: perApiWindow(config.API_UNKNOWN_KEY_RATE_LIMIT),
      resolveBearer: bearerUsers.resolve,
      peekBearer: bearerUsers.peek,
    }),
    // Writes sent with an Idempotency-Key run once per access key; their answers are kept a day (decision 070).
    idempotentWrites: createIdempotentWrites({ repo: repositories.idempotentRequests, clock, log }),
    externalApi: createExternalApiService({
      db,
      repo: repositories.externalApi,
      users,
      publicUrl: config.PUBLIC_URL,
      workflowPages: apiCaches?.workflowPages,
      // An integration's password: "SSO login only" does not refuse it (decision 047).
      authenticatePassword: (email, password, source) => identity.auth.authenticatePassword(email, password, source, 'api'),
      idTokens,
      userImports: given.userImports,
    }),
    externalApiUsers: createApiUsersService({
      db,
      repo: repositories.externalApi,
      clock,
      users,
      createInvitation: identity.invitations.create,
      sendInvitation: identity.invitations.send,
      foreignEmails,
    }),
    scimUsers: createScimUsersService({
      db,
      repo: repositories.scimUsers,
      settings: repositories.provisioning.config,
      events: scimEvents,
      users,
      clock,
      invitations: identity.invitations,
      foreignEmails,
    }),
    scimGroups: createScimGroupsService({ db, repo: repositories.scimGroups, events: scimEvents }),
    scimEvents,
    // Refused SCIM tokens spend their address's budget, as unknown access keys do (decision 020).
    scimGuard: createScimGuard({
      findToken: repositories.provisioning.findToken,
      touchToken: repositories.provisioning.touchToken,
      clock,
      unknownTokens: perApiWindow(config.API_UNKNOWN_KEY_RATE_LIMIT),
    }),
    provisioning: createProvisioningService({
      db,
      repo: repositories.provisioning,
      clock,
      publicUrl: config.PUBLIC_URL,
      apiBasePath: config.API_BASE_PATH,
    }),
  };
}
