/**
 * A bounded in-memory cache whose entries belong to an organization and are served only
 * while the change feed (change-feed.ts) has seen no change of that organization since
 * the entry was read, and only while the feed is listening. Entries also expire after
 * `ttlMs` as a safety net. Oldest entries go first when full.
 *
 *   const stamp = cache.stamp();            // before reading the database
 *   const row = await readTheDatabase();
 *   cache.set(key, row.organizationId, stamp, row);
 */
import type { ChangeFeed } from './change-feed.js';

interface Entry<V> {
  organizationId: string;
  stamp: number;
  value: V;
  expiresAt: number;
}

export class OrgCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

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

  /** The cached value, or `load`'s (kept when found and its organization did not change meanwhile). */
  async through(key: string, load: () => Promise<V | undefined>, organizationOf: (value: V) => string): Promise<V | undefined> {
    if (!this.feed.listening) return load();
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const stamp = this.feed.stamp();
    const value = await load();
    if (value !== undefined) this.set(key, organizationOf(value), stamp, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
