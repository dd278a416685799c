/**
 * The one wiring place: every repository and service of the server is built here, once
 * per app, from the app's dependencies. Route plugins and jobs receive what they need from
 * it (`services.accessKeys`); none builds its own.
 *
 * A service factory takes one object of explicit, narrow dependencies (`db`, its
 * repository, `clock`, …); a repository factory takes `db` and every method takes an
 * optional executor last (`db: Db = root`), so a service can run it in its transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { createAccessKeyAuthenticator } from './modules/access-keys/access-key-auth.js';
import { createAccessKeysRepository } from './modules/access-keys/access-keys.repository.js';
import { createAccessKeysService } from './modules/access-keys/access-keys.service.js';
import { authenticatePassword } from './modules/auth/auth.service.js';
import { sendInvitationEmail } from './modules/auth/invitations.js';
import { createBearerUsers } from './modules/external-api/external-api.auth.js';
import { createExternalApiCaches } from './modules/external-api/external-api.cache.js';
import { createExternalApiRepository } from './modules/external-api/external-api.repository.js';
import { createExternalApiService } from './modules/external-api/external-api.service.js';
import { createApiUsersService } from './modules/external-api/users.service.js';
import { createUserImportService } from './modules/user-imports/user-imports.service.js';

export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const { clock } = deps;
  // Told of a change, this process's caches of an organization forget it at once (db/change-feed.ts);
  // read when called, as the app starts its change feed after the deps are made.
  const changes = { changed: (organizationId: string) => deps.changes?.changed(organizationId) };

  // The external API's in-memory caches (docs/decisions/009-external-api-caching.md): keys,
  // users and workflow pages, one set per app; none while no change feed runs.
  const apiCaches = createExternalApiCaches(deps.changes);

  const repositories = {
    accessKeys: createAccessKeysRepository(db),
    externalApi: createExternalApiRepository(db),
  };

  const userImports = createUserImportService(deps);

  return {
    accessKeys: createAccessKeysService({ db, repo: repositories.accessKeys, clock, changes }),
    accessKeyAuth: createAccessKeyAuthenticator({ repo: repositories.accessKeys, clock, log: deps.log, cache: apiCaches?.keys }),
    bearerUsers: createBearerUsers(deps, apiCaches?.users),
    externalApi: createExternalApiService({
      repo: repositories.externalApi,
      publicUrl: deps.config.PUBLIC_URL,
      clock,
      changes,
      workflowPages: apiCaches?.workflowPages,
      authenticatePassword: (email, password) => authenticatePassword(deps, email, password),
      idTokens: deps.idTokens,
      userImports,
    }),
    externalApiUsers: createApiUsersService({
      db,
      repo: repositories.externalApi,
      clock,
      sendInvitation: (invitation) => sendInvitationEmail(deps, invitation),
    }),
    userImports,
  };
}

export type Services = ReturnType<typeof createServices>;

/** What every API module (a Fastify plugin under the API base path) is given. */
export interface ModuleContext {
  deps: AppDeps;
  services: Services;
}

export type ApiModule = FastifyPluginAsyncZod<ModuleContext>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services (built once by createServices); jobs of the same process use these too. */
    services: Services;
  }
}
