/**
 * The user imports themselves (user_imports): the imports list and details, their progress
 * and status, removal and the organization's state; with them, the organization's preferred
 * options (user-import-preferences.repository.ts) and what the template is made from
 * (user-import-template.repository.ts). Their holds, errors, invitations and staged rows have their own repositories
 * (user-import-*.repository.ts); the import's set-based steps are in set-based/. Every
 * method takes an optional executor last (`db`), so that a caller can run it in its
 * transaction.
 */
import { userImportErrorMessages } from '@console/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, sqlRows } from '../../db/client.js';
import { pageTotal, totalOver } from '../../db/paging.js';
import { preparedOn } from '../../db/prepared.js';
import { userImportErrors, userImportInvitations, userImports } from '../../db/schema.js';
import type { BatchResult } from './set-based/apply.js';
import { createUserImportPreferencesRepository } from './user-import-preferences.repository.js';
import { createUserImportTemplateRepository } from './user-import-template.repository.js';

export type UserImportRow = typeof userImports.$inferSelect;
export type NewUserImport = typeof userImports.$inferInsert;
/** Values to set on an import: plain or SQL expressions (counters). */
export type ImportUpdate = PgUpdateSetSource<typeof userImports>;

/** The import `id` if it is not removed, and the other conditions given. */
export const liveImport = (id: string, ...also: SQL[]) => and(eq(userImports.id, id), isNull(userImports.deletedAt), ...also);

/** The database's time, for an import's start and end: its holds are on the database's clock too. */
export const dbNow = () => sql`now()`;

/** What an applied batch adds to the import's counters; a first pass (not a retry) also moves its checkpoint to the batch's last row. */
export function batchProgress(r: BatchResult, appliedThrough?: number): ImportUpdate {
  return {
    ...(appliedThrough === undefined ? {} : { appliedThrough, rowsApplied: sql`${userImports.rowsApplied} + ${r.rows}` }),
    usersCreated: sql`${userImports.usersCreated} + ${r.created}`,
    usersUpdated: sql`${userImports.usersUpdated} + ${r.updated}`,
    usersFailed: sql`${userImports.usersFailed} + ${r.failed}`,
    rowsWithErrors: sql`${userImports.rowsWithErrors} + ${r.failed}`,
  };
}

const openInvitations = sql<number>`(SELECT count(*)::int FROM ${userImportInvitations} i
  WHERE i.import_id = ${userImports.id} AND i.status IN ('pending', 'sending'))`;

