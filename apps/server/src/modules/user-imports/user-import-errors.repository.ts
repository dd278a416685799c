/**
 * The errors of user imports, grouped by e-mail (or employee ID), error and value with
 * every row number: what the import's details and its errors file list. The set-based
 * steps (set-based/) record most of them in their own statements. Every method takes an
 * optional executor last (`db`).
 */
import { type UserImportErrorCode, userImportErrorMessages } from '@console/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { userImportErrors } from '../../db/schema.js';

export interface ErrorInput {
  code: UserImportErrorCode;
  rows: number[];
  email?: string | null;
  employeeId?: string | null;
  value?: string | null;
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

export function createUserImportErrorsRepository(root: Db) {
  return {
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

    /** The import's errors; or only those of the codes `only`, or all but those of `except`. */
    async deleteErrors(
      importId: string,
      codes: { only?: readonly UserImportErrorCode[]; except?: readonly UserImportErrorCode[] } = {},
      db: Db = root,
    ): Promise<void> {
      const list = (c: readonly UserImportErrorCode[]) => sql.join([...c], sql`, `);
      await db
        .delete(userImportErrors)
        .where(
          and(
            eq(userImportErrors.importId, importId),
            codes.only ? sql`${userImportErrors.code} IN (${list(codes.only)})` : undefined,
            codes.except ? sql`${userImportErrors.code} NOT IN (${list(codes.except)})` : undefined,
          ),
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
  };
}

export type UserImportErrorsRepository = ReturnType<typeof createUserImportErrorsRepository>;
