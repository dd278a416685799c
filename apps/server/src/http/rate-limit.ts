/**
 * The one rate-limit mechanism of the server: fixed windows whose counters live in the
 * database (rate_limit_hits), so every replica counts against the same limit, and one
 * refusal: 429 `RATE_LIMITED` with `Retry-After` (seconds). The limiter holds no SQL: it
 * receives the shared counter (`count` of db/rate-limit-hits.repository.ts, built once in
 * registry.ts, where every limiter is built).
 *
 * To keep a database write off most calls, a process may take its calls from the shared
 * counter in leases: it writes once per lease, not once per call. The price: a replica may
 * hold up to a lease of calls it does not use, so with many replicas a key can be refused
 * slightly before the limit (never after it). With leases of 1 every call is one write and
 * the count is exact.
 *
 *   const limit = createRateLimiter({ count: rateLimitHits.count, clock, limit: 100, windowMs: 60_000, lease: 1 });
 *   await enforceRateLimit(limit, `thing:${id}`, (s) => `Too many things: try again in ${s} s.`);
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { HitCounter } from '../db/rate-limit-hits.repository.js';
import type { Clock } from '../deps.js';
import { AppError } from './errors.js';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };
const ALLOWED: RateDecision = { allowed: true };

interface Lease {
  resetAt: number;
  granted: number;
  used: number;
  /** Calls of the window no process had taken from the shared counter at the last renewal. */
  untaken: number;
  /** The shared counter reached the limit: refuse until resetAt without asking again. */
  exhausted: boolean;
  pending?: Promise<void>;
}

/**
 * The default lease: a twentieth of the limit, between 1 and 1000 calls (so a replica holds
 * at most 5% of a key's limit unused; docs/decisions/009-external-api-caching.md).
 */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(1000, Math.floor(limit / 20)));
}

export function createRateLimiter(opts: { count: HitCounter; limit: number; windowMs: number; clock: Clock; lease?: number }) {
  const { count, limit, windowMs, clock } = opts;
  const chunk = opts.lease ?? leaseSize(limit);
  const leases = new Map<string, Lease>();

  async function renew(key: string, lease: Lease) {
    const { hits, resetAt } = await count(key, chunk, windowMs, clock.now());
    const grant = Math.max(0, Math.min(chunk, limit - (hits - chunk)));
    if (resetAt.getTime() !== lease.resetAt) {
      lease.resetAt = resetAt.getTime();
      lease.granted = 0;
      lease.used = 0;
    }
    lease.granted += grant;
    lease.untaken = Math.max(0, limit - hits);
    lease.exhausted = grant < chunk;
  }

  function prune(now: number) {
    for (const [key, lease] of leases) if (lease.resetAt <= now && !lease.pending) leases.delete(key);
  }

  /** A call from the lease in hand, without waiting; undefined when that needs the counter. */
  function tryTake(key: string): RateDecision | undefined {
    const lease = leases.get(key);
    if (!lease || lease.used >= lease.granted || lease.resetAt <= clock.now().getTime()) return undefined;
    lease.used++;
    // Half the lease used: take the next one now, so that calls do not wait for the write.
    if (!lease.pending && !lease.exhausted && lease.granted - lease.used <= chunk / 2 && chunk > 1) {
      renewing(key, lease).catch(() => undefined);
    }
    return ALLOWED;
  }

  async function take(key: string): Promise<RateDecision> {
    for (;;) {
      const now = clock.now().getTime();
      let lease = leases.get(key);
      if (!lease || (lease.resetAt <= now && !lease.pending)) {
        if (leases.size >= 10_000) prune(now);
        lease = { resetAt: 0, granted: 0, used: 0, untaken: 0, exhausted: false };
        leases.set(key, lease);
      }
      const quick = tryTake(key);
      if (quick) return quick;
      if (lease.exhausted && lease.resetAt > now) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)) };
      }
      // Concurrent calls of one key wait for a single renewal rather than each writing.
      await renewing(key, lease);
    }
  }

  function renewing(key: string, lease: Lease): Promise<void> {
    lease.pending ??= renew(key, lease).finally(() => {
      lease.pending = undefined;
    });
    return lease.pending;
  }

  /**
   * The refusal of a key whose shared counter this process found spent, from memory alone
   * (no write, no wait); undefined when the key may still have calls left.
   */
  function refusedFromMemory(key: string): RateDecision | undefined {
    const lease = leases.get(key);
    const now = clock.now().getTime();
    if (!lease?.exhausted || lease.used < lease.granted || lease.resetAt <= now) return undefined;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)) };
  }

  /**
   * What is left of the key's window as this process knows it, from memory: its lease's unused
   * calls and those no process had taken at its last renewal. Exact with one process; with
   * several, other replicas' leases and their calls since are not seen.
   */
  function status(key: string): RateStatus | undefined {
    const lease = leases.get(key);
    const now = clock.now().getTime();
    if (!lease || lease.resetAt <= now) return undefined;
    return {
      remaining: Math.max(0, lease.untaken + lease.granted - lease.used),
      resetSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)),
    };
  }

  return Object.assign(take, { tryTake, refusedFromMemory, status, limit, windowSeconds: Math.ceil(windowMs / 1000) });
}

