/** SQL of browser sessions. A session is found by the hash of its secret, never the secret. */
import type { SessionEndReason } from '@console/contracts';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOn } from '../../db/prepared.js';
import { organizations, sessions, users } from '../../db/schema.js';
import { principalColumns } from './auth.repository.js';

export interface NewSession {
  userId: string;
  /** The idToken the session was opened with (unique: one session per token). */
  idTokenJti?: string;
  tokenHash: string;
  signInProvider: string;
  deviceInfo: unknown;
  ip: string | null;
  userAgent: string | null;
  now: Date;
  expiresAt: Date;
}

/** The session of a cookie with the person and organization behind it, in one query (`tokenHash` a placeholder). */
const principalQuery = (db: Db) =>
  db
    .select({
      ...principalColumns,
      sessionId: sessions.id,
      signInProvider: sessions.signInProvider,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      lastActivityAt: sessions.lastActivityAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')));

export function createSessionsRepository(root: Db) {
  // Every signed-in request starts with this look-up (db/prepared.ts).
  const principalByToken = preparedOn(root, 'session_principal', principalQuery);
  return {
    async insert(s: NewSession, db: Db = root) {
      const [row] = await db
        .insert(sessions)
        .values({
          userId: s.userId,
          idTokenJti: s.idTokenJti ?? null,
          tokenHash: s.tokenHash,
          signInProvider: s.signInProvider,
          deviceInfo: s.deviceInfo ?? null,
          ip: s.ip,
          userAgent: s.userAgent,
          createdAt: s.now,
          lastActivityAt: s.now,
          expiresAt: s.expiresAt,
        })
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      return row;
    },

    /** The session of a cookie with the person and organization behind it, in one query. */
    async findPrincipal(tokenHash: string, db: Db = root) {
      const [row] = await principalByToken(db).execute({ tokenHash });
      return row;
    },

    /** Stamps activity at most once per `every` ms, so reads do not each write. */
    async touch(id: string, now: Date, every: number, deviceInfo?: unknown, db: Db = root) {
      const staleBefore = new Date(now.getTime() - every);
      const [row] = await db
        .update(sessions)
        .set({ lastActivityAt: now, ...(deviceInfo === undefined ? {} : { deviceInfo }) })
        .where(and(eq(sessions.id, id), deviceInfo === undefined ? lt(sessions.lastActivityAt, staleBefore) : undefined))
        .returning({ lastActivityAt: sessions.lastActivityAt });
      return row;
    },

    /** Revokes a session of this user (null reason: signed out by its owner); false when there was none to revoke. */
    async revoke(id: string, userId: string, now: Date, reason: SessionEndReason | null, db: Db = root): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Revokes the open sessions of these users (disabled ones: the reason is read off the user then; a password reset). */
    async revokeOfUsers(userIds: string[], now: Date, reason: SessionEndReason | null, db: Db = root): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
    },

    /** Revokes the open sessions of an organization's users signed in with this provider; how many. */
    async revokeOrganizationProvider(
      organizationId: string,
      provider: string,
      now: Date,
      reason: SessionEndReason,
      db: Db = root,
    ): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId))),
            eq(sessions.signInProvider, provider),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Open sessions of a user, most recently active first. */
    listOpen(userId: string, now: Date, db: Db = root) {
      return db
        .select({
          id: sessions.id,
          deviceInfo: sessions.deviceInfo,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          signInProvider: sessions.signInProvider,
          createdAt: sessions.createdAt,
          lastActivityAt: sessions.lastActivityAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastActivityAt))
        .limit(100);
    },

    async findOwner(id: string, db: Db = root) {
      const [row] = await db
        .select({ userId: sessions.userId, organizationId: users.organizationId, displayName: users.displayName })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id));
      return row;
    },

    async findUserOrganization(userId: string, db: Db = root): Promise<string | undefined> {
      const [row] = await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
      return row?.organizationId;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
/** A session with the person and organization behind it. */
export type SessionPrincipal = NonNullable<Awaited<ReturnType<SessionsRepository['findPrincipal']>>>;
