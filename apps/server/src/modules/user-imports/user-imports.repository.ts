/** SQL of user imports: the import rows, their errors, leases and purging. */
import { type UserImportErrorCode, userImportErrorMessages } from '@console/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, sqlRows } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { userImportErrors, userImportInvitations, userImportRows, userImports } from '../../db/schema.js';

export type UserImportRow = typeof userImports.$inferSelect;
export type NewUserImport = typeof userImports.$inferInsert;
/** Values to set on an import: plain or SQL expressions (counters). */
export type ImportUpdate = PgUpdateSetSource<typeof userImports>;

const openInvitations = sql<number>`(SELECT count(*)::int FROM ${userImportInvitations} i
  WHERE i.import_id = ${userImports.id} AND i.status IN ('pending', 'sending'))`;

export async function insertImport(db: Db, values: NewUserImport): Promise<UserImportRow> {
  const [row] = await db.insert(userImports).values(values).returning();
  return row;
}

export async function listImports(db: Db, organizationId: string, page: number, limit: number) {
  const where = and(eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: userImports, invitationsPending: openInvitations })
      .from(userImports)
      .where(where)
      .orderBy(desc(userImports.createdAt), desc(userImports.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(userImports).where(where),
  ]);
  return { rows, total };
}

/** An import of this organization that is not removed. */
export async function findImport(db: Db, organizationId: string, id: string) {
  const [found] = await db
    .select({ row: userImports, invitationsPending: openInvitations })
    .from(userImports)
    .where(and(eq(userImports.id, id), eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt)));
  return found;
}

export async function getImport(db: Db, id: string): Promise<UserImportRow | undefined> {
  const [row] = await db.select().from(userImports).where(eq(userImports.id, id));
  return row;
}

export async function updateImport(db: Db, id: string, values: ImportUpdate): Promise<void> {
  await db.update(userImports).set(values).where(eq(userImports.id, id));
}

/** Updates the import only if it still has `status`; answers whether it did. */
export async function updateImportWhere(db: Db, id: string, status: string, values: ImportUpdate): Promise<boolean> {
  const rows = await db
    .update(userImports)
    .set(values)
    .where(and(eq(userImports.id, id), eq(userImports.status, status), isNull(userImports.deletedAt)))
    .returning({ id: userImports.id });
  return rows.length > 0;
}

/** Marks the rows that failed to apply for the retry pass; answers how many. */
export async function markFailedRowsForRetry(db: Db, importId: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`WITH r AS (
          UPDATE ${userImportRows} SET outcome = 'retry', error = NULL
          WHERE import_id = ${importId} AND outcome = 'error' RETURNING 1)
        SELECT count(*)::int AS n FROM r`,
  );
  return row.n;
}

export async function markRemoved(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(userImports)
    .set({ deletedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(and(eq(userImports.id, id), eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt)))
    .returning({ id: userImports.id });
  return rows.length > 0;
}

// --- Leases: one job run works on an import at a time ---------------------------------

/** Takes (or renews) the import for this run; undefined when another run holds it or it is over. */
export async function claimImport(db: Db, id: string, owner: string, seconds: number): Promise<UserImportRow | undefined> {
  const [row] = await db
    .update(userImports)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(userImports.id, id),
        isNull(userImports.deletedAt),
        eq(userImports.status, 'processing'),
        sql`(${userImports.leaseOwner} IS NULL OR ${userImports.leaseUntil} < now() OR ${userImports.leaseOwner} = ${owner})`,
      ),
    )
    .returning();
  return row;
}

/** Seconds until another run's hold on a processing import ends; undefined when nothing is left to do. */
export async function leaseWait(db: Db, id: string): Promise<number | undefined> {
  const [row] = await sqlRows<{ wait: number | null }>(
    db,
    sql`SELECT greatest(0, extract(epoch FROM lease_until - now()))::float8 AS wait FROM ${userImports}
        WHERE id = ${id} AND status = 'processing' AND deleted_at IS NULL`,
  );
  return row ? (row.wait ?? 0) : undefined;
}

export class LeaseLost extends Error {
  constructor() {
    super('The import was removed or taken over by another run.');
  }
}

/** Renews the hold and writes progress; fails with LeaseLost when the import is removed or taken. */
export async function checkpoint(db: Db, id: string, owner: string, seconds: number, values: ImportUpdate = {}): Promise<void> {
  const rows = await db
    .update(userImports)
    .set({ ...values, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(userImports.id, id), eq(userImports.leaseOwner, owner), isNull(userImports.deletedAt)))
    .returning({ id: userImports.id });
  if (rows.length === 0) throw new LeaseLost();
}

export async function releaseImport(db: Db, id: string, owner: string): Promise<void> {
  await db
    .update(userImports)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(userImports.id, id), eq(userImports.leaseOwner, owner)));
}

