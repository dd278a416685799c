/**
 * A bounded in-memory cache whose entries belong to a scope of the change feed
 * (change-feed.ts, ChangeScope: an organization, or a kind of data such as 'user_imports')
 * and are served only while the feed has seen no change of that scope since the entry was
 * read, and only while the feed is listening. Entries also expire after `ttlMs` as a safety
 * net. Oldest entries go first when full.
 *
 *   const stamp = cache.stamp();            // before reading the database
 *   const row = await readTheDatabase();
 *   cache.set(key, row.organizationId, stamp, row);
 */
import type { ChangeFeed, ChangeScope } from './change-feed.js';

/** A safety net: even without a reported change, an entry is read again after this. */
const CACHE_TTL_MS = 60_000;

interface Entry<V> {
  scope: ChangeScope;
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
    if (!this.feed.isFresh(entry.scope, entry.stamp) || entry.expiresAt <= performance.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a value read after `stamp`, unless its scope changed meanwhile. */
  set(key: string, scope: ChangeScope, stamp: number, value: V): void {
    if (!this.feed.isFresh(scope, stamp)) return;
    if (this.entries.size >= this.opts.maxEntries && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { scope, stamp, value, expiresAt: performance.now() + this.opts.ttlMs });
  }

  /**
   * The cached value, or `load`'s (kept when found and its scope did not change
   * meanwhile). Callers that miss together share one read: when a change empties the cache,
   * the requests that were waiting on it make one round trip, not one each (under load they
   * queued for the pool's connections: bench/history.md, "Console caches"). A caller joins
   * a read only if no change at all was reported since it began, so the answer is as fresh
   * as one it would have read itself.
   */
  async through<L extends V | undefined>(key: string, load: () => Promise<L>, scopeOf: (value: V) => ChangeScope): Promise<L> {
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
        if (value !== undefined) this.set(key, scopeOf(value), stamp, value);
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
  scopeOf: (value: V) => ChangeScope,
): Promise<L> {
  return cache ? cache.through(key, load, scopeOf) : load();
}

/** A cache on the change feed, or none without one (nothing would tell it of changes). */
export function orgCacheOn<V>(feed: ChangeFeed | undefined, maxEntries: number): OrgCache<V> | undefined {
  return feed ? new OrgCache<V>(feed, { maxEntries, ttlMs: CACHE_TTL_MS }) : undefined;
}
