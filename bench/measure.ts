// Shared by the database benchmarks: time every statement at the driver, run a benchmark on
// fresh databases (PGlite, and a scratch PostgreSQL database dropped after), and build the
// app in process on one of them, for requests sent with app.inject.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { systemClock } from '../apps/server/src/deps.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { createIdTokens } from '../apps/server/src/modules/auth/id-token.js';
import { createFolderBlobStore } from '../apps/server/src/storage/blob-store.js';

/** Times every statement sent to the database (the driver's query method), and the event loop's worst delay. */
export async function measure<T>(database: Database, work: () => Promise<T>) {
  const driver = (database.pglite ?? database.pool) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = driver.query;
  const statements: number[] = [];
  let slowest = { ms: -1, text: '' };
  driver.query = async (...args) => {
    const started = performance.now();
    try {
      return await query.apply(driver, args);
    } finally {
      const ms = performance.now() - started;
      statements.push(ms);
      if (ms > slowest.ms) slowest = { ms, text: statementText(args[0]) };
    }
  };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const result = await work();
  const totalMs = Math.round(performance.now() - started);
  delay.disable();
  driver.query = query;
  statements.sort((a, b) => a - b);
  return {
    totalMs,
    statements: statements.length,
    longestStatementMs: Math.round(statements.at(-1) ?? 0),
    longestStatement: slowest.text,
    medianStatementMs: Math.round(10 * (statements[Math.floor(statements.length / 2)] ?? 0)) / 10,
    p99StatementMs: Math.round(statements[Math.floor(statements.length * 0.99)] ?? 0),
    worstEventLoopDelayMs: Math.round(delay.max / 1e6),
    result,
  };
}

/** The first 90 characters of a statement, on one line. */
function statementText(query: unknown): string {
  return String((query as { text?: string })?.text ?? query)
    .replace(/\s+/g, ' ')
    .slice(0, 90);
}

/** A fresh database on the server of `url`, and how to drop it. */
export async function scratchPostgres(url: string, prefix: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openPostgres(u.toString()),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database ${name}`);
      await c.end();
    },
  };
}

/**
 * `work` once for each of `runs`, every time on a fresh migrated database: PGlite, then a
 * scratch database on the server of BENCH_DATABASE_URL when it is set. Each database is
 * closed (and dropped) after its run.
 */
export async function onEachDatabase<R>(
  prefix: string,
  runs: readonly R[],
  work: (kind: 'pglite' | 'postgres', run: R, database: Database) => Promise<void>,
): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const kinds: ['pglite' | 'postgres', () => Promise<{ database: Database; drop?: () => Promise<void> }>][] = [
    ['pglite', async () => ({ database: await openPglite() })],
  ];
  if (url) kinds.push(['postgres', () => scratchPostgres(url, prefix)]);
  for (const [kind, open] of kinds) {
    for (const run of runs) {
      const { database, drop } = await open();
      try {
        await migrateDatabase(database);
        await work(kind, run, database);
      } finally {
        await database.close();
        await drop?.();
      }
    }
  }
}

/**
 * The app on `database` as the tests build it (testConfig with `settings`, files in its data
 * folder, no log), ready for app.inject; `close()` closes it and its mailer, not the database.
 */
export async function startApp(database: Database, settings: Record<string, string> = {}) {
  const config = testConfig(settings);
  const deps = {
    config,
    database,
    blobs: createFolderBlobStore(`${config.dataDir}/blobs`),
    idTokens: await createIdTokens(config),
    mailer: createMailer(config),
    clock: systemClock,
  };
  const app = await buildApp(deps, { logger: pino({ level: 'silent' }) });
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      deps.mailer.close();
    },
  };
}
