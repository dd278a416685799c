/**
 * A fresh, migrated database for each test file: PGlite in memory (from a migrated dump,
 * made once per worker) or a database on the PostgreSQL server of TEST_DATABASE_URL
 * (cloned from a migrated template made once per run by global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import type { QueueOptions } from '../db/queue.js';

export type TestDbKind = 'pglite' | 'postgres';
/** Per run (several runs may share one server): made by global-setup.ts, dropped at its end. */
export const templateDbName = (pid: number) => `tpl_${pid}`;
export function templateDb(): string {
  const name = process.env.CONSOLE_TEST_TEMPLATE;
  if (!name) throw new Error('global-setup.ts did not create a template database');
  return name;
}

export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, not ${kind}`);
  return kind;
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  // Asked for PostgreSQL without a server: fail loudly rather than quietly test less.
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Where global-setup.ts left the migrated PGlite data directory, made once per run. */
export const PGLITE_DUMP_ENV = 'CONSOLE_TEST_PGLITE_DUMP';

/** A new embedded database, migrated, as a tar of its data directory. */
export async function migratedPgliteDump(): Promise<Blob> {
  const db = await openPglite();
  await migrateDatabase(db);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  return dump;
}

let migratedDump: Promise<Blob> | undefined;
// Starting PGlite empty (its initdb) and migrating costs seconds of CPU; every test file
// would pay it in its own fork. Loading the run's one dump is a fraction of that.
function pgliteDump(): Promise<Blob> {
  const file = process.env[PGLITE_DUMP_ENV];
  migratedDump ??= file ? fs.promises.readFile(file).then((bytes) => new Blob([bytes])) : migratedPgliteDump();
  return migratedDump;
}

/**
 * `kind` forces one (the embedded database's own queue is tested on PGlite whatever TEST_DB says);
 * `empty` gives one no migration has touched, for a migration's test to migrate up to it (test/migrations.ts).
 */
export async function createTestDatabase(options: { kind?: TestDbKind; queue?: QueueOptions; empty?: boolean } = {}): Promise<Database> {
  if ((options.kind ?? testDbKind()) === 'pglite')
    return openPglite({ ...(!options.empty && { loadDataDir: await pgliteDump() }), queue: options.queue });

  const url = testDatabaseUrl();
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${templateDb()}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabaseName(url, name), 5);
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}
