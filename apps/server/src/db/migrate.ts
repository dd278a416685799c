/** Applies the SQL migrations in ./migrations; several replicas may start at once. */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.js';
import { runConcurrentIndexSteps } from './concurrent-indexes.js';

// In the bundled server this file is dist/main.js and the build copies migrations beside it.
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number that is ours alone: replicas serialise their migrations on it. */
const MIGRATION_LOCK_KEY = 727_311_001;

/**
 * Runs `fn` while this process holds the replicas' start lock (PostgreSQL; the embedded
 * database has one process): set-up that replicas starting together should do one at a
 * time. pg-boss's start is one: on a fresh database, an API replica started beside another
 * and a worker (scale-out.test.ts) once failed in pg-boss's schema creation with a
 * duplicate `pg_namespace_nspname_index` key, despite pg-boss's own lock (not reproduced
 * in isolation); here each replica checks for the schema only once the previous one is done.
 */
export async function underStartLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (!database.profile.sharedByProcesses) return fn();
  // A connection of its own, not the pool's: `fn` needs the pool, which may have only one.
  const client = new pg.Client(database.pool!.options);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Applies the pending migrations, then the index changes they leave to after their
 * transaction (concurrent-indexes.ts), and answers what those changed.
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<string[]> {
  // Each driver has its migrator; only PostgreSQL's replicas take turns (underStartLock).
  if (database.pglite) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    const pglite = database.pglite;
    return runConcurrentIndexSteps((text, params) => pglite.query(text, params as unknown[]), false);
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    // Still under the lock: a replica that starts meanwhile finds the indexes done, not half built.
    return await runConcurrentIndexSteps((text, params) => client.query(text, params), true);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** A table of at least this many pages (8 KB each) whose visibility map is empty is vacuumed at start. */
const REWRITTEN_TABLE_PAGES = 1_000;

/**
 * A migration that rewrites a table (a stored generated column added, say) leaves it with an
 * empty visibility map: index-only scans, which the People searches are built on, then read
 * every row from the table again until a VACUUM marks its pages, and autovacuum may not come
 * for days on a table that is mostly read. So after migrating, a PostgreSQL database's large
 * tables with no page marked all-visible are vacuumed, in the background (a plain VACUUM
 * holds no reader or writer back). The tables' sizes are ANALYZE's (which a migration that
 * rewrites a table runs); a replica that starts during a VACUUM finds the map still empty and
 * asks again, which waits for the first.
 */
export async function vacuumTablesWithoutVisibilityMap(database: Database): Promise<string[]> {
  if (database.pglite) return [];
  const { rows } = await database.pool!.query<{ name: string }>(
    `SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relpages >= $1 AND c.relallvisible = 0`,
    [REWRITTEN_TABLE_PAGES],
  );
  for (const { name } of rows) await database.pool!.query(`VACUUM (ANALYZE) ${name}`);
  return rows.map((r) => r.name);
}
