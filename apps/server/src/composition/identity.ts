/**
 * The people and their identity: the users module (the one writer of users) and the auth
 * module's sign-in, sessions (the guards reach `sessions` on every request), password reset,
 * invitations, links and SSO.
 */
import { orgCacheOn } from '../db/org-cache.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { createHousekeeping } from '../modules/auth/housekeeping.jobs.js';
import { createInvitationsService } from '../modules/auth/invitations.service.js';
import { verifyPassword } from '../modules/auth/password.js';
import {
  createPasswordResetService,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_PER_SOURCE,
  PASSWORD_RESET_WINDOW_MS,
} from '../modules/auth/password-reset.service.js';
import type { SessionPrincipal } from '../modules/auth/sessions.repository.js';
import { createSessionsService } from '../modules/auth/sessions.service.js';
import { createSignInLinksService } from '../modules/auth/sign-in-links.service.js';
import { createSsoService } from '../modules/auth/sso.service.js';
import { createUsersService } from '../modules/users/users.service.js';
import { sharedLimiter, type Wiring } from './shared.js';

export function buildIdentity(wiring: Wiring, given: { purgeRequestLog: () => Promise<number> }) {
  const { deps, db, repositories } = wiring;
  const { config, clock, idTokens, mailer, log } = deps;
  const { auth: authRepo, sessions, userTokens: tokens, ssoStates } = repositories;

  // The users module: the one owner of the people of organizations; other modules write users through it.
  const users = createUsersService({
    db,
    repo: repositories.users,
    clock,
    staffEmailDomain: config.STAFF_EMAIL_DOMAIN,
    // The sessions service is made below; a disabling calls it later.
    endSessionsOf: (userIds, tx) => sessionsService.endSessionsOf(userIds, tx),
  });
  const auth = createAuthService({ db, repo: authRepo, users, sessions, idTokens, clock, config, verifyPassword });
  const sessionsService = createSessionsService({
    db,
    repo: sessions,
    clock,
    config,
    cache: orgCacheOn<SessionPrincipal>(deps.changes, 10_000),
  });
  // Forgotten passwords: budgets per source and per e-mail address on the shared counter (decision 051).
  const resetBudget = (limit: number) => sharedLimiter(wiring, limit, PASSWORD_RESET_WINDOW_MS, 1);
  return {
    users,
    auth,
    sessions: sessionsService,
    passwordReset: createPasswordResetService({
      db,
      repo: authRepo,
      tokens,
      users,
      sessions: sessionsService,
      perSource: resetBudget(PASSWORD_RESET_PER_SOURCE),
      perAddress: resetBudget(PASSWORD_RESET_PER_ADDRESS),
      mailer,
      clock,
      config,
      log,
    }),
    invitations: createInvitationsService({ db, tokens, users, idTokens, mailer, clock, config }),
    signInLinks: createSignInLinksService({ db, users: authRepo, tokens, auth, idTokens, clock, config }),
    sso: createSsoService({ repo: ssoStates, users: authRepo, signIns: users, auth, clock, config }),
    // Hourly: what has ended (sessions, one-time tokens, windows, SSO round trips, SCIM's log, the
    // external API's idempotency keys and the request log's old calls, each deleted by its owner).
    housekeeping: createHousekeeping({
      repo: repositories.housekeeping,
      clock,
      config,
      deleteExpiredIdempotencyKeys: repositories.idempotentRequests.deleteExpired,
      purgeRequestLog: given.purgeRequestLog,
    }),
  };
}

export type Identity = ReturnType<typeof buildIdentity>;
