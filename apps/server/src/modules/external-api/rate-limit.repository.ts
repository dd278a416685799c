/** The shared fixed-window counters of rate limits (table rate_limit_hits), one upsert per call. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema.js';
import type { HitCounter } from './rate-limit.js';

export function createRateLimitCounter(db: Db): HitCounter {
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
