/**
 * An import keeps its data no longer than something needs it: its staged rows go when it
 * ends (its errors stay), its uploaded file goes at once when Retry can never read it again,
 * else after USER_IMPORT_FILE_RETENTION_DAYS, and then Retry says so.
 */
import type { UserImportView } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImportRows, userImports } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { getImport, type Headers, importErrors, upload } from './user-imports.fixtures.js';
import { userImportJobs } from './user-imports.jobs.js';

describe('user import retention', () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createTestApp({ withJobs: true, config: { USER_IMPORT_FILE_RETENTION_DAYS: '10' } });
    const orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
    await t.deps.jobs!.startWorkers(userImportJobs({ deps: t.deps, services: t.app.services }));
  });
  afterAll(async () => {
    await t.close();
  });

  const importRow = async (id: string) => (await t.database.db.select().from(userImports).where(eq(userImports.id, id)))[0];
  const stagedRows = async (id: string) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userImportRows).where(eq(userImportRows.importId, id)))[0].n;
  const run = async (csv: string) => {
    const res = await upload(t, headers, csv);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().userImport as UserImportView;
    const view = await until('the import and its invitations', async () => {
      const v = await getImport(t, headers, id);
      return v.status === 'processing' || v.invitationsPending > 0 ? undefined : v;
    });
    return { id, view, blobKey: (await importRow(id)).blobKey };
  };

  it('purges the staged rows and the file of an import that ended applied', async () => {
    const { id, view, blobKey } = await run('email,name\nkeep1@retention.example,One\nkeep2@retention.example,Two\n');
    expect(view).toMatchObject({ status: 'completed', usersCreated: 2 });
    await until('the import settled', async () => ((await stagedRows(id)) === 0 ? true : undefined));
    await until('its file removed', async () => ((await t.deps.blobs.exists(blobKey)) ? undefined : true));
    expect((await getImport(t, headers, id)).status).toBe('completed');
  });

  it('keeps the file of an import with validation errors (Retry reads it) until the retention ends, then refuses Retry', async () => {
    const { id, view, blobKey } = await run('email,name\nnot-an-email,Bad\n');
    expect(view.status).toBe('validation_error');
    expect(await stagedRows(id)).toBe(0);
    const errors = await importErrors(t, headers, id);
    expect(errors).toEqual([expect.objectContaining({ code: 'INVALID_EMAIL', rows: [2] })]);

    const expire = t.app.services.userImportPipeline.expireFiles;
    // Within the retention: kept.
    await t.database.db.update(userImports).set({ finishedAt: sql`now() - interval '9 days'` }).where(eq(userImports.id, id));
    await expire(10);
    expect(await t.deps.blobs.exists(blobKey)).toBe(true);
    // Past it: gone; the errors stay readable, and Retry says the file is no longer kept.
    await t.database.db.update(userImports).set({ finishedAt: sql`now() - interval '11 days'` }).where(eq(userImports.id, id));
    await expire(10);
    expect(await t.deps.blobs.exists(blobKey)).toBe(false);
    expect(await importErrors(t, headers, id)).toEqual(errors);
    const csv = await t.app.inject({ url: `/api/user-import/${id}/errors.csv`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('INVALID_EMAIL');
    const retried = await t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().message).toMatch(/no longer kept/);
    expect((await getImport(t, headers, id)).status).toBe('validation_error');
  });
});
