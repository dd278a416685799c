/** The shared fixed-window counters of every rate limit (table rate_limit_hits): one upsert per call. */
import { sql } from 'drizzle-orm';
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