/** The imports screen's page of an organization's imports with their total, and their count for a page past the end (placeholders: organizationId, limit, offset). */
const listedImports = sql`${userImports.organizationId} = ${sql.placeholder('organizationId')} and ${userImports.deletedAt} is null`;
const importsPageQuery = (db: Db) =>
  db
    .select({ row: userImports, invitationsPending: openInvitations, total: totalOver() })
    .from(userImports)
    .where(listedImports)
    .orderBy(desc(userImports.createdAt), desc(userImports.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
const importsCountQuery = (db: Db) => db.select({ total: count() }).from(userImports).where(listedImports);

export function createUserImportsRepository(root: Db) {
  // The imports list is read again and again while an import runs (its screen polls): prepared once.
  const importsPage = preparedOn(root, 'user_imports_page', importsPageQuery);
  const importsCount = preparedOn(root, 'user_imports_count', importsCountQuery);

  /** Updates the import only if it still has `status`; answers whether it did. */
  async function updateImportWhere(id: string, status: string, values: ImportUpdate, db: Db = root): Promise<boolean> {
    const rows = await db
      .update(userImports)
      .set(values)
      .where(liveImport(id, eq(userImports.status, status)))
      .returning({ id: userImports.id });
    return rows.length > 0;
  }

  return {
    ...createUserImportPreferencesRepository(root),
    ...createUserImportTemplateRepository(root),

    async insertImport(values: NewUserImport, db: Db = root): Promise<UserImportRow> {
      const [row] = await db.insert(userImports).values(values).returning();
      return row;
    },

    async listImports(organizationId: string, page: number, limit: number, db: Db = root) {
      const rows = await importsPage(db).execute({ organizationId, limit, offset: (page - 1) * limit });
      const total = await pageTotal(rows, { page }, async () => {
        const [{ total }] = await importsCount(db).execute({ organizationId });
        return total;
      });
      return { rows, total };
    },

    /** An import of this organization that is not removed. */
    async findImport(organizationId: string, id: string, db: Db = root) {
      const [found] = await db
        .select({ row: userImports, invitationsPending: openInvitations })
        .from(userImports)
        .where(liveImport(id, eq(userImports.organizationId, organizationId)));
      return found;
    },

    async getImport(id: string, db: Db = root): Promise<UserImportRow | undefined> {
      const [row] = await db.select().from(userImports).where(eq(userImports.id, id));
      return row;
    },

    updateImportWhere,

    /**
     * Stops a running import of the organization, in one statement that also ends the run's
     * hold: the run's next checkpoint (which every batch's transaction starts with) finds the
     * hold gone and ends without applying another batch. A batch in flight holds the import's
     * row locked: the stop waits for it to commit and its counters are in the row answered.
     * Undefined when the import is not running (or not the organization's, or removed).
     */
    async stopImport(organizationId: string, id: string, db: Db = root): Promise<UserImportRow | undefined> {
      const [row] = await db
        .update(userImports)
        .set({ status: 'stopped', phase: 'done', finishedAt: dbNow(), leaseOwner: null, leaseUntil: null })
        .where(liveImport(id, eq(userImports.organizationId, organizationId), eq(userImports.status, 'processing')))
        .returning();
      return row;
    },

    /**
     * A failed import back to processing for a retry, if it still has `status`: from its phase
     * (a run that stopped half way), or retrying its failures (a finished one). Its failure
     * counters drop by the rows and invitations the retry runs again. Answers whether it did.
     */
    async reopenForRetry(
      id: string,
      status: string,
      phase: string,
      again: { failedRows: number; invitations: number },
      db: Db = root,
    ): Promise<boolean> {
      return updateImportWhere(
        id,
        status,
        {
          status: 'processing',
          phase,
          usersFailed: sql`greatest(0, ${userImports.usersFailed} - ${again.failedRows})`,
          invitationsFailed: sql`greatest(0, ${userImports.invitationsFailed} - ${again.invitations})`,
          rowsWithErrors: sql`greatest(0, ${userImports.rowsWithErrors} - ${again.failedRows})`,
          finishedAt: null,
        },
        db,
      );
    },

    /** Hides the import; the removed import's file name, or undefined when there was none to remove. */
    async markRemoved(organizationId: string, id: string, db: Db = root): Promise<{ filename: string } | undefined> {
      const [row] = await db
        .update(userImports)
        .set({ deletedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
        .where(liveImport(id, eq(userImports.organizationId, organizationId)))
        .returning({ filename: userImports.filename });
      return row;
    },

    /**
     * Whether the import's organization is disabled. Its row is locked FOR SHARE: inside a
     * transaction that writes users, a disable (which locks the row FOR UPDATE) waits for that
     * transaction to end, and a disable committed before it is seen. So no batch writes users
     * after its organization was disabled.
     */
    async organizationDisabled(importId: string, db: Db = root): Promise<boolean> {
      const [row] = await sqlRows<{ disabled: boolean }>(
        db,
        sql`SELECT o.disabled_at IS NOT NULL AS disabled FROM ${userImports} m JOIN organizations o ON o.id = m.organization_id
            WHERE m.id = ${importId} FOR SHARE OF o`,
      );
      return row?.disabled ?? false;
    },

    /** Records (once) that the import stopped because its organization was disabled; a completed one is shown as failed. */
    async recordOrganizationDisabled(importId: string, db: Db = root): Promise<void> {
      await db.execute(sql`WITH e AS (
          INSERT INTO ${userImportErrors} (import_id, rows, code, error)
          SELECT ${importId}, '{}', 'ORGANIZATION_DISABLED', ${userImportErrorMessages.ORGANIZATION_DISABLED}
          WHERE NOT EXISTS (SELECT 1 FROM ${userImportErrors} WHERE import_id = ${importId} AND code = 'ORGANIZATION_DISABLED'))
        UPDATE ${userImports} SET status = 'error', finished_at = coalesce(finished_at, now())
        WHERE id = ${importId} AND status = 'completed'`);
    },

    /** Ended imports (not removed) that finished more than `days` ago: their files' retention is over. */
    async importsPastRetention(days: number, db: Db = root): Promise<UserImportRow[]> {
      return db
        .select()
        .from(userImports)
        .where(
          and(
            isNull(userImports.deletedAt),
            sql`${userImports.status} <> 'processing'`,
            sql`${userImports.finishedAt} < now() - make_interval(days => ${days})`,
          ),
        );
    },

    async deleteImport(id: string, db: Db = root): Promise<void> {
      await db.delete(userImports).where(eq(userImports.id, id));
    },

    async removedImports(db: Db = root): Promise<{ id: string; blobKey: string }[]> {
      return db
        .select({ id: userImports.id, blobKey: userImports.blobKey })
        .from(userImports)
        .where(sql`${userImports.deletedAt} IS NOT NULL`);
    },
  };
}

export type UserImportsRepository = ReturnType<typeof createUserImportsRepository>;
