/**
 * The staged rows of user imports (user_import_rows) outside the set-based steps that
 * write and read them (set-based/): marking failed rows for a retry, and deleting them in
 * short chunks (PGlite runs each query on the main thread). Every method takes an optional
 * executor last (`db`).
 */
import { sql } from 'drizzle-orm';
import { countChanged, type Db } from '../../db/client.js';
import { userImportRows } from '../../db/schema.js';

export function createUserImportRowsRepository(root: Db) {
  return {
    /** Marks the rows that failed to apply for the retry pass; answers how many. */
    async markFailedRowsForRetry(importId: string, db: Db = root): Promise<number> {
      return countChanged(
        db,
        sql`UPDATE ${userImportRows} SET outcome = 'retry', error = NULL
            WHERE import_id = ${importId} AND outcome = 'error'`,
      );
    },

    /** Deletes up to `limit` staged rows of an import; answers how many went. Short queries for PGlite. */
    async deleteStagedRows(importId: string, limit: number, db: Db = root): Promise<number> {
      return countChanged(
        db,
        sql`DELETE FROM ${userImportRows} WHERE import_id = ${importId} AND row_number IN (
              SELECT row_number FROM ${userImportRows} WHERE import_id = ${importId} ORDER BY row_number LIMIT ${limit})`,
      );
    },

    /**
     * Deletes up to `limit` staged rows of an ended import that nothing reads again: all but
     * the rows that failed to apply (Retry applies those again). Answers how many went.
     */
    async deleteSettledStagedRows(importId: string, limit: number, db: Db = root): Promise<number> {
      return countChanged(
        db,
        sql`DELETE FROM ${userImportRows} WHERE import_id = ${importId} AND row_number IN (
              SELECT row_number FROM ${userImportRows} WHERE import_id = ${importId} AND outcome IS DISTINCT FROM 'error'
              ORDER BY row_number LIMIT ${limit})`,
      );
    },
  };
}

export type UserImportRowsRepository = ReturnType<typeof createUserImportRowsRepository>;
