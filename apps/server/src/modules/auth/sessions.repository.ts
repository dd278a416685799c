/** SQL of browser sessions. A session is found by the hash of its secret, never the secret. */
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, sessions, users } from '../../db/schema.js';
import { principalColumns } from './auth.repository.js';

export interface NewSession {
  userId: string;
  tokenHash: string;
  signInProvider: string;
  deviceInfo: unknown;
  ip: string | null;
  userAgent: string | null;
  now: Date;
  expiresAt: Date;
}

export async function insertSession(db: Db, s: NewSession) {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: s.userId,
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
}

/** The session of a cookie with the person and organization behind it, in one query. */
export async function findSessionPrincipal(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      ...principalColumns,
      sessionId: sessions.id,
      signInProvider: sessions.signInProvider,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastActivityAt: sessions.lastActivityAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

/** Stamps activity at most once per `every` ms, so reads do not each write. */
export async function touchSession(db: Db, id: string, now: Date, every: number, deviceInfo?: unknown) {
  const staleBefore = new Date(now.getTime() - every);
  const [row] = await db
    .update(sessions)
    .set({ lastActivityAt: now, ...(deviceInfo === undefined ? {} : { deviceInfo }) })
    .where(and(eq(sessions.id, id), deviceInfo === undefined ? lt(sessions.lastActivityAt, staleBefore) : undefined))
    .returning({ lastActivityAt: sessions.lastActivityAt });
  return row;
}

/** Revokes a session of this user; false when there was none to revoke. */
export async function revokeSession(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Open sessions of a user, most recently active first. */
export function listOpenSessions(db: Db, userId: string, now: Date) {
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
}

export async function findSessionOwner(db: Db, id: string) {
  const [row] = await db
    .select({ userId: sessions.userId, organizationId: users.organizationId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  return row;
}

export async function findUserOrganization(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
  return row?.organizationId;
}
