/**
 * Opens the database: PGlite in a local directory by default, or a PostgreSQL server when
 * a URL is given. Both are reached through the same drizzle API and the same schema.
 */
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDirectoryLock, type DirectoryLock } from './lock.js';
import { type DatabaseProfile, embeddedProfile, postgresProfile } from './profile.js';
import { createDatabaseQueue, type DatabaseQueue, type QueueOptions } from './queue.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction (what `db.transaction` hands its callback): a Db is not one, so a function that takes a Tx runs inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs one SQL text with parameters; what pg-boss and raw helpers need. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  /** Which database, for reports only (/health, metrics, logs); code asks `profile`. */
  kind: 'pglite' | 'postgres';
  /** What this database allows and how much suits one statement (profile.ts). */
  profile: DatabaseProfile;
  db: Db;
  executeSql: ExecuteSql;
  /** The PGlite instance (embedded only), for COPY and data-dir dumps. Its statements wait in `queue`. */
  pglite?: PGlite;
  /** The line in front of the embedded database (queue.ts). */
  queue?: DatabaseQueue;
  /** The node-postgres pool (server only), for COPY streams and dedicated connections. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const pgliteExtensions = { citext, pg_trgm };

/** As DATABASE_QUEUE_MAX and DATABASE_QUEUE_WAIT_MS default (config.ts), for tests and tools. */
const DEFAULT_QUEUE: QueueOptions = { maxQueued: 200, maxWaitMs: 500 };

/**
 * Every statement and transaction of the client, from drizzle, pg-boss or COPY, waits its
 * turn in the queue (queue.ts). Statements inside a transaction go straight to it: the
 * transaction holds the turn.
 */
function queueStatements(client: PGlite, queue: DatabaseQueue) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => queue.run(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => queue.run(() => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) => queue.run(() => transaction(...args))) as typeof client.transaction;
}

/** dataDir undefined: in memory. loadDataDir: start from a dump (tests use a migrated one). */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob; queue?: QueueOptions } = {}): Promise<Database> {
  const lock: DirectoryLock | undefined = opts.dataDir ? acquireDirectoryLock(opts.dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: opts.dataDir,
      loadDataDir: opts.loadDataDir,
      extensions: pgliteExtensions,
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const queue = createDatabaseQueue(opts.queue ?? DEFAULT_QUEUE);
  queueStatements(client, queue);
  const executeSql: ExecuteSql = async (text, values) => {
    // PGlite's query() takes one statement; pg-boss sends multi-statement scripts
    // (its migrations) without parameters, which exec() runs.
    if (values && values.length > 0) return client.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    kind: 'pglite',
    profile: embeddedProfile,
    db: drizzlePglite(client, { schema }) as unknown as Db,
    executeSql,
    pglite: client,
    queue,
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Fail now, with the URL's host in the message, rather than on the first request.
  const probe = await pool.connect().catch(async (err: Error) => {
    await pool.end();
    const where = safeUrl(url);
    throw new Error(`Cannot connect to PostgreSQL at ${where}: ${err.message}`);
  });
  probe.release();
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  return {
    kind: 'postgres',
    profile: postgresProfile,
    db: drizzlePg(pool, { schema }) as unknown as Db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    pool,
    close: () => pool.end(),
  };
}

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'an invalid URL';
  }
}

/** Rows of a raw SQL query, the same on both drivers (both answer with `{ rows }`). */
export async function sqlRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One round trip to the database: the readiness probe's check (GET /readyz). */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}

/** How many rows a statement (an UPDATE or a DELETE) changed, counted in the same round trip. */
export async function countChanged(db: Db, statement: SQL): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(db, sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`);
  return row.n;
}