/** Imports that should be running and are not: no run holds them (after a crash, say). */
export async function orphanedImports(db: Db): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM ${userImports} WHERE status = 'processing' AND deleted_at IS NULL
        AND (lease_until IS NULL OR lease_until < now()) ORDER BY created_at`,
  );
  return rows.map((r) => r.id);
}

/** Processing imports that a run holds, with the seconds its hold has left. */
export async function heldImports(db: Db): Promise<{ id: string; wait: number }[]> {
  return sqlRows<{ id: string; wait: number }>(
    db,
    sql`SELECT id, extract(epoch FROM lease_until - now())::float8 AS wait FROM ${userImports}
        WHERE status = 'processing' AND deleted_at IS NULL AND lease_until >= now()`,
  );
}

/** On the embedded database one process owns the data: every hold is of a process that died. */
export async function dropAllLeases(db: Db): Promise<void> {
  await db.update(userImports).set({ leaseOwner: null, leaseUntil: null }).where(eq(userImports.status, 'processing'));
}

// --- The organization ------------------------------------------------------------------

/**
 * Whether the import's organization is disabled. Its row is locked FOR SHARE: inside a
 * transaction that writes users, a disable (which locks the row FOR UPDATE) waits for that
 * transaction to end, and a disable committed before it is seen. So no batch writes users
 * after its organization was disabled.
 */
export async function organizationDisabled(db: Db, importId: string): Promise<boolean> {
  const [row] = await sqlRows<{ disabled: boolean }>(
    db,
    sql`SELECT o.disabled_at IS NOT NULL AS disabled FROM ${userImports} m JOIN organizations o ON o.id = m.organization_id
        WHERE m.id = ${importId} FOR SHARE OF o`,
  );
  return row?.disabled ?? false;
}

/** Records (once) that the import stopped because its organization was disabled; a completed one is shown as failed. */
export async function recordOrganizationDisabled(db: Db, importId: string): Promise<void> {
  await db.execute(sql`WITH e AS (
      INSERT INTO ${userImportErrors} (import_id, rows, code, error)
      SELECT ${importId}, '{}', 'ORGANIZATION_DISABLED', ${userImportErrorMessages.ORGANIZATION_DISABLED}
      WHERE NOT EXISTS (SELECT 1 FROM ${userImportErrors} WHERE import_id = ${importId} AND code = 'ORGANIZATION_DISABLED'))
    UPDATE ${userImports} SET status = 'error', finished_at = coalesce(finished_at, now())
    WHERE id = ${importId} AND status = 'completed'`);
}

// --- Errors ----------------------------------------------------------------------------

export interface ErrorInput {
  code: UserImportErrorCode;
  rows: number[];
  email?: string | null;
  employeeId?: string | null;
  value?: string | null;
}

export async function insertErrors(db: Db, importId: string, errors: ErrorInput[]): Promise<void> {
  if (errors.length === 0) return;
  await db.insert(userImportErrors).values(
    errors.map((e) => ({
      importId,
      code: e.code,
      error: userImportErrorMessages[e.code],
      rows: e.rows,
      email: e.email ?? null,
      employeeId: e.employeeId ?? null,
      value: e.value ?? null,
    })),
  );
}

export async function deleteErrors(db: Db, importId: string, codes?: UserImportErrorCode[]): Promise<void> {
  await db
    .delete(userImportErrors)
    .where(
      codes
        ? and(eq(userImportErrors.importId, importId), sql`${userImportErrors.code} IN (${sql.join(codes, sql`, `)})`)
        : eq(userImportErrors.importId, importId),
    );
}

const errorColumns = {
  id: userImportErrors.id,
  email: userImportErrors.email,
  employeeId: userImportErrors.employeeId,
  rows: userImportErrors.rows,
  code: userImportErrors.code,
  error: userImportErrors.error,
  value: userImportErrors.value,
};

const firstRow = sql<number>`coalesce(${userImportErrors.rows}[1], 0)`;

/** Errors in row order; `email` keeps those whose e-mail contains it, in any case. */
export async function listErrors(db: Db, importId: string, opts: { email?: string; offset: number; limit: number }) {
  const where = and(
    eq(userImportErrors.importId, importId),
    opts.email ? sql`${userImportErrors.email} ILIKE ${containsPattern(opts.email)}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(errorColumns)
      .from(userImportErrors)
      .where(where)
      .orderBy(firstRow, userImportErrors.code, userImportErrors.value, userImportErrors.id)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(userImportErrors).where(where),
  ]);
  return { rows, total };
}

/** Every error of an import in row order, a page at a time after `after` (keyset, for downloads). */
export async function errorsAfter(db: Db, importId: string, after: { row: number; id: string } | undefined, limit: number) {
  return db
    .select({ ...errorColumns, firstRow: firstRow })
    .from(userImportErrors)
    .where(
      and(
        eq(userImportErrors.importId, importId),
        after ? sql`(${firstRow}, ${userImportErrors.id}) > (${after.row}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(firstRow, userImportErrors.id)
    .limit(limit);
}

// --- Purging ---------------------------------------------------------------------------

/** Deletes up to `limit` staged rows of an import; answers how many went. Short queries for PGlite. */
export async function deleteStagedRows(db: Db, importId: string, limit: number): Promise<number> {
  const rows = await sqlRows<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM ${userImportRows} WHERE import_id = ${importId} AND row_number IN (
            SELECT row_number FROM ${userImportRows} WHERE import_id = ${importId} ORDER BY row_number LIMIT ${limit})
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0].n;
}

export async function deleteInvitations(db: Db, importId: string, limit: number): Promise<number> {
  const rows = await sqlRows<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM ${userImportInvitations} WHERE import_id = ${importId} AND user_id IN (
            SELECT user_id FROM ${userImportInvitations} WHERE import_id = ${importId} LIMIT ${limit})
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0].n;
}

export async function deleteImport(db: Db, id: string): Promise<void> {
  await db.delete(userImports).where(eq(userImports.id, id));
}

export async function removedImports(db: Db): Promise<{ id: string; blobKey: string }[]> {
  return db.select({ id: userImports.id, blobKey: userImports.blobKey }).from(userImports).where(sql`${userImports.deletedAt} IS NOT NULL`);
}
