/**
 * Per-key rate limit of the external API: a fixed window whose counter lives in the
 * database, so every replica counts against the same limit. To keep a database write off
 * most requests, a process takes its calls from the shared counter in small leases
 * (a twentieth of the limit, at most 50): it writes once per lease, not once per call.
 * The price: a replica may hold up to a lease of calls it does not use, so with many
 * replicas a key can be refused slightly before the limit (never after it).
 * docs/decisions/ on the external API explains the choice.
 */
import type { Clock } from '../../deps.js';

/** Adds `hits` to the key's counter in its current window; starts a new window when the last one ended. */
export type HitCounter = (key: string, hits: number, windowMs: number, now: Date) => Promise<{ hits: number; resetAt: Date }>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Lease {
  resetAt: number;
  granted: number;
  used: number;
  /** The shared counter reached the limit: refuse until resetAt without asking again. */
  exhausted: boolean;
  pending?: Promise<void>;
}

export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(50, Math.floor(limit / 20)));
}

export function createRateLimiter(opts: { count: HitCounter; limit: number; windowMs: number; clock: Clock }) {
  const { count, limit, windowMs, clock } = opts;
  const chunk = leaseSize(limit);
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
    lease.exhausted = grant < chunk;
  }

  function prune(now: number) {
    for (const [key, lease] of leases) if (lease.resetAt <= now && !lease.pending) leases.delete(key);
  }

  return async function take(key: string): Promise<RateDecision> {
    for (;;) {
      const now = clock.now().getTime();
      let lease = leases.get(key);
      if (!lease || (lease.resetAt <= now && !lease.pending)) {
        if (leases.size >= 10_000) prune(now);
        lease = { resetAt: 0, granted: 0, used: 0, exhausted: false };
        leases.set(key, lease);
      }
      if (lease.used < lease.granted) {
        lease.used++;
        return { allowed: true };
      }
      if (lease.exhausted && lease.resetAt > now) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)) };
      }
      // Concurrent calls of one key wait for a single renewal rather than each writing.
      const current = lease;
      current.pending ??= renew(key, current).finally(() => {
        current.pending = undefined;
      });
      await current.pending;
    }
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
