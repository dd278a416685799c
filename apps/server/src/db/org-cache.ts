/**
 * A bounded in-memory cache whose entries belong to an organization and are served only
 * while the change feed (change-feed.ts) has seen no change of that organization since
 * the entry was read, and only while the feed is listening. Entries also expire after
 * `ttlMs` as a safety net. Oldest entries go first when full. What the feed reports may
 * also be a kind of data rather than an organization ('user_imports'): an entry then
 * belongs to that instead.
 *
 *   const stamp = cache.stamp();            // before reading the database
 *   const row = await readTheDatabase();
 *   cache.set(key, row.organizationId, stamp, row);
 */
import type { ChangeFeed } from './change-feed.js';

/** A safety net: even without a reported change, an entry is read again after this. */
const CACHE_TTL_MS = 60_000;

interface Entry<V> {
  organizationId: string;
  stamp: number;
  value: V;
  expiresAt: number;
}

export class OrgCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Reads under way, by key, with the stamp taken before each began. */
  private readonly loading = new Map<string, { stamp: number; value: Promise<V | undefined> }>();

  constructor(
    private readonly feed: Pick<ChangeFeed, 'stamp' | 'isFresh' | 'listening'>,
    private readonly opts: { maxEntries: number; ttlMs: number },
  ) {}

  /** Whether the cache may serve at all (the feed is listening). */
  get enabled(): boolean {
    return this.feed.listening;
  }

  stamp(): number {
    return this.feed.stamp();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.feed.isFresh(entry.organizationId, entry.stamp) || entry.expiresAt <= performance.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a value read after `stamp`, unless its organization changed meanwhile. */
  set(key: string, organizationId: string, stamp: number, value: V): void {
    if (!this.feed.isFresh(organizationId, stamp)) return;
    if (this.entries.size >= this.opts.maxEntries && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { organizationId, stamp, value, expiresAt: performance.now() + this.opts.ttlMs });
  }

  /**
   * The cached value, or `load`'s (kept when found and its organization did not change
   * meanwhile). Callers that miss together share one read: when a change empties the cache,
   * the requests that were waiting on it make one round trip, not one each (under load they
   * queued for the pool's connections: bench/history.md, "Console caches"). A caller joins
   * a read only if no change at all was reported since it began, so the answer is as fresh
   * as one it would have read itself.
   */
  async through<L extends V | undefined>(key: string, load: () => Promise<L>, organizationOf: (value: V) => string): Promise<L> {
    if (!this.feed.listening) return load();
    const hit = this.get(key);
    if (hit !== undefined) return hit as L;
    const stamp = this.feed.stamp();
    const under = this.loading.get(key);
    // Another caller's read of the same key: its load has this caller's type.
    if (under && under.stamp === stamp) return under.value as Promise<L>;
    const read = {
      stamp,
      value: load().then((value) => {
        if (value !== undefined) this.set(key, organizationOf(value), stamp, value);
        return value;
      }),
    };
    this.loading.set(key, read);
    try {
      return await read.value;
    } finally {
      if (this.loading.get(key) === read) this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** `cache.through(…)`, or the database itself (`load`) where there is no cache. */
export function readThrough<V, L extends V | undefined>(
  cache: OrgCache<V> | undefined,
  key: string,
  load: () => Promise<L>,
  organizationOf: (value: V) => string,
): Promise<L> {
  return cache ? cache.through(key, load, organizationOf) : load();
}

/** A cache on the change feed, or none without one (nothing would tell it of changes). */
export function orgCacheOn<V>(feed: ChangeFeed | undefined, maxEntries: number): OrgCache<V> | undefined {
  return feed ? new OrgCache<V>(feed, { maxEntries, ttlMs: CACHE_TTL_MS }) : undefined;
}
