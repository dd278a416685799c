/** The shared fixed-window counters of every rate limit (table rate_limit_hits): one upsert per call. */
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';

/** Adds `hits` to the key's counter in its current window; starts a new window when the last one ended. */
export type HitCounter = (key: string, hits: number, windowMs: number, now: Date) => Promise<{ hits: number; resetAt: Date }>;

/** Ended windows are swept now and then, by whichever call draws it. */
const SWEEP_EVERY = 200;

export function createHitCounter(db: Db): HitCounter {
  let calls = 0;
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
    if (++calls % SWEEP_EVERY === 0) await db.delete(rateLimitHits).where(lte(rateLimitHits.resetAt, now));
    return row;
  };
}
