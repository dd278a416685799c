/** SQL of integration access keys. Every method takes an optional transaction. */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { auditLog, integrations, users } from '../../db/schema.js';

const viewColumns = {
  id: integrations.id,
  organizationId: integrations.organizationId,
  name: integrations.name,
  description: integrations.description,
  keyPrefix: integrations.keyPrefix,
  keyLast4: integrations.keyLast4,
  createdAt: integrations.createdAt,
  updatedAt: integrations.updatedAt,
  lastUsedAt: integrations.lastUsedAt,
  previousKeyExpiresAt: integrations.previousKeyExpiresAt,
  creatorId: users.id,
  creatorName: users.displayName,
  creatorEmail: users.email,
};

export interface NewKey {
  keyHash: string;
  keyPrefix: string;
  keyLast4: string;
}

export function createIntegrationsRepository(root: Db) {
  const selectViews = (db: Db) => db.select(viewColumns).from(integrations).leftJoin(users, eq(users.id, integrations.createdBy));

  const keyHashParam = sql.placeholder('keyHash');
  const findByKeyHashStatement = root
    .select({
      id: integrations.id,
      organizationId: integrations.organizationId,
      lastUsedAt: integrations.lastUsedAt,
      current: sql<boolean>`${integrations.keyHash} = ${keyHashParam}`,
      previousKeyExpiresAt: integrations.previousKeyExpiresAt,
    })
    .from(integrations)
    .where(or(eq(integrations.keyHash, keyHashParam), eq(integrations.previousKeyHash, keyHashParam)))
    .limit(1)
    .prepare('integrations_find_by_key_hash');

  const repo = {
    async list(organizationId: string, page: { page: number; limit: number }, db: Db = root) {
      const rows = await db
        .select({ ...viewColumns, total: totalOver() })
        .from(integrations)
        .leftJoin(users, eq(users.id, integrations.createdBy))
        .where(eq(integrations.organizationId, organizationId))
        .orderBy(desc(integrations.createdAt), desc(integrations.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => repo.count(organizationId, db)) };
    },

    async count(organizationId: string, db: Db = root) {
      return db.$count(integrations, eq(integrations.organizationId, organizationId));
    },

    async findById(organizationId: string, id: string, db: Db = root) {
      const [row] = await selectViews(db).where(and(eq(integrations.organizationId, organizationId), eq(integrations.id, id)));
      return row;
    },

    async insert(
      values: { organizationId: string; name: string; description: string; createdBy: string; now: Date } & NewKey,
      db: Db = root,
    ) {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(integrations)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .returning({ id: integrations.id });
      return row.id;
    },

    async update(organizationId: string, id: string, values: { name: string; description: string; now: Date }, db: Db = root) {
      const rows = await db
        .update(integrations)
        .set({ name: values.name, description: values.description, updatedAt: values.now })
        .where(and(eq(integrations.organizationId, organizationId), eq(integrations.id, id)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    async remove(organizationId: string, id: string, db: Db = root) {
      const rows = await db
        .delete(integrations)
        .where(and(eq(integrations.organizationId, organizationId), eq(integrations.id, id)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /**
     * Swaps in a new secret in one statement. The old secret's hash stays, to tell its
     * caller that it was rolled, and works until `previousKeyExpiresAt` (now: not at all).
     * Only the latest previous secret is kept: rolling again in a grace period ends the older one.
     */
    async replaceKey(organizationId: string, id: string, key: NewKey & { previousKeyExpiresAt: Date; now: Date }, db: Db = root) {
      const rows = await db
        .update(integrations)
        .set({
          previousKeyHash: sql`${integrations.keyHash}`,
          previousKeyExpiresAt: key.previousKeyExpiresAt,
          keyHash: key.keyHash,
          keyPrefix: key.keyPrefix,
          keyLast4: key.keyLast4,
          updatedAt: key.now,
        })
        .where(and(eq(integrations.organizationId, organizationId), eq(integrations.id, id)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /**
     * The key whose current or previous secret has this hash. `expiredAt` is set when only
     * a previous secret matched and its grace period is over at `now`. Runs on every
     * external API call: a prepared statement (built once, planned once per connection).
     */
    async findByKeyHash(keyHash: string, now: Date) {
      const row = await repo.findKeyRow(keyHash);
      return row && keyAt(row, now);
    },

    /** The stored facts behind findByKeyHash, which keyAt turns into a verdict at a given time. */
    async findKeyRow(keyHash: string) {
      const [row] = await findByKeyHashStatement.execute({ keyHash });
      return row;
    },

    /** Sets last_used_at unless it is already newer than `notBefore` (so a burst writes once). */
    async touchLastUsed(id: string, now: Date, notBefore: Date, db: Db = root) {
      await db
        .update(integrations)
        .set({ lastUsedAt: now })
        .where(and(eq(integrations.id, id), or(isNull(integrations.lastUsedAt), lt(integrations.lastUsedAt, notBefore))));
    },

    async audit(
      entry: { organizationId: string; actorUserId: string; action: string; targetId: string; details?: unknown },
      db: Db = root,
    ) {
      await db.insert(auditLog).values({ ...entry, targetType: 'integration', details: entry.details ?? null });
    },
  };
  return repo;
}

export type KeyRow = NonNullable<Awaited<ReturnType<IntegrationsRepository['findKeyRow']>>>;

/** The key of a stored row at `now`: `expiredAt` when only its previous secret matched and its grace is over. */
export function keyAt(row: KeyRow, now: Date) {
  const { current: _c, previousKeyExpiresAt: _p, ...key } = row;
  return { ...key, expiredAt: keyExpiredAt(row, now) };
}

/** When the secret that matched stopped working, or null while it works. */
export function keyExpiredAt(row: KeyRow, now: Date): Date | null {
  const { current, previousKeyExpiresAt } = row;
  return !current && (!previousKeyExpiresAt || previousKeyExpiresAt <= now) ? (previousKeyExpiresAt ?? now) : null;
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
export type IntegrationRow = NonNullable<Awaited<ReturnType<IntegrationsRepository['findById']>>>;
