/**
 * An import keeps the planner's statistics of what it joins: once a file is staged, those of
 * the staged rows and of the users they are matched with are fresh. The embedded database
 * has no autovacuum, so without this a file that follows an import of a few hundred users
 * has its summary planned as if the organization had none: every staged row compared with
 * every user, a statement long enough to freeze the embedded console (bench/README.md).
 * The same holds within one import that multiplies the users: its later batches are planned
 * with the users its first ones created.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/client.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getImport, type Headers, runConfirmed, upload } from './user-imports.fixtures.js';

describe('the statistics an import plans with', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** What the planner believes a table holds (-1 or 0 when it was never analyzed). */
  const believedRows = async (table: string) =>
    (await sqlRows<{ n: number }>(t.database.db, sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table}`))[0].n;

  const rowsOf = (n: number, domain: string) =>
    Array.from({ length: n }, (_, i) => `u${String(i + 1).padStart(5, '0')}@${domain},User ${i + 1}`).join('\n');

  it('are those of the users the previous import created and of the rows just staged', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const headers: Headers = (await signIn(t, admin.email!)).headers;

    const first = await upload(t, headers, `email,name\n${rowsOf(400, 'first.example')}\n`);
    expect(first.statusCode, first.body).toBe(201);
    expect(await runConfirmed(t, headers, first.json().userImport.id)).toMatchObject({ status: 'completed', usersCreated: 400 });
    const [{ users }] = await sqlRows<{ users: number }>(t.database.db, sql`SELECT count(*)::int AS users FROM users`);
    const [{ staged }] = await sqlRows<{ staged: number }>(t.database.db, sql`SELECT count(*)::int AS staged FROM user_import_rows`);

    // The next file waits at its summary: by then the planner knows the 400 users and both files' rows.
    const second = await upload(t, headers, `email,name\n${rowsOf(300, 'second.example')}\n`);
    expect(second.statusCode, second.body).toBe(201);
    const id = second.json().userImport.id;
    await t.app.services.userImportPipeline.run(id);
    expect(await getImport(t, headers, id)).toMatchObject({ status: 'awaiting_confirmation', summary: { newUsers: { count: 300 } } });
    expect(await believedRows('users')).toBe(users);
    expect(await believedRows('user_import_rows')).toBe(staged + 300);
  });

  it('follow the users an import creates while it applies, not only those it found', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const headers: Headers = (await signIn(t, admin.email!)).headers;
    const countUsers = async () => (await sqlRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`))[0].n;
    const before = await countUsers();

    const file = await upload(t, headers, `email,name\n${rowsOf(1500, 'growing.example')}\n`);
    expect(file.statusCode, file.body).toBe(201);
    expect(await runConfirmed(t, headers, file.json().userImport.id)).toMatchObject({ status: 'completed', usersCreated: 1500 });
    // Staging analyzed the users as they were; the batches that more than doubled them analyzed them again.
    const believed = await believedRows('users');
    expect(believed).toBeGreaterThan(before);
    expect(believed).toBeLessThanOrEqual(await countUsers());
  });
});
