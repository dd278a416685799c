/**
 * SQL of user imports: the import rows, their errors, leases, invitations and purging.
 * Every method takes an optional executor last (`db`), so that a caller can run it in its
 * transaction.
 */
import { type UserImportErrorCode, userImportErrorMessages } from '@console/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, sqlRows } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { pageTotal, totalOver } from '../../db/paging.js';
import { preparedOn } from '../../db/prepared.js';
import {
  organizations,
  skills,
  teams,
  userImportErrors,
  userImportInvitations,
  userImportRows,
  userImports,
  users,
  workspaces,
} from '../../db/schema.js';

export type UserImportRow = typeof userImports.$inferSelect;
export type NewUserImport = typeof userImports.$inferInsert;
/** Values to set on an import: plain or SQL expressions (counters). */
export type ImportUpdate = PgUpdateSetSource<typeof userImports>;

export class LeaseLost extends Error {
  constructor() {
    super('The import was removed or taken over by another run.');
  }
}

export interface ErrorInput {
  code: UserImportErrorCode;
  rows: number[];
  email?: string | null;
  employeeId?: string | null;
  value?: string | null;
}

/** An invitation a worker claimed to send. */
export interface ClaimedInvitation {
  user_id: string;
  email: string;
  invited_by: string | null;
}

const openInvitations = sql<number>`(SELECT count(*)::int FROM ${userImportInvitations} i
  WHERE i.import_id = ${userImports.id} AND i.status IN ('pending', 'sending'))`;

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

