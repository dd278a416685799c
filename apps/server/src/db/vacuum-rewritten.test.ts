/**
 * A table that a migration rewrote has an empty visibility map until a VACUUM: the start
 * vacuums such tables (db/migrate.ts), so that index-only scans read no row again. Only
 * PostgreSQL keeps a visibility map apart from the process (PGlite is not asked).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../test/test-database.js';
import type { Database } from './client.js';
import { vacuumTablesWithoutVisibilityMap } from './migrate.js';

const onPostgres = testDbKind() === 'postgres';

describe.skipIf(!onPostgres)('after a migration that rewrote a table (runs only with TEST_DB=postgres)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  const visible = async (table: string) =>
    (
      (await database.db.execute(sql`SELECT relpages, relallvisible FROM pg_class WHERE relname = ${table}`)) as unknown as {
        rows: { relpages: number; relallvisible: number }[];
      }
    ).rows[0];

  it('vacuums a large table whose pages none are marked all-visible, and leaves a small one', async () => {
    await database.db.execute(sql.raw(`CREATE TABLE big_rewritten (id int PRIMARY KEY, name text)`));
    await database.db.execute(sql.raw(`INSERT INTO big_rewritten SELECT i, repeat('x', 200) || i FROM generate_series(1, 60000) i`));
    await database.db.execute(sql.raw(`CREATE TABLE small_rewritten (id int PRIMARY KEY)`));
    await database.db.execute(sql.raw(`INSERT INTO small_rewritten SELECT generate_series(1, 10)`));
    // What a migration does: a stored generated column rewrites the table, then ANALYZE.
    await database.db.execute(sql.raw(`ALTER TABLE big_rewritten ADD COLUMN key text GENERATED ALWAYS AS (lower(name)) STORED`));
    await database.db.execute(sql.raw(`ANALYZE big_rewritten, small_rewritten`));
    const before = await visible('big_rewritten');
    expect(before.relpages).toBeGreaterThanOrEqual(1000);
    expect(before.relallvisible).toBe(0);

    const vacuumed = await vacuumTablesWithoutVisibilityMap(database);

    expect(vacuumed).toContain('big_rewritten');
    expect(vacuumed).not.toContain('small_rewritten');
    expect((await visible('big_rewritten')).relallvisible).toBeGreaterThan(0);
    // Once marked, a second start finds nothing to do.
    expect(await vacuumTablesWithoutVisibilityMap(database)).not.toContain('big_rewritten');
  });
});
