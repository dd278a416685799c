/** SQL of access keys (their table keeps its first name, `integrations`). Every method takes an optional transaction. */

import type { AccessKeyPermissions } from '@console/contracts';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countForCreate } from '../../db/organization-cap.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { preparedOn } from '../../db/prepared.js';
import { integrations as accessKeys, users } from '../../db/schema.js';

const viewColumns = {
  id: accessKeys.id,
  organizationId: accessKeys.organizationId,
  name: accessKeys.name,
  description: accessKeys.description,
  keyPrefix: accessKeys.keyPrefix,
  keyLast4: accessKeys.keyLast4,
  createdAt: accessKeys.createdAt,
  updatedAt: accessKeys.updatedAt,
  lastUsedAt: accessKeys.lastUsedAt,
  previousKeyExpiresAt: accessKeys.previousKeyExpiresAt,
  permissions: accessKeys.permissions,
  actsAlone: accessKeys.actsAlone,
  creatorId: users.id,
  creatorName: users.displayName,
  creatorEmail: users.email,
};

export interface NewKey {
  keyHash: string;
  keyPrefix: string;
  keyLast4: string;
}

export function createAccessKeysRepository(root: Db) {
  const selectViews = (db: Db) => db.select(viewColumns).from(accessKeys).leftJoin(users, eq(users.id, accessKeys.createdBy));

  const keyHashParam = sql.placeholder('keyHash');
  const findByKeyHashStatement = root
    .select({
      id: accessKeys.id,
      organizationId: accessKeys.organizationId,
      name: accessKeys.name,
      lastUsedAt: accessKeys.lastUsedAt,
      current: sql<boolean>`${accessKeys.keyHash} = ${keyHashParam}`,
      previousKeyExpiresAt: accessKeys.previousKeyExpiresAt,
      permissions: accessKeys.permissions,
      actsAlone: accessKeys.actsAlone,
    })
    .from(accessKeys)
    .where(or(eq(accessKeys.keyHash, keyHashParam), eq(accessKeys.previousKeyHash, keyHashParam)))
    .limit(1)
    .prepare('access_keys_find_by_key_hash');

  /** A page of an organization's keys, newest first, with their count: the Keys screen's call, prepared once. */
  const pageQuery = (db: Db) =>
    db
      .select({ ...viewColumns, total: totalOver() })
      .from(accessKeys)
      .leftJoin(users, eq(users.id, accessKeys.createdBy))
      .where(eq(accessKeys.organizationId, sql.placeholder('organizationId')))
      .orderBy(desc(accessKeys.createdAt), desc(accessKeys.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  const pageStatement = preparedOn(root, 'access_keys_page', pageQuery);

  const repo = {
    async list(organizationId: string, page: { page: number; limit: number }, db: Db = root) {
      const rows = await pageStatement(db).execute({ organizationId, limit: page.limit, offset: pageOffset(page) });
      return { rows, total: await pageTotal(rows, page, () => repo.count(organizationId, db)) };
    },

    async count(organizationId: string, db: Db = root) {
      return db.$count(accessKeys, eq(accessKeys.organizationId, organizationId));
    },

    /** The organization's keys, counted for its cap (db/organization-cap.ts). */
    async countForCreate(organizationId: string, db: Db = root) {
      return countForCreate(db, accessKeys, organizationId);
    },

    async findById(organizationId: string, id: string, db: Db = root) {
      const [row] = await selectViews(db).where(and(eq(accessKeys.organizationId, organizationId), eq(accessKeys.id, id)));
      return row;
    },

    async insert(
      values: {
        organizationId: string;
        name: string;
        description: string;
        permissions: AccessKeyPermissions;
        actsAlone: boolean;
        /** Null when a key acting on its own made it (no person did). */
        createdBy: string | null;
        now: Date;
      } & NewKey,
      db: Db = root,
    ) {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(accessKeys)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .returning({ id: accessKeys.id });
      return row.id;
    },

    /** Its permissions stay as they are when `values.permissions` is left out. */
    async update(
      organizationId: string,
      id: string,
      values: { name: string; description: string; permissions?: AccessKeyPermissions; actsAlone?: boolean; now: Date },
      db: Db = root,
    ) {
      const rows = await db
        .update(accessKeys)
        .set({
          name: values.name,
          description: values.description,
          ...(values.permissions !== undefined && { permissions: values.permissions }),
          ...(values.actsAlone !== undefined && { actsAlone: values.actsAlone }),
          updatedAt: values.now,
        })
        .where(and(eq(accessKeys.organizationId, organizationId), eq(accessKeys.id, id)))
        .returning({ id: accessKeys.id });
      return rows.length > 0;
    },

    async remove(organizationId: string, id: string, db: Db = root) {
      const rows = await db
        .delete(accessKeys)
        .where(and(eq(accessKeys.organizationId, organizationId), eq(accessKeys.id, id)))
        .returning({ id: accessKeys.id });
      return rows.length > 0;
    },

    /**
     * Swaps in a new secret in one statement. The old secret's hash stays, to tell its
     * caller that it was rolled, and works until `previousKeyExpiresAt` (now: not at all).
     * Only the latest previous secret is kept: rolling again in a grace period ends the older one.
     */
    async replaceKey(organizationId: string, id: string, key: NewKey & { previousKeyExpiresAt: Date; now: Date }, db: Db = root) {
      const rows = await db
        .update(accessKeys)
        .set({
          previousKeyHash: sql`${accessKeys.keyHash}`,
          previousKeyExpiresAt: key.previousKeyExpiresAt,
          keyHash: key.keyHash,
          keyPrefix: key.keyPrefix,
          keyLast4: key.keyLast4,
          updatedAt: key.now,
        })
        .where(and(eq(accessKeys.organizationId, organizationId), eq(accessKeys.id, id)))
        .returning({ id: accessKeys.id });
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
        .update(accessKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(accessKeys.id, id), or(isNull(accessKeys.lastUsedAt), lt(accessKeys.lastUsedAt, notBefore))));
    },
  };
  return repo;
}

export type KeyRow = NonNullable<Awaited<ReturnType<AccessKeysRepository['findKeyRow']>>>;

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

export type AccessKeysRepository = ReturnType<typeof createAccessKeysRepository>;
export type AccessKeyRow = NonNullable<Awaited<ReturnType<AccessKeysRepository['findById']>>>;
