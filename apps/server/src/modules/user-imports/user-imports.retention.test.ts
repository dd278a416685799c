/**
 * An import keeps its data no longer than something needs it: its staged rows go when it
 * ends (its errors stay), its uploaded file goes at once when Retry can never read it again,
 * else after USER_IMPORT_FILE_RETENTION_DAYS, and then Retry says so.
 */
import { Readable } from 'node:stream';
import type { UserImportView } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImportRows, userImports } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { getImport, type Headers, importErrors, settledInBackground, upload } from './user-imports.fixtures.js';
import { userImportJobs } from './user-imports.jobs.js';

describe('user import retention', () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createTestApp({ config: { USER_IMPORT_FILE_RETENTION_DAYS: '10' } });
    const orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
    await t.deps.jobs.startWorkers(userImportJobs({ deps: t.deps, services: t.app.services }));
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
    const view = await settledInBackground(t, headers, id);
    return { id, view, blobKey: (await importRow(id)).blobKey };
  };

  it('purges the staged rows and the file of an import that ended applied', async () => {
    const { id, view, blobKey } = await run('email,name\nkeep1@retention.example,One\nkeep2@retention.example,Two\n');
    expect(view).toMatchObject({ status: 'completed', usersCreated: 2 });
    await until('the import settled', async () => ((await stagedRows(id)) === 0 ? true : undefined));
    await until('its file removed', async () => ((await t.deps.blobs.exists(blobKey)) ? undefined : true));
    expect((await getImport(t, headers, id)).status).toBe('completed');
  });

  it('drops the file of an import with validation errors at once (it is never retried); its errors stay', async () => {
    const { id, view, blobKey } = await run('email,name\nnot-an-email,Bad\n');
    expect(view.status).toBe('validation_error');
    // Right after the status is written, the run drops the staged rows and the file.
    await until('its staged rows and file dropped', async () =>
      (await stagedRows(id)) === 0 && !(await t.deps.blobs.exists(blobKey)) ? true : undefined,
    );
    const errors = await importErrors(t, headers, id);
    expect(errors).toEqual([expect.objectContaining({ code: 'INVALID_EMAIL', rows: [2] })]);
    const csv = await t.app.inject({ url: `/api/user-import/${id}/errors.csv`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('INVALID_EMAIL');
    const retried = await t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().code).toBe('USER_IMPORT_NEEDS_NEW_FILE');
    expect((await getImport(t, headers, id)).status).toBe('validation_error');
  });

  it('keeps the file of a run that stopped half way (Retry reads it) until the retention ends, then refuses Retry', async () => {
    const res = await upload(t, headers, 'email,name\nhalf@retention.example,Half\n');
    const { id } = res.json().userImport as UserImportView;
    const blobKey = (await importRow(id)).blobKey;
    // Once it has ended and settled (its file dropped), it is made into a run that failed on
    // every try before applying, with its file: what such a run leaves.
    await settledInBackground(t, headers, id);
    await until('the import settled', async () => ((await t.deps.blobs.exists(blobKey)) ? undefined : true));
    expect((await getImport(t, headers, id)).status).toBe('completed');
    await t.database.db.update(userImports).set({ status: 'error', phase: 'validating' }).where(eq(userImports.id, id));
    await t.deps.blobs.put(blobKey, Readable.from(['email,name\nhalf@retention.example,Half\n']));

    const expire = t.app.services.userImportPipeline.expireFiles;
    // Within the retention: kept.
    await t.database.db.update(userImports).set({ finishedAt: sql`now() - interval '9 days'` }).where(eq(userImports.id, id));
    await expire(10);
    expect(await t.deps.blobs.exists(blobKey)).toBe(true);
    // Past it: gone, and Retry says the file is no longer kept.
    await t.database.db.update(userImports).set({ finishedAt: sql`now() - interval '11 days'` }).where(eq(userImports.id, id));
    await expire(10);
    expect(await t.deps.blobs.exists(blobKey)).toBe(false);
    const retried = await t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toMatchObject({ code: 'USER_IMPORT_NOT_RETRYABLE', message: expect.stringMatching(/no longer kept/) });
    expect((await getImport(t, headers, id)).status).toBe('error');
  });
});
