/**
 * Recovery: a real worker process (PROCESS_ROLE=worker) is killed in the middle of the
 * apply phase; another one starts (on PGlite: on the same data directory, once the first
 * is dead) and finishes the import. The users then match the file exactly.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, sqlRows } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { userImports, users } from '../../db/schema.js';
import { createFolderBlobStore } from '../../storage/blob-store.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { killAllServerProcesses, startServerProcess } from '../../test/server-process.js';
import { createTestDatabase, testDatabaseUrl, testDbKind, withDatabaseName } from '../../test/test-database.js';
import { createUserImportsRepository } from './user-imports.repository.js';

const ROWS = 3000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-recovery-'));

afterAll(() => {
  killAllServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A worker process (test/server-process.ts) on this suite's data directory. */
const startWorker = (env: Record<string, string>) =>
  startServerProcess(
    {
      PROCESS_ROLE: 'worker',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'debug',
      USER_IMPORT_BATCH_ROWS: '100',
      USER_IMPORT_BATCH_PAUSE_MS: '30',
      USER_IMPORT_LEASE_SECONDS: '3',
      USER_IMPORT_INVITATIONS_PER_SECOND: '1000',
      ...env,
    },
    'worker',
  );

function fileRows() {
  const rows: { email: string | null; employeeId: string | null; name: string }[] = [];
  for (let i = 1; i <= ROWS; i++) {
    const id = String(i).padStart(5, '0');
    // Every third user has only an employee ID: no unique e-mail would stop a duplicate of those.
    rows.push(
      i % 3 === 0
        ? { email: null, employeeId: `E${id}`, name: `Worker ${id}` }
        : { email: `r${id}@recover.example`, employeeId: null, name: `Person ${id}` },
    );
  }
  return rows;
}

describe('user import recovery', () => {
  it('finishes an import whose worker was killed while applying, without losing or duplicating a user', async () => {
    const kind = testDbKind();
    let database: Database;
    let env: Record<string, string> = {};
    if (kind === 'postgres') {
      database = await createTestDatabase();
      const [{ name }] = await sqlRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
      env = { DATABASE_URL: withDatabaseName(testDatabaseUrl(), name), DATABASE_POOL_SIZE: '4' };
    } else {
      database = await openPglite({ dataDir: path.join(dataDir, 'db') });
      await migrateDatabase(database);
    }
    const db = database.db;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id, { email: `admin-${randomUUID()}@recover.example` });
    await createWorkspace(db, org.id, { name: 'Plant' });
    const rows = fileRows();
    const csv = `email,employeeId,name,workspaces\n${rows.map((r) => `${r.email ?? ''},${r.employeeId ?? ''},${r.name},Plant`).join('\n')}\n`;
    const id = randomUUID();
    const blobKey = `user-imports/${org.id}/${id}.csv`;
    await createFolderBlobStore(path.join(dataDir, 'blobs')).put(blobKey, csv);
    await createUserImportsRepository(db).insertImport({
      id,
      organizationId: org.id,
      createdBy: admin.id,
      filename: 'big.csv',
      blobKey,
      sizeBytes: csv.length,
    });
    // The embedded database belongs to one process at a time: the workers get it now.
    if (kind === 'pglite') await database.close();

    const first = startWorker(env);
    await first.seen('user import: applying');
    const batch = await first.seen('user import: batch applied');
    expect(batch.appliedThrough).toBeLessThan(ROWS);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startWorker(env);
    const resumed = await second.seen('user import: applying');
    // It resumed where the first stopped, not from the start, and not after the end.
    expect(resumed.appliedThrough).toBeGreaterThan(0);
    expect(resumed.appliedThrough).toBeLessThan(ROWS + 1);
    await second.seen('user import: finished');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    if (kind === 'pglite') database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    try {
      const imported = await database.db
        .select({ email: users.email, employeeId: users.employeeId, name: users.displayName, role: users.role })
        .from(users)
        .where(and(eq(users.organizationId, org.id), ne(users.id, admin.id)));
      const key = (u: { email: string | null; employeeId: string | null; name: string }) => `${u.email}|${u.employeeId}|${u.name}`;
      expect(imported).toHaveLength(ROWS);
      expect(imported.map(key).sort()).toEqual(rows.map(key).sort());
      expect(new Set(imported.map((u) => u.role))).toEqual(new Set(['viewer']));
      const [view] = await database.db.select().from(userImports).where(eq(userImports.id, id));
      expect(view).toMatchObject({
        status: 'completed',
        phase: 'done',
        rowsApplied: ROWS,
        usersCreated: ROWS,
        usersUpdated: 0,
        usersFailed: 0,
      });
      const [m] = await sqlRows<{ ws: number; inv: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM user_workspaces)::int AS ws,
          (SELECT count(*) FROM user_import_invitations WHERE import_id = ${id})::int AS inv`,
      );
      expect(m).toEqual({ ws: ROWS, inv: rows.filter((r) => r.email).length });
    } finally {
      await database.close();
    }
  }, 240_000);
});
