/** The rate limits' shared counters (http/, db/rate-limit-hits.repository.ts). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Fixed-window hit counters of the rate limits (per IP, per access key), shared by every replica. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: ts('reset_at').notNull(),
});
