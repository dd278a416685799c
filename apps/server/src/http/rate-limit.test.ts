import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createRateLimitHitsRepository, type HitCounter } from '../db/rate-limit-hits.repository.js';
import { createTestDatabase } from '../test/test-database.js';
import { createRateLimiter, leaseSize } from './rate-limit.js';

/** The shared counter's semantics in memory, with a log of the writes it received. */
function memoryCounter() {
  const rows = new Map<string, { hits: number; resetAt: Date }>();
  const writes: number[] = [];
  const count: HitCounter = async (key, hits, windowMs, now) => {
    writes.push(hits);
    const row = rows.get(key);
    const next =
      !row || row.resetAt <= now ? { hits, resetAt: new Date(now.getTime() + windowMs) } : { hits: row.hits + hits, resetAt: row.resetAt };
    rows.set(key, next);
    return next;
  };
  return { count, writes };
}

describe('rate limiter', () => {
  it('sizes leases to a twentieth of the limit, between 1 and 1000', () => {
    expect([leaseSize(3), leaseSize(100), leaseSize(600), leaseSize(100_000)]).toEqual([1, 5, 30, 1000]);
  });

  it('allows the limit, refuses the next with the seconds left, and opens again in the next window', async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    const { count } = memoryCounter();
    const take = createRateLimiter({ count, limit: 3, windowMs: 60_000, clock: { now: () => now } });
    for (let i = 0; i < 3; i++) expect(await take('k')).toEqual({ allowed: true });
    now = new Date(now.getTime() + 15_500);
    expect(await take('k')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await take('other')).toEqual({ allowed: true });
    now = new Date(now.getTime() + 44_500);
    expect(await take('k')).toEqual({ allowed: true });
  });

  it('writes once per lease, and several limiters (replicas) share one limit', async () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const { count, writes } = memoryCounter();
    const replicas = [1, 2].map(() => createRateLimiter({ count, limit: 100, windowMs: 60_000, clock: { now: () => now } }));
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => replicas[i % 2]('k')));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    expect(writes.length).toBeLessThanOrEqual(100 / leaseSize(100) + 2);
  });

  it('answers from the lease in hand without waiting, and only from it', async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    const { count, writes } = memoryCounter();
    const take = createRateLimiter({ count, limit: 100, windowMs: 60_000, clock: { now: () => now } });
    expect(take.tryTake('k')).toBeUndefined(); // no lease yet: the counter decides
    expect(await take('k')).toEqual({ allowed: true });
    expect(take.tryTake('k')).toEqual({ allowed: true });
    now = new Date(now.getTime() + 60_000); // the lease's window is over
    expect(take.tryTake('k')).toBeUndefined();
    expect(writes).toEqual([5]);
  });

  it('takes the next lease while half of the current one is left, without making calls wait', async () => {
    const now = new Date('2026-11-20T10:00:00Z');
    const { count, writes } = memoryCounter();
    let release: () => void = () => undefined;
    let held = false;
    // Renewals after the first stay pending until released: calls must not wait for them.
    const slow: HitCounter = async (...args) => {
      if (writes.length > 0 && !held) {
        held = true;
        await new Promise<void>((r) => {
          release = r;
        });
      }
      return count(...args);
    };
    const take = createRateLimiter({ count: slow, limit: 200, windowMs: 60_000, clock: { now: () => now } });
    // A lease of 10: the 5th call starts the next renewal; the 6th to 10th do not wait for it.
    for (let i = 0; i < 10; i++) expect(await take('k')).toEqual({ allowed: true });
    expect(writes).toEqual([10]);
    release();
    for (let i = 0; i < 10; i++) expect(await take('k')).toEqual({ allowed: true });
    expect(writes).toEqual([10, 10, 10]);
  });
});

describe('shared hit counter in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('adds concurrent hits of one key in one window, and starts a new window when it ended', async () => {
    const { count } = createRateLimitHitsRepository(database.db);
    const start = new Date('2026-11-20T10:00:00Z');
    const rows = await Promise.all([1, 2, 3, 4].map((n) => count('k', n, 60_000, start)));
    expect(Math.max(...rows.map((r) => r.hits))).toBe(10);
    expect(rows.map((r) => r.resetAt.toISOString())).toEqual(Array(4).fill('2026-11-20T10:01:00.000Z'));

    expect(await count('k', 1, 60_000, new Date('2026-11-20T10:00:59.999Z'))).toMatchObject({ hits: 11 });
    const next = await count('k', 2, 60_000, new Date('2026-11-20T10:01:00Z'));
    expect(next).toEqual({ hits: 2, resetAt: new Date('2026-11-20T10:02:00Z') });
    expect(await count('other', 1, 60_000, start)).toMatchObject({ hits: 1 });
  });
});
