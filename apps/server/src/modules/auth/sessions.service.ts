/**
 * Browser sessions after they are opened: the session behind a cookie (every guarded
 * request), activity, a person's open sessions and revoking one ("sign out that device"),
 * logout. Organizational Admins may list and revoke the sessions of users of their own
 * organization (docs/product.md, "Identity and sessions").
 */
import { type AllowedRoleType, authErrorMessage, type SessionEndReason, type SignInProvider, sessionEndMessages } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type OrgCache, readThrough } from '../../db/org-cache.js';
import type { Clock } from '../../deps.js';
import { type AuthContext, hasStaffRole, type PersonContext, personOf } from '../../http/auth-context.js';
import { AppError, Forbidden, NotFound, Unauthenticated } from '../../http/errors.js';
import { hashSecret } from '../../http/secrets.js';
import { actorOf, recordEvent } from '../events/record.js';
import { assertSameOrganization, toAuthContext } from './principal.js';
import type { SessionPrincipal, SessionsRepository } from './sessions.repository.js';

/** Activity is stamped on a session at most this often by ordinary requests. */
const ACTIVITY_STAMP_MS = 60_000;

/**
 * Why a session read from its row is over, if it is: what ended it is read off the row
 * where it can be (the organization or the user disabled, "SSO login only" for a password
 * session, even one opened while the switch was made), else the reason stored when it was
 * revoked (null: signed out on another device).
 */
export function sessionEndReason(row: SessionPrincipal): SessionEndReason | undefined {
  if (row.organizationDisabledAt) return 'organization_disabled';
  if (row.userDisabledAt) return 'user_disabled';
  if (row.ssoLoginOnly && row.signInProvider === 'password') return 'sso_required';
  if (row.revokedAt) return (row.revokedReason as SessionEndReason | null) ?? 'signed_out';
  return undefined;
}

/** 401 SESSION_REVOKED with the reason the person is told (`details.reason`). */
export function sessionRevoked(reason: SessionEndReason): Unauthenticated {
  return new Unauthenticated(sessionEndMessages[reason], 'SESSION_REVOKED', { reason });
}

export interface SessionsServiceDeps {
  db: Db;
  repo: SessionsRepository;
  clock: Clock;
  config: Config;
  /**
   * Sessions read before, by the hash of their secret (docs/decisions/039-console-caches.md):
   * dropped when the change feed reports a change of the organization's users, settings or
   * sessions; none while the feed is down.
   */
  cache?: OrgCache<SessionPrincipal>;
}

