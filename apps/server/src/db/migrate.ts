/** Applies the SQL migrations in ./migrations; several replicas may start at once. */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.js';

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

export async function migrateDatabase(database: Database, folder = migrationsFolder): Promise<void> {
  // Each driver has its migrator; only PostgreSQL's replicas take turns (underStartLock).
  if (database.pglite) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
