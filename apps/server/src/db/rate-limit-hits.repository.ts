/**
 * The shared fixed-window counters (table rate_limit_hits): every rate limit of http/
 * counts here, as do the sign-in failures of the auth module, the users module's daily
 * checks of other organizations' addresses and the refused sign-ins each single sign-on
 * connection records as events. Plumbing beside the schema, since no one
 * module owns the table. One upsert per count.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rateLimitHits } from './schema.js';

/** Adds `hits` to the key's counter in its current window; starts a new window when the last one ended. */
export type HitCounter = (key: string, hits: number, windowMs: number, now: Date) => Promise<{ hits: number; resetAt: Date }>;

export function createRateLimitHitsRepository(root: Db) {
  return {
    // Ended windows are deleted by the housekeeping job (modules/auth/housekeeping.jobs.ts).
    async count(key: string, hits: number, windowMs: number, now: Date, db: Db = root): Promise<{ hits: number; resetAt: Date }> {
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, hits, resetAt })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${rateLimitHits.resetAt} <= ${now} then excluded.hits else ${rateLimitHits.hits} + excluded.hits end`,
            resetAt: sql`case when ${rateLimitHits.resetAt} <= ${now} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
      return row;
    },

    /** Reads a counter without counting: its hits while its window runs, 0 once it ended (or never began). */
    async read(key: string, now: Date, db: Db = root): Promise<{ hits: number; resetAt: Date | null }> {
      const [row] = await db
        .select({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, now)));
      return row ?? { hits: 0, resetAt: null };
    },

    /** Forgets a counter (a good sign-in clears its source's failures). */
    async clear(key: string, db: Db = root): Promise<void> {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },
  };
}

export type RateLimitHitsRepository = ReturnType<typeof createRateLimitHitsRepository>;