export function createSessionsService({ db, repo, clock, config, cache }: SessionsServiceDeps) {
  const findPrincipal = (tokenHash: string) =>
    readThrough(
      cache,
      tokenHash,
      () => repo.findPrincipal(tokenHash),
      (row) => row.organizationId,
    );

  /**
   * Oneself; any user for staff (reading needs `read`, revoking `update`); a user of one's
   * own organization for its Organizational Admin. Another organization's users are not found.
   */
  async function assertMayManage(
    auth: AuthContext,
    access: AllowedRoleType,
    userId: string,
    organizationId?: string,
    notFound = 'User was not found',
  ) {
    if (userId === auth.userId || hasStaffRole(auth, access)) return;
    if (auth.isStaff && auth.role !== 'org_admin') throw new Forbidden('Your staff role allows reading only.');
    if (auth.role !== 'org_admin') throw new Forbidden('Only Organizational Admins can manage the sessions of other users.');
    assertSameOrganization(auth, organizationId ?? (await repo.findUserOrganization(userId)), notFound);
  }

  return {
    /**
     * The session of a cookie's secret; 401 when there is none, it ended, or its user or
     * organization is disabled (SESSION_REVOKED when it was closed elsewhere).
     */
    async resolve(secret: string): Promise<PersonContext> {
      const now = clock.now();
      const row = await findPrincipal(hashSecret(secret));
      if (!row) throw new Unauthenticated();
      // A session that ran its course is no news; one ended by something else says what.
      if (row.expiresAt <= now && !row.revokedAt) throw new Unauthenticated();
      const ended = sessionEndReason(row);
      if (ended) throw sessionRevoked(ended);
      if (now.getTime() - row.lastActivityAt.getTime() >= ACTIVITY_STAMP_MS) {
        await repo.touch(row.sessionId, now, ACTIVITY_STAMP_MS);
        // The cached row stamped too, or every request would write again (the stamp is no change the feed reports).
        row.lastActivityAt = now;
      }
      return toAuthContext(row, row.signInProvider as SignInProvider, config, {
        via: 'session',
        sessionId: row.sessionId,
        expiresAt: row.expiresAt,
      });
    },

    /** POST auth/track-activity: only the signed-in user may report their own activity. */
    async trackActivity(auth: AuthContext, body: { userId: string; deviceInfo?: unknown }) {
      if (auth.userId !== body.userId) throw new Forbidden('You can only report your own activity.');
      const now = clock.now();
      const row = await repo.touch(auth.sessionId!, now, 0, body.deviceInfo ?? null);
      return { lastActivityAt: (row?.lastActivityAt ?? now).toISOString() };
    },

    /**
     * DELETE logout: revokes the session `resolve` finds. Already signed out (no cookie,
     * revoked or expired) is fine too: the caller still clears what the browser holds.
     */
    async logout(resolve: () => Promise<PersonContext>, log: FastifyBaseLogger): Promise<void> {
      try {
        const auth = await resolve();
        await db.transaction(async (tx) => {
          if (!(await repo.revoke(auth.sessionId!, auth.userId, clock.now(), null, tx))) return;
          await recordEvent(tx, {
            action: 'session.signed_out',
            organizationId: auth.organizationId,
            actor: actorOf(auth),
            targets: [{ type: 'session', id: auth.sessionId!, name: auth.displayName }],
          });
        });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) return;
        if (err instanceof AppError && err.statusCode < 500) throw err;
        log.error({ err }, 'logout failed');
        throw new AppError(500, 'LOGOUT_FAILED', authErrorMessage('LOGOUT_FAILED', config.PRODUCT_NAME));
      }
    },

    /** Disabled users' sessions end now (in the disabling's transaction); a password reset's too, with its reason. */
    endSessionsOf(userIds: string[], tx?: Db, reason: SessionEndReason | null = null): Promise<void> {
      return repo.revokeOfUsers(userIds, clock.now(), reason, tx);
    },

    /** "SSO login only" turned on: the organization's password sessions end now (in the setting's transaction). */
    endPasswordSessions(organizationId: string, tx?: Db): Promise<number> {
      return repo.revokeOrganizationProvider(organizationId, 'password', clock.now(), 'sso_required', tx);
    },

    async list(auth: AuthContext, userId = personOf(auth).userId) {
      await assertMayManage(auth, 'read', userId);
      const rows = await repo.listOpen(userId, clock.now());
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          current: s.id === auth.sessionId,
          deviceInfo: (s.deviceInfo as Record<string, string> | null) ?? (s.userAgent ? { userAgent: s.userAgent } : null),
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          lastActivityAt: s.lastActivityAt.toISOString(),
        })),
      };
    },

    async revoke(auth: AuthContext, id: string) {
      const owner = await repo.findOwner(id);
      if (!owner) throw new NotFound('Session not found.');
      await assertMayManage(auth, 'update', owner.userId, owner.organizationId, 'Session not found.');
      // Someone else ending it (an Organizational Admin, staff) is told to its owner as such.
      const reason = owner.userId === auth.userId ? null : 'administrator';
      await db.transaction(async (tx) => {
        if (!(await repo.revoke(id, owner.userId, clock.now(), reason, tx))) throw new NotFound('Session not found.');
        await recordEvent(tx, {
          action: 'session.revoked',
          organizationId: owner.organizationId,
          actor: actorOf(auth),
          targets: [
            { type: 'session', id, name: owner.displayName },
            { type: 'user', id: owner.userId, name: owner.displayName },
          ],
        });
      });
      return { revokedSession: { id } };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
