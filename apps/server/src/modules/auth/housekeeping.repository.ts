/**
 * SQL of the hourly housekeeping (housekeeping.jobs.ts): the deletes of what has ended, each
 * in bounded batches of short statements, since on the embedded database every statement
 * holds the one connection (and the main thread) that requests also need.
 */
import { and, gt, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, sqlRows } from '../../db/client.js';
import { rateLimitHits, scimEvents, sessions, ssoLoginStates, userTokens } from '../../db/schema.js';

export function createHousekeepingRepository(root: Db) {
  return {
    /** Browser sessions that expired or were revoked before the cutoff. */
    deleteEndedSessions: (cutoff: Date, batchSize: number, db: Db = root) =>
      deleteInBatches(db, sessions, sessions.id, or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff))!, batchSize),

    /**
     * One-time tokens used or expired, ended before the cutoff. A pending invitation (unused,
     * unexpired) never matches. A used row is also kept until its token expires, because for
     * sign-in links the row is what stops a second use.
     */
    deleteEndedUserTokens: (cutoff: Date, now: Date, batchSize: number, db: Db = root) =>
      deleteInBatches(
        db,
        userTokens,
        userTokens.id,
        or(lt(userTokens.expiresAt, cutoff), and(lt(userTokens.usedAt, cutoff), lt(userTokens.expiresAt, now)))!,
        batchSize,
      ),

    /** Rate-limit windows that ended: an ended window counts as no row at all, the next hit starts a new one. */
    deleteEndedRateLimitWindows: (now: Date, batchSize: number, db: Db = root) =>
      deleteInBatches(db, rateLimitHits, rateLimitHits.key, lte(rateLimitHits.resetAt, now), batchSize),

    /** SSO round trips nobody finished (the tab was closed); finishing checks expiry itself. */
    deleteExpiredSsoLoginStates: (now: Date, batchSize: number, db: Db = root) =>
      deleteInBatches(db, ssoLoginStates, ssoLoginStates.stateHash, lt(ssoLoginStates.expiresAt, now), batchSize),

    /** What provisioning did before the cutoff (the Provisioning screen's events). */
    deleteScimEventsBefore: (cutoff: Date, batchSize: number, db: Db = root) =>
      deleteInBatches(db, scimEvents, scimEvents.id, lt(scimEvents.at, cutoff), batchSize),
  };
}

export type HousekeepingRepository = ReturnType<typeof createHousekeepingRepository>;

/**
 * Walks the table in key order, a page of batchSize keys per statement, and deletes the
 * page's rows that match `ended`. Each statement reads at most one page through the primary
 * key, however large the table and however few rows have ended, and no page is read twice
 * (repeated "delete … limit n" would scan the rows deleted before it again). The DELETE checks
 * `ended` itself, so a row changed meanwhile (a rate-limit window that restarted) is kept.
 */
async function deleteInBatches(db: Db, table: PgTable, key: PgColumn, ended: SQL, batchSize: number): Promise<number> {
  let total = 0;
  let after: string | undefined;
  for (;;) {
    const [page] = await sqlRows<{ last: string | null; deleted: number }>(
      db,
      sql`with page as (
            select ${key} as k from ${table} where ${after === undefined ? sql`true` : gt(key, after)} order by ${key} limit ${batchSize}
          ), gone as (
            delete from ${table} where ${key} in (select k from page) and ${ended} returning 1
          )
          select (select k::text from page order by k desc limit 1) as last, (select count(*)::int from gone) as deleted`,
    );
    total += page.deleted;
    if (page.last === null) return total;
    after = page.last;
    // Let waiting requests in between two pages: on PGlite they share the main thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
