/** What every builder of the composition root is handed: the app's dependencies, its repositories and the pieces they share. */
import type { Db } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import type { createMetrics } from '../http/metrics.js';
import { createRateLimiter } from '../http/rate-limit.js';
import type { createUrlSigner } from '../storage/signed-urls.js';
import type { Repositories } from './repositories.js';

export interface Wiring {
  deps: AppDeps;
  db: Db;
  repositories: Repositories;
  /** This process's Prometheus registry (http/metrics.ts): GET /metrics reads it, the import pipeline counts into it. */
  metrics: ReturnType<typeof createMetrics>;
  /** Short-lived signed links to files (analytics reports, source videos). */
  downloadUrls: ReturnType<typeof createUrlSigner>;
}

/** A limiter of `limit` calls per `windowMs` on the shared counters (rate_limit_hits), as every rate limit counts. */
export function sharedLimiter({ deps, repositories }: Wiring, limit: number, windowMs: number, lease?: number) {
  return createRateLimiter({ count: repositories.rateLimitHits.count, clock: deps.clock, limit, windowMs, lease });
}
