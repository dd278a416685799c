/** The shared fixed-window counters of every rate limit (table rate_limit_hits): one upsert per call. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';

/** Adds `hits` to the key's counter in its current window; starts a new window when the last one ended. */
export type HitCounter = (key: string, hits: number, windowMs: number, now: Date) => Promise<{ hits: number; resetAt: Date }>;

export function createHitCounter(db: Db): HitCounter {
  // Ended windows are deleted by the housekeeping job (modules/auth/housekeeping.jobs.ts).
  return async (key, hits, windowMs, now) => {
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
  };
}

/** Reads a counter without counting: its hits while its window runs, 0 once it ended (or never began). */
export type HitReader = (key: string, now: Date) => Promise<{ hits: number; resetAt: Date | null }>;

export function createHitReader(db: Db): HitReader {
  return async (key, now) => {
    const [row] = await db
      .select({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, now)));
    return row ?? { hits: 0, resetAt: null };
  };
}

/** Forgets a counter (a good sign-in clears its source's failures). */
export function createHitClearer(db: Db): (key: string) => Promise<void> {
  return async (key) => {
    await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  };
}
