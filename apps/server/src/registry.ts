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
import { createIntegrationsRepository } from './modules/integrations/integrations.repository.js';
import { createIntegrationsService } from './modules/integrations/integrations.service.js';
import { createLookupRepository } from './modules/lookup/lookup.repository.js';
import { createLookupService } from './modules/lookup/lookup.service.js';
import { createUrlSigner, downloadUrlSecret } from './storage/signed-urls.js';

export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const { clock } = deps;
  // Told of a change, this process's caches of an organization forget it at once (db/change-feed.ts);
  // read when called, as the app starts its change feed after the deps are made.
  const changes = { changed: (organizationId: string) => deps.changes?.changed(organizationId) };

  const repositories = {
    accessKeys: createIntegrationsRepository(db),
    lookup: createLookupRepository(db),
  };

  return {
    accessKeys: createIntegrationsService({ db, repo: repositories.accessKeys, clock, changes }),
    lookup: createLookupService({
      repo: repositories.lookup,
      blobs: deps.blobs,
      signer: createUrlSigner(downloadUrlSecret(deps.config)),
      apiBasePath: deps.config.API_BASE_PATH,
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