export interface RateStatus {
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Counts one call of `key`; over the limit, throws the 429 with Retry-After and the envelope. */
export async function enforceRateLimit(
  take: RateLimiter,
  key: string,
  message: (retryAfterSeconds: number) => string,
  policy?: RatePolicy,
) {
  const decision = await take(key);
  if (decision.allowed) return;
  throw rateLimited(decision.retryAfterSeconds, message, policy);
}

/** The one refusal of every rate limit: 429 `RATE_LIMITED` with Retry-After (and the policy's RateLimit fields, when it has them). */
export function rateLimited(retryAfterSeconds: number, message: (retryAfterSeconds: number) => string, policy?: RatePolicy): AppError {
  const fields = policy && {
    'ratelimit-policy': policy.field,
    ratelimit: policy.status({ remaining: 0, resetSeconds: retryAfterSeconds }),
  };
  return new AppError(
    429,
    'RATE_LIMITED',
    message(retryAfterSeconds),
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds), ...fields },
  );
}

/**
 * A budget as the IETF RateLimit fields name it (draft-ietf-httpapi-ratelimit-headers, decision 070):
 * `RateLimit-Policy: "<name>";q=<calls>;w=<seconds>`, the same on every answer, and
 * `RateLimit: "<name>";r=<calls left>;t=<seconds to the window's end>`. The policy's field is made once.
 */
export interface RatePolicy {
  field: string;
  status(status: RateStatus): string;
}

export function ratePolicy(name: string, limiter: Pick<RateLimiter, 'limit' | 'windowSeconds'>): RatePolicy {
  const item = `"${name}"`;
  return {
    field: `${item};q=${limiter.limit};w=${limiter.windowSeconds}`,
    status: ({ remaining, resetSeconds }) => `${item};r=${remaining};t=${resetSeconds}`,
  };
}

/**
 * Every sign-in route (console and external API token) shares one budget per IP address:
 * an onRequest hook, so a refused request costs no parsing. Leases of 1: nearly every
 * address makes only a few calls, where a lease would save no write but cost exactness.
 */
export function signInRateLimit(deps: {
  config: Pick<Config, 'SIGN_IN_RATE_LIMIT_MAX' | 'SIGN_IN_RATE_LIMIT_WINDOW_MS'>;
  count: HitCounter;
  clock: Clock;
}) {
  const { config, count, clock } = deps;
  const take = createRateLimiter({
    count,
    clock,
    limit: config.SIGN_IN_RATE_LIMIT_MAX,
    windowMs: config.SIGN_IN_RATE_LIMIT_WINDOW_MS,
    lease: 1,
  });
  // Its fields go only with its refusal: an address that guesses passwords is not told how many tries it has left.
  const policy = ratePolicy('sign-in', take);
  return (request: FastifyRequest) =>
    enforceRateLimit(take, `sign-in:${request.ip}`, (s) => `Too many requests. Try again in ${inWords(s)}.`, policy);
}

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
