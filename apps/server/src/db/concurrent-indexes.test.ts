/**
 * The index changes the migrations leave to after their transaction (concurrent-indexes.ts):
 * done once the migrations are, idempotent at every later start, and an index whose
 * concurrent build stopped half way (left invalid) is built again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../test/test-database.js';
import type { Database } from './client.js';
import { type Query, runConcurrentIndexSteps } from './concurrent-indexes.js';
import { migrateDatabase } from './migrate.js';

const onPostgres = testDbKind() === 'postgres';

describe('index changes after the migrations', () => {
  let database: Database;
  let query: Query;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { pglite, pool } = database;
    query = pglite ? (text, params) => pglite.query(text, params) : (text, params) => pool!.query(text, params);
  });
  afterAll(() => database?.close());

  const index = async (name: string) =>
    (await query(`SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = $1`, [name]))
      .rows[0] as { valid: boolean } | undefined;

  it('dropped the indexes the schema no longer has, and a second start changes nothing', async () => {
    expect(await index('users_created_by_idx')).toBeUndefined();
    expect(await index('users_invited_by_idx')).toBeUndefined();
    // Still there: the indexes the People directory reads.
    expect(await index('users_org_people_idx')).toEqual({ valid: true });

    expect(await migrateDatabase(database)).toEqual([]);
    expect(await runConcurrentIndexSteps(query, onPostgres)).toEqual([]);
  });

  it('drops an index of the list that a database still has, once', async () => {
    await query('CREATE INDEX users_created_by_idx ON users (created_by)');
    expect(await runConcurrentIndexSteps(query, onPostgres)).toEqual(['drop:users_created_by_idx']);
    expect(await index('users_created_by_idx')).toBeUndefined();
    expect(await runConcurrentIndexSteps(query, onPostgres)).toEqual([]);
  });

  it('builds an index it lists once, and waits for a table that is not there yet', async () => {
    const steps = [
      { create: 'later_table_idx', on: 'later_table', definition: 'USING btree (v)' },
      { create: 'steps_probe_v_idx', on: 'steps_probe', definition: 'USING btree (v)' },
    ];
    await query('CREATE TABLE steps_probe (v int)');
    await query('INSERT INTO steps_probe SELECT generate_series(1, 100)');

    expect(await runConcurrentIndexSteps(query, onPostgres, steps)).toEqual(['create:steps_probe_v_idx']);
    expect(await index('steps_probe_v_idx')).toEqual({ valid: true });
    expect(await runConcurrentIndexSteps(query, onPostgres, steps)).toEqual([]);
  });

  it.skipIf(!onPostgres)('builds again an index whose concurrent build failed half way (PostgreSQL)', async () => {
    await query('CREATE TABLE steps_broken (v int)');
    await query('INSERT INTO steps_broken SELECT generate_series(0, 100)');
    const step = { create: 'steps_broken_idx', on: 'steps_broken', definition: 'USING btree ((100 / v))' };
    // A row the expression fails on: CREATE INDEX CONCURRENTLY stops and leaves the index invalid.
    await expect(runConcurrentIndexSteps(query, true, [step])).rejects.toThrow(/division by zero/);
    expect(await index('steps_broken_idx')).toEqual({ valid: false });

    await query('DELETE FROM steps_broken WHERE v = 0');
    expect(await runConcurrentIndexSteps(query, true, [step])).toEqual(['create:steps_broken_idx']);
    expect(await index('steps_broken_idx')).toEqual({ valid: true });
  });
});
