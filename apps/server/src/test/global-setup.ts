/**
 * Once per run, the migrated database each test file starts from. On PostgreSQL a template
 * database that each file clones; names carry the runner's pid, so runs sharing a server do
 * not collide, and leftovers of runs that died are recognised and dropped. On PGlite a dump
 * of the data directory in a temporary file, which each file loads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { migratedPgliteDump, PGLITE_DUMP_ENV, templateDbName, testDatabaseUrl, testDbKind, withDatabaseName } from './test-database.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function pgliteSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  // Test workers are forked after this and inherit the environment.
  process.env[PGLITE_DUMP_ENV] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export default async function setup() {
  if (testDbKind() !== 'postgres') return pgliteSetup();
  const url = testDatabaseUrl();
  const template = templateDbName(process.pid);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect().catch((err: Error) => {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${err.message}`);
  });
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ '^(t|tpl)_[0-9]+'");
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[1]);
      if (!isAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(withDatabaseName(url, template), 1);
  await migrateDatabase(db);
  await db.close();
  // Test workers are forked after this and inherit the environment.
  process.env.CONSOLE_TEST_TEMPLATE = template;

  return async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await dropper.end();
  };
}
