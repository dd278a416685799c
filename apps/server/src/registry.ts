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
import { sendInvitationEmail } from './modules/auth/invitations.js';
import { createIntegrationsRepository } from './modules/integrations/integrations.repository.js';
import { createIntegrationsService } from './modules/integrations/integrations.service.js';
import { createOrganizationManagersRepository } from './modules/organizations/organization-managers.repository.js';
import { createOrganizationManagersService } from './modules/organizations/organization-managers.service.js';
import { createOrganizationSettingsRepository } from './modules/organizations/organization-settings.repository.js';
import { createOrganizationSettingsService } from './modules/organizations/organization-settings.service.js';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';

export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const { clock } = deps;
  // Told of a change, this process's caches of an organization forget it at once (db/change-feed.ts);
  // read when called, as the app starts its change feed after the deps are made.
  const changes = { changed: (organizationId: string) => deps.changes?.changed(organizationId) };

  const repositories = {
    accessKeys: createIntegrationsRepository(db),
    organizations: createOrganizationsRepository(db),
    organizationManagers: createOrganizationManagersRepository(db),
    organizationSettings: createOrganizationSettingsRepository(db),
  };

  const organizations = createOrganizationsService({ db, repo: repositories.organizations, clock });

  return {
    accessKeys: createIntegrationsService({ db, repo: repositories.accessKeys, clock, changes }),
    organizations,
    organizationManagers: createOrganizationManagersService({
      db,
      repo: repositories.organizationManagers,
      organizations: repositories.organizations,
      clock,
      organizationView: organizations.get,
      sendInvitation: (opts) => sendInvitationEmail(deps, opts),
    }),
    organizationSettings: createOrganizationSettingsService({
      db,
      repo: repositories.organizationSettings,
      organizations: repositories.organizations,
      clock,
    }),
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
