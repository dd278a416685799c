/**
 * The one writer of saml_assertions_seen: each assertion that signed someone in, per connection, kept
 * until it expires, so a second post of it is refused. On the console's clock (decision 044):
 * `now` and `until` come from the caller's clock, as the assertion's times were judged by it.
 * Each remembering also deletes a bounded batch of rows that have expired, so the table holds
 * about the assertions of the last minutes without a job of its own.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { samlAssertionsSeen } from '../../../db/schema.js';

/** More than one insert adds, so the table shrinks to what is live. */
const EXPIRED_PER_INSERT = 100;

export function createSamlAssertionsSeenRepository(root: Db) {
  const repository = {
    /**
     * Records the assertion until `until`; false when the connection already recorded it and
     * that record has not expired (a replay). An expired record is taken over, in the same
     * statement, so two posts at once still record it once.
     */
    async remember(connectionId: string, assertionId: string, until: Date, now: Date, db: Db = root): Promise<boolean> {
      const rows = await db
        .insert(samlAssertionsSeen)
        .values({ connectionId, assertionId, expiresAt: until })
        .onConflictDoUpdate({
          target: [samlAssertionsSeen.connectionId, samlAssertionsSeen.assertionId],
          set: { expiresAt: sql`excluded.expires_at` },
          setWhere: lte(samlAssertionsSeen.expiresAt, now),
        })
        .returning({ assertionId: samlAssertionsSeen.assertionId });
      await repository.deleteExpired(now, EXPIRED_PER_INSERT, db);
      return rows.length === 1;
    },

    /** Deletes up to `limit` records that expired by `now`; returns how many. */
    async deleteExpired(now: Date, limit: number, db: Db = root): Promise<number> {
      const expired = db
        .select({ connectionId: samlAssertionsSeen.connectionId, assertionId: samlAssertionsSeen.assertionId })
        .from(samlAssertionsSeen)
        .where(lte(samlAssertionsSeen.expiresAt, now))
        .orderBy(samlAssertionsSeen.expiresAt)
        .limit(limit);
      const gone = await db
        .delete(samlAssertionsSeen)
        .where(
          and(
            lte(samlAssertionsSeen.expiresAt, now),
            inArray(sql`(${samlAssertionsSeen.connectionId}, ${samlAssertionsSeen.assertionId})`, expired),
          ),
        )
        .returning({ assertionId: samlAssertionsSeen.assertionId });
      return gone.length;
    },

    /** The injected `rememberAssertion` of `verifySamlResponse`, for one connection. */
    rememberFor(connectionId: string, now: Date, db: Db = root) {
      return (assertionId: string, until: Date) => repository.remember(connectionId, assertionId, until, now, db);
    },

    /** Forgets a connection's records (the connection is deleted). */
    async forgetConnection(connectionId: string, db: Db = root): Promise<void> {
      await db.delete(samlAssertionsSeen).where(eq(samlAssertionsSeen.connectionId, connectionId));
    },
  };
  return repository;
}

export type SamlAssertionsSeenRepository = ReturnType<typeof createSamlAssertionsSeenRepository>;
