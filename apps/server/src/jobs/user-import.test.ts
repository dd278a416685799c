/** The import as the worker runs it: queued by the upload, run and purged by pg-boss jobs. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { UserImportView } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImports, users } from '../db/schema.js';
import { getImport, type Headers, upload } from '../modules/user-imports/test-helpers.js';
import { createOrganization, createUser } from '../test/factories.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { userImportJobs } from './user-import.js';

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('user-import jobs', () => {
  let t: TestApp;
  let headers: Headers;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp({ withJobs: true });
    orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
    await t.deps.jobs!.startWorkers(userImportJobs(t.deps));
  });
  afterAll(() => t.close());

  it('runs an uploaded file in the background to completion, and purges it once removed', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `job${i}@jobs.example,Job ${i}`).join('\n');
    const res = await upload(t, headers, `email,name\n${rows}\n`);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().userImport as UserImportView;
    const done = await until('completion', async () => {
      const view = await getImport(t, headers, id);
      return view.status === 'processing' ? undefined : view;
    });
    expect(done).toMatchObject({ status: 'completed', rowsRead: 50, rowsApplied: 50, usersCreated: 50 });
    expect(await t.database.db.select().from(users).where(eq(users.organizationId, orgId))).toHaveLength(51);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-import/${id}`, headers })).statusCode).toBe(200);
    await until('purge', async () =>
      (await t.database.db.select().from(userImports).where(eq(userImports.id, id))).length === 0 ? true : undefined,
    );
  });
});
