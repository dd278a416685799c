import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../test/factories.js';
import { createTestDatabase } from '../test/test-database.js';
import { type Database, sqlRows } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('user ids', () => {
  it('are UUID version 7: unique, and in the order the users were created', async () => {
    const org = await createOrganization(database.db);
    const first = await createUser(database.db, org.id);
    const second = await createUser(database.db, org.id);
    const many = await sqlRows<{ id: string }>(database.db, sql`SELECT uuid_v7()::text AS id FROM generate_series(1, 1000)`);
    for (const id of [first.id, second.id, many[0].id]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(many.map((r) => r.id)).size).toBe(1000);
    // The first 48 bits are the creation time in milliseconds: a later user sorts after (or with) an earlier one.
    const millis = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(millis(second.id)).toBeGreaterThanOrEqual(millis(first.id));
    const [{ now }] = await sqlRows<{ now: string }>(database.db, sql`SELECT (extract(epoch FROM now()) * 1000)::bigint::text AS now`);
    expect(Math.abs(millis(second.id) - Number(now))).toBeLessThan(60_000);
  });
});
