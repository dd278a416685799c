/**
 * Writes staged rows into user_import_rows with COPY: one COPY FROM STDIN stream for the
 * whole file on PostgreSQL (pg-copy-streams), one short COPY per batch from a blob on
 * PGlite (whose queries run on the main thread).
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, type Db, sqlRows } from '../../../db/client.js';
import type { StagedRow } from '../csv-reader.js';

const COPY_SQL =
  'COPY user_import_rows (import_id, row_number, email, employee_id, name, role, workspaces, teams, skills, disabled, problem) FROM STDIN WITH (FORMAT csv)';

export interface StagingSink {
  write(rows: StagedRow[]): Promise<void>;
  /** Makes every written row visible. */
  finish(): Promise<void>;
  /** Drops what the sink holds (a COPY in flight is rolled back). */
  abort(err: Error): Promise<void>;
}

/** CSV for COPY: every value quoted, NULL as an empty unquoted field. */
export function encodeRows(importId: string, rows: StagedRow[]): string {
  let out = '';
  for (const row of rows) {
    out += `${importId},${row[0]}`;
    for (let i = 1; i < row.length; i++) {
      const v = row[i];
      out += v === null ? ',' : `,"${(v as string).replaceAll('"', '""')}"`;
    }
    out += '\n';
  }
  return out;
}

export async function openStagingSink(database: Database, importId: string): Promise<StagingSink> {
  if (!database.profile.copyFromStdin) {
    const pglite = database.pglite!;
    const sql = COPY_SQL.replace('FROM STDIN', "FROM '/dev/blob'");
    return {
      async write(rows) {
        await pglite.query(sql, [], { blob: new Blob([encodeRows(importId, rows)]) });
      },
      async finish() {},
      async abort() {},
    };
  }
  const client = await database.pool!.connect();
  const stream = client.query(copyFrom(COPY_SQL));
  let failure: Error | undefined;
  stream.on('error', (err: Error) => {
    failure ??= err;
  });
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  return {
    async write(rows) {
      if (failure) throw failure;
      if (!stream.write(encodeRows(importId, rows))) {
        await Promise.race([once(stream, 'drain'), once(stream, 'error')]);
        if (failure) throw failure;
      }
    },
    async finish() {
      stream.end();
      try {
        await finished(stream);
      } catch (err) {
        release(err as Error);
        throw err;
      }
      release();
    },
    async abort(err) {
      stream.destroy(err);
      await finished(stream).catch(() => {});
      // The connection ended the COPY with an error: do not hand it back to the pool.
      release(err);
    },
  };
}

/**
 * Fresh statistics once a file is staged, of the staged rows and of the users they are
 * matched with: without them the planner takes either for a handful and joins them row by
 * row. The embedded database has no autovacuum to refresh them, so after an import that
 * created a few hundred users the next file's summary would compare every row with every
 * user, a quadratic join where an indexed one serves.
 */
export async function analyzeStagedRows(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE user_import_rows, users`);
}

/** How many users the planner believes there are: the count of the last ANALYZE. */
export async function usersKnownToPlanner(db: Db): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'users'::regclass`,
  );
  return Number(row?.n ?? 0);
}

/** Users an import creates before their statistics are refreshed, however few the table had. */
const USERS_CREATED_BEFORE_ANALYZE = 500;

/**
 * Keeps the users' statistics up with an import that creates many: each batch matches its
 * rows with the users by e-mail, and a planner that still believes the table holds the handful
 * it had before the import compares each row with every user, a cost that grows with every
 * batch (quadratic in the file). The statistics are refreshed each time the users created
 * since outnumber those the planner knows of, so a file of any size is analyzed a few times
 * only. The embedded database has no autovacuum to do it; PostgreSQL's comes too late for a
 * file applied in a minute or two.
 */
export async function userStatisticsFollower(db: Db): Promise<(created: number) => Promise<void>> {
  let known = await usersKnownToPlanner(db);
  let created = 0;
  return async (more) => {
    created += more;
    if (created <= Math.max(known, USERS_CREATED_BEFORE_ANALYZE)) return;
    await db.execute(sql`ANALYZE users`);
    known += created;
    created = 0;
  };
}
