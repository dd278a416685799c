/**
 * Per-IP rate limits whose counters live in the database (table rate_limit_hits), so
 * every replica counts the same hits. Fixed windows, one upsert per request.
 *
 *   await registerDbRateLimit(app, deps);            // in a route plugin
 *   app.post('/x', { config: { rateLimit: signInRateLimit(deps.config) } }, ...)
 */
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { rateLimitHits } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { clockOf } from './auth.js';
import { AppError } from './errors.js';

/** Expired counters are swept now and then, by whichever request draws it. */
const SWEEP_EVERY = 200;

export function createDbRateLimitStore(deps: AppDeps) {
  const { db } = deps.database;
  let calls = 0;
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      const now = clockOf(deps).now();
      const nowIso = now.toISOString();
      const resetIso = new Date(now.getTime() + timeWindow).toISOString();
      const expired = sql`${rateLimitHits.resetAt} <= ${nowIso}::timestamptz`;
      db.insert(rateLimitHits)
        .values({ key, hits: 1, resetAt: new Date(resetIso) })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetIso}::timestamptz else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
        .then(async ([row]) => {
          if (++calls % SWEEP_EVERY === 0) await db.delete(rateLimitHits).where(expired);
          callback(null, { current: row.hits, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) });
        }, callback);
    },
    child() {
      return store;
    },
  };
  return store;
}

/** Registers the plugin for the routes of this plugin context (none limited unless asked). */
export async function registerDbRateLimit(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const store = createDbRateLimitStore(deps);
  await app.register(rateLimit, {
    global: false,
    store: function DbStore() {
      return store;
    } as unknown as NonNullable<RateLimitOptions['store']>,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${context.after}.`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}

/** Every sign-in route shares one budget per IP address. */
export function signInRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.SIGN_IN_RATE_LIMIT_MAX,
    timeWindow: config.SIGN_IN_RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `sign-in:${request.ip}`,
  };
}
