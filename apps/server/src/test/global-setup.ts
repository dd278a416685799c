/**
 * Once per run on PostgreSQL: a migrated template database that each test file clones.
 * Names carry the runner's pid, so runs sharing a server do not collide, and leftovers of
 * runs that died are recognised and dropped.
 */
import pg from 'pg';
import { openPostgres } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { templateDbName, testDatabaseUrl, testDbKind, withDatabaseName } from './test-database.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function setup() {
  if (testDbKind() !== 'postgres') return;
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