/** A claim on an invitation older than this is of a worker that died: it is taken back. */
const STALE_CLAIM = sql.raw(`interval '5 minutes'`);

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
  return {
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
        .where(and(eq(userImports.id, id), eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt)));
      return found;
    },

    async getImport(id: string, db: Db = root): Promise<UserImportRow | undefined> {
      const [row] = await db.select().from(userImports).where(eq(userImports.id, id));
      return row;
    },

    async updateImport(id: string, values: ImportUpdate, db: Db = root): Promise<void> {
      await db.update(userImports).set(values).where(eq(userImports.id, id));
    },

    /** Updates the import only if it still has `status`; answers whether it did. */
    async updateImportWhere(id: string, status: string, values: ImportUpdate, db: Db = root): Promise<boolean> {
      const rows = await db
        .update(userImports)
        .set(values)
        .where(and(eq(userImports.id, id), eq(userImports.status, status), isNull(userImports.deletedAt)))
        .returning({ id: userImports.id });
      return rows.length > 0;
    },

    /** Marks the rows that failed to apply for the retry pass; answers how many. */
    async markFailedRowsForRetry(importId: string, db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`WITH r AS (
              UPDATE ${userImportRows} SET outcome = 'retry', error = NULL
              WHERE import_id = ${importId} AND outcome = 'error' RETURNING 1)
            SELECT count(*)::int AS n FROM r`,
      );
      return row.n;
    },

    async markRemoved(organizationId: string, id: string, db: Db = root): Promise<boolean> {
      const rows = await db
        .update(userImports)
        .set({ deletedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
        .where(and(eq(userImports.id, id), eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt)))
        .returning({ id: userImports.id });
      return rows.length > 0;
    },

    // --- Leases: one job run works on an import at a time ---------------------------------

    /** Takes (or renews) the import for this run; undefined when another run holds it or it is over. */
    async claimImport(id: string, owner: string, seconds: number, db: Db = root): Promise<UserImportRow | undefined> {
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
    },

    /** Seconds until another run's hold on a processing import ends; undefined when nothing is left to do. */
    async leaseWait(id: string, db: Db = root): Promise<number | undefined> {
      const [row] = await sqlRows<{ wait: number | null }>(
        db,
        sql`SELECT greatest(0, extract(epoch FROM lease_until - now()))::float8 AS wait FROM ${userImports}
            WHERE id = ${id} AND status = 'processing' AND deleted_at IS NULL`,
      );
      return row ? (row.wait ?? 0) : undefined;
    },

    /** Renews the hold and writes progress; fails with LeaseLost when the import is removed or taken. */
    async checkpoint(id: string, owner: string, seconds: number, values: ImportUpdate = {}, db: Db = root): Promise<void> {
      const rows = await db
        .update(userImports)
        .set({ ...values, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(and(eq(userImports.id, id), eq(userImports.leaseOwner, owner), isNull(userImports.deletedAt)))
        .returning({ id: userImports.id });
      if (rows.length === 0) throw new LeaseLost();
    },

    async releaseImport(id: string, owner: string, db: Db = root): Promise<void> {
      await db
        .update(userImports)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(userImports.id, id), eq(userImports.leaseOwner, owner)));
    },

    /** Imports that should be running and are not: no run holds them (after a crash, say). */
    async orphanedImports(db: Db = root): Promise<string[]> {
      const rows = await sqlRows<{ id: string }>(
        db,
        sql`SELECT id FROM ${userImports} WHERE status = 'processing' AND deleted_at IS NULL
            AND (lease_until IS NULL OR lease_until < now()) ORDER BY created_at`,
      );
      return rows.map((r) => r.id);
    },

    /** Processing imports that a run holds, with the seconds its hold has left. */
    async heldImports(db: Db = root): Promise<{ id: string; wait: number }[]> {
      return sqlRows<{ id: string; wait: number }>(
        db,
        sql`SELECT id, extract(epoch FROM lease_until - now())::float8 AS wait FROM ${userImports}
            WHERE status = 'processing' AND deleted_at IS NULL AND lease_until >= now()`,
      );
    },

    /** On the embedded database one process owns the data: every hold is of a process that died. */
    async dropAllLeases(db: Db = root): Promise<void> {
      await db.update(userImports).set({ leaseOwner: null, leaseUntil: null }).where(eq(userImports.status, 'processing'));
    },

    // --- The organization ------------------------------------------------------------------

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

    // --- Errors ----------------------------------------------------------------------------

    async insertErrors(importId: string, errors: ErrorInput[], db: Db = root): Promise<void> {
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
    },

    /** The import's errors, or only those of these codes. */
    async deleteErrors(importId: string, codes?: UserImportErrorCode[], db: Db = root): Promise<void> {
      await db
        .delete(userImportErrors)
        .where(
          codes
            ? and(eq(userImportErrors.importId, importId), sql`${userImportErrors.code} IN (${sql.join(codes, sql`, `)})`)
            : eq(userImportErrors.importId, importId),
        );
    },

    /** Errors in row order; `email` keeps those whose e-mail contains it, in any case. */
    async listErrors(importId: string, opts: { email?: string; offset: number; limit: number }, db: Db = root) {
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
    },

    /** Every error of an import in row order, a page at a time after `after` (keyset, for downloads). */
    async errorsAfter(importId: string, after: { row: number; id: string } | undefined, limit: number, db: Db = root) {
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
    },

    // --- Invitations -----------------------------------------------------------------------

    /**
     * Claims up to `limit` invitations of the import to send (pending ones, and claims left
     * by a worker that died), so that two workers never send the same one.
     */
    async claimInvitations(importId: string, limit: number, db: Db = root): Promise<ClaimedInvitation[]> {
      return sqlRows<ClaimedInvitation>(
        db,
        sql`UPDATE user_import_invitations i SET status = 'sending', updated_at = now()
            FROM user_imports m
            WHERE m.id = i.import_id AND m.deleted_at IS NULL AND (i.import_id, i.user_id) IN (
              SELECT import_id, user_id FROM user_import_invitations
              WHERE import_id = ${importId}
                AND (status = 'pending' OR (status = 'sending' AND updated_at < now() - ${STALE_CLAIM}))
              ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
            RETURNING i.user_id, i.email, m.created_by AS invited_by`,
      );
    },

    /** A claimed invitation back to pending (the process is stopping). */
    async unclaimInvitation(importId: string, userId: string, db: Db = root): Promise<void> {
      await db.execute(
        sql`UPDATE user_import_invitations SET status = 'pending' WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending'`,
      );
    },

    async markInvitationSent(importId: string, userId: string, db: Db = root): Promise<void> {
      await db.execute(sql`WITH s AS (
          UPDATE user_import_invitations SET status = 'sent', error = NULL, updated_at = now()
          WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending' RETURNING 1)
        UPDATE user_imports SET invitations_sent = invitations_sent + (SELECT count(*) FROM s) WHERE id = ${importId}`);
    },

    /** A failed send: an INVITATION_FAILED error of the user's rows, and a completed import shown as failed. */
    async markInvitationFailed(importId: string, userId: string, email: string, message: string, db: Db = root): Promise<void> {
      await db.execute(sql`WITH f AS (
          UPDATE user_import_invitations SET status = 'error', error = ${message}, updated_at = now()
          WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending' RETURNING 1),
        e AS (
          INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
          SELECT ${importId}, ${email}, NULL,
                 coalesce((SELECT array_agg(row_number) FROM user_import_rows WHERE import_id = ${importId} AND lower(email) = lower(${email})), '{}'),
                 'INVITATION_FAILED', ${userImportErrorMessages.INVITATION_FAILED}, ${message}
          WHERE EXISTS (SELECT 1 FROM f))
        UPDATE user_imports SET invitations_failed = invitations_failed + (SELECT count(*) FROM f),
          status = CASE WHEN status = 'completed' AND EXISTS (SELECT 1 FROM f) THEN 'error' ELSE status END
        WHERE id = ${importId}`);
    },

    /** Cancels up to `limit` open invitations of the import; answers how many. */
    async cancelOpenInvitations(importId: string, limit: number, db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`WITH c AS (
              UPDATE user_import_invitations SET status = 'cancelled', updated_at = now()
              WHERE import_id = ${importId} AND status IN ('pending', 'sending') AND user_id IN (
                SELECT user_id FROM user_import_invitations
                WHERE import_id = ${importId} AND status IN ('pending', 'sending') LIMIT ${limit})
              RETURNING 1)
            SELECT count(*)::int AS n FROM c`,
      );
      return row.n;
    },

    async openInvitations(importId: string, db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM user_import_invitations WHERE import_id = ${importId} AND status IN ('pending', 'sending')`,
      );
      return row.n;
    },

    /** Imports with invitations to send and nobody sending them (after a restart, say). */
    async importsOwingInvitations(db: Db = root): Promise<string[]> {
      const rows = await sqlRows<{ import_id: string }>(
        db,
        sql`SELECT DISTINCT import_id FROM user_import_invitations
            WHERE status = 'pending' OR (status = 'sending' AND updated_at < now() - ${STALE_CLAIM})`,
      );
      return rows.map((r) => r.import_id);
    },

    /** A retry sends the failed invitations again; answers how many. */
    async resetFailedInvitations(importId: string, db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`WITH r AS (
              UPDATE user_import_invitations SET status = 'pending', error = NULL, updated_at = now()
              WHERE import_id = ${importId} AND status = 'error' RETURNING 1)
            SELECT count(*)::int AS n FROM r`,
      );
      return row.n;
    },

    // --- Purging ---------------------------------------------------------------------------

    /** Deletes up to `limit` staged rows of an import; answers how many went. Short queries for PGlite. */
    async deleteStagedRows(importId: string, limit: number, db: Db = root): Promise<number> {
      const rows = await sqlRows<{ n: number }>(
        db,
        sql`WITH gone AS (
              DELETE FROM ${userImportRows} WHERE import_id = ${importId} AND row_number IN (
                SELECT row_number FROM ${userImportRows} WHERE import_id = ${importId} ORDER BY row_number LIMIT ${limit})
              RETURNING 1)
            SELECT count(*)::int AS n FROM gone`,
      );
      return rows[0].n;
    },

    /**
     * Deletes up to `limit` staged rows of an ended import that nothing reads again: all but
     * the rows that failed to apply (Retry applies those again). Answers how many went.
     */
    async deleteSettledStagedRows(importId: string, limit: number, db: Db = root): Promise<number> {
      const rows = await sqlRows<{ n: number }>(
        db,
        sql`WITH gone AS (
              DELETE FROM ${userImportRows} WHERE import_id = ${importId} AND row_number IN (
                SELECT row_number FROM ${userImportRows} WHERE import_id = ${importId} AND outcome IS DISTINCT FROM 'error'
                ORDER BY row_number LIMIT ${limit})
              RETURNING 1)
            SELECT count(*)::int AS n FROM gone`,
      );
      return rows[0].n;
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

    async deleteInvitations(importId: string, limit: number, db: Db = root): Promise<number> {
      const rows = await sqlRows<{ n: number }>(
        db,
        sql`WITH gone AS (
              DELETE FROM ${userImportInvitations} WHERE import_id = ${importId} AND user_id IN (
                SELECT user_id FROM ${userImportInvitations} WHERE import_id = ${importId} LIMIT ${limit})
              RETURNING 1)
            SELECT count(*)::int AS n FROM gone`,
      );
      return rows[0].n;
    },

    async deleteImport(id: string, db: Db = root): Promise<void> {
      await db.delete(userImports).where(eq(userImports.id, id));
    },

    /** What the template is made from (template.ts): the organization's key and name, and names of its workspaces, teams and skills. */
    async templateSources(organizationId: string, namesEach: number, db: Db = root) {
      const names = (table: typeof workspaces | typeof teams | typeof skills) =>
        db
          .select({ name: table.name })
          .from(table)
          .where(eq(table.organizationId, organizationId))
          .orderBy(asc(sql`lower(${table.name})`))
          .limit(namesEach)
          .then((rows) => rows.map((r) => r.name));
      const [[org], ws, ts, ss] = await Promise.all([
        db
          .select({ clientKey: organizations.clientKey, name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, organizationId)),
        names(workspaces),
        names(teams),
        names(skills),
      ]);
      return { clientKey: org?.clientKey ?? null, name: org?.name ?? '', workspaces: ws, teams: ts, skills: ss };
    },

    /** Which of these e-mails a user (of any organization) has. */
    async takenEmails(emails: string[], db: Db = root): Promise<string[]> {
      const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
      return rows.map((r) => (r.email ?? '').toLowerCase());
    },

    /** Which of these employee IDs a user of the organization has. */
    async takenEmployeeIds(organizationId: string, ids: string[], db: Db = root): Promise<string[]> {
      const rows = await db
        .select({ id: users.employeeId })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), inArray(users.employeeId, ids)));
      return rows.map((r) => r.id ?? '');
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

/** What the change feed reports when imports or their invitations change (migration 0009). */
export const USER_IMPORTS_CHANGES = 'user_imports';

/** The methods that write `user_imports` or `user_import_invitations`, which the imports list reads. */
const IMPORTS_LIST_WRITES = [
  'insertImport',
  'updateImport',
  'updateImportWhere',
  'markRemoved',
  'claimImport',
  'checkpoint',
  'releaseImport',
  'dropAllLeases',
  'recordOrganizationDisabled',
  'claimInvitations',
  'unclaimInvitation',
  'markInvitationSent',
  'markInvitationFailed',
  'cancelOpenInvitations',
  'resetFailedInvitations',
  'deleteInvitations',
  'deleteImport',
] as const satisfies readonly (keyof UserImportsRepository)[];

/**
 * The repository, telling `changed` after each of those writes: this process's cached
 * imports lists are then forgotten at once, before the feed's notification (sent at commit)
 * arrives. A write inside a transaction tells before its commit; a list read in between is
 * forgotten when the notification comes (docs/decisions/039-console-caches.md).
 */
export function tellingImportChanges(repo: UserImportsRepository, changed: () => void): UserImportsRepository {
  const told = { ...repo };
  for (const name of IMPORTS_LIST_WRITES) {
    const write = repo[name] as (...args: unknown[]) => Promise<unknown>;
    (told as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await write(...args);
      changed();
      return result;
    };
  }
  return told;
}
