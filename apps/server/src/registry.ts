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
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createInvitationsService } from './modules/auth/invitations.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createSignInLinksService } from './modules/auth/sign-in-links.js';
import { createSsoService } from './modules/auth/sso.js';
import { createSsoRepository } from './modules/auth/sso.repository.js';
import { createUserTokensRepository } from './modules/auth/user-tokens.repository.js';
import { createIntegrationsRepository } from './modules/integrations/integrations.repository.js';
import { createIntegrationsService } from './modules/integrations/integrations.service.js';

export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const { clock } = deps;
  // Told of a change, this process's caches of an organization forget it at once (db/change-feed.ts);
  // read when called, as the app starts its change feed after the deps are made.
  const changes = { changed: (organizationId: string) => deps.changes?.changed(organizationId) };

  const repositories = {
    accessKeys: createIntegrationsRepository(db),
    // Identity (modules/auth)
    auth: createAuthRepository(db),
    sessions: createSessionsRepository(db),
    userTokens: createUserTokensRepository(db),
    ssoStates: createSsoRepository(db),
  };

  // Identity (modules/auth): sign-in, sessions (the guards reach `sessions` on every request), invitations, links, SSO.
  const { config, idTokens, mailer } = deps;
  const { auth: users, sessions, userTokens: tokens, ssoStates } = repositories;
  const auth = createAuthService({ repo: users, sessions, idTokens, clock, config });
  const identity = {
    auth,
    sessions: createSessionsService({ repo: sessions, clock, config }),
    invitations: createInvitationsService({ db, tokens, idTokens, mailer, clock, config }),
    signInLinks: createSignInLinksService({ users, tokens, auth, idTokens, clock, config }),
    sso: createSsoService({ repo: ssoStates, users, auth, clock, config }),
  };

  return {
    accessKeys: createIntegrationsService({ db, repo: repositories.accessKeys, clock, changes }),
    ...identity,
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
