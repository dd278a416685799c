/** The user-import calls (docs/product.md, "Calls"): access, listing, details, errors, template, retry and removal. */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImportRows, userImports, users } from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  confirmImport,
  getImport,
  type Headers,
  importCsv,
  importErrors,
  multipartBody,
  upload,
  watchedRuns,
} from './user-imports.fixtures.js';

describe('user-import routes', () => {
  let t: TestApp;
  let headers: Headers;
  let otherHeaders: Headers;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let viewerEmail: string;
  const runs = watchedRuns();

  beforeAll(async () => {
    t = await createTestApp({ log: runs.log });
    const db = t.database.db;
    org = await createOrganization(db);
    headers = (await signIn(t, (await createUser(db, org.id, { email: 'admin@routes.example' })).email!)).headers;
    const other = await createOrganization(db);
    otherHeaders = (await signIn(t, (await createUser(db, other.id, { email: 'admin@other.example' })).email!)).headers;
    viewerEmail = (await createUser(db, org.id, { email: 'publisher@routes.example', role: 'publisher' })).email!;
  });
  afterAll(() => t.close());

  it('is for signed-in Organizational Admins, and an import of another organization is not found', async () => {
    expect((await t.app.inject({ url: '/api/user-imports' })).statusCode).toBe(401);
    const mine = await importCsv(t, headers, 'email,name\nx@routes.example,X\n');
    for (const url of [`/api/user-import/${mine.id}`, `/api/user-import/${mine.id}/errors`, `/api/user-import/${mine.id}/errors.csv`]) {
      const res = await t.app.inject({ url, headers: otherHeaders });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-import/${mine.id}`, headers: otherHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/user-import/${mine.id}/retry`, headers: otherHeaders })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/user-imports', headers: otherHeaders });
    expect(list.json()).toEqual({ userImports: [], total: 0 });
    // A signed-in user who is not an Organizational Admin cannot even sign in to the console.
    await expect(signIn(t, viewerEmail)).rejects.toThrow(/403/);
  });

  it('checks the caller before reading an upload: 401 for a malformed or oversized body, 400 or 413 only to an admin', async () => {
    const post = (h: Headers, payload: string | Buffer, contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/user-imports', headers: { ...h, 'content-type': contentType }, payload });
    const total = async () => (await t.app.inject({ url: '/api/user-imports', headers })).json().total as number;
    const before = await total();
    const malformedJson = '{"file":';
    const oversized = Buffer.alloc(2 * 1024 * 1024, 'a'); // above the 1 MB body limit
    const unauthenticated = { statusCode: 401, code: 'UNAUTHENTICATED', message: 'You need to sign in.' };
    expect((await post({}, malformedJson, 'application/json')).json()).toEqual(unauthenticated);
    expect((await post({}, oversized, 'application/json')).json()).toEqual(unauthenticated);
    const form = await multipartBody({ columnSeparator: 'too long' }, { name: 'users.csv', content: 'email\nx@routes.example\n' });
    expect((await post({}, form.payload, form.contentType)).json()).toEqual(unauthenticated);
    // A session cookie without the CSRF header: refused before the file is read, too.
    const noCsrf = await post({ cookie: headers.cookie }, form.payload, form.contentType);
    expect(noCsrf.json()).toMatchObject({ statusCode: 403, code: 'CSRF' });
    const anonymousErrors = await t.app.inject({ url: '/api/user-import/not-a-uuid/errors?limit=abc' });
    expect(anonymousErrors.json()).toEqual(unauthenticated);

    expect((await post(headers, malformedJson, 'application/json')).json()).toMatchObject({ statusCode: 400 });
    expect((await post(headers, oversized, 'application/json')).json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect((await post(headers, form.payload, form.contentType)).json()).toMatchObject({ statusCode: 400 });
    const adminErrors = await t.app.inject({ url: '/api/user-import/not-a-uuid/errors?limit=abc', headers });
    expect(adminErrors.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(await total()).toBe(before);
  });

  it('lists imports newest first, 20 a page by default, with the total', async () => {
    const before = (await t.app.inject({ url: '/api/user-imports', headers })).json().total as number;
    for (let i = 0; i < 3; i++) expect((await upload(t, headers, 'email,name\n', {}, `batch-${i}.csv`)).statusCode).toBe(201);
    const page1 = await t.app.inject({ url: '/api/user-imports?page=1&limit=2', headers });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.total).toBe(before + 3);
    expect(body.userImports.map((u: { filename: string }) => u.filename)).toEqual(['batch-2.csv', 'batch-1.csv']);
    // No separator chosen: it is read from the file, so it is not known while the import waits.
    expect(body.userImports[0]).toMatchObject({
      status: 'processing',
      phase: 'queued',
      columnSeparator: null,
      columnSeparatorDetected: true,
      rowsRead: 0,
    });
    const page2 = (await t.app.inject({ url: '/api/user-imports?page=2&limit=2', headers })).json();
    expect(page2.userImports[0].filename).toBe('batch-0.csv');
    expect(page2.total).toBe(before + 3);
    // A page past the end has no rows to carry the total: it is still the total.
    const past = (await t.app.inject({ url: '/api/user-imports?page=99&limit=2', headers })).json();
    expect(past).toEqual({ userImports: [], total: before + 3 });
    expect((await t.app.inject({ url: '/api/user-imports?limit=500', headers })).statusCode).toBe(400);
  });

  it('keeps the upload options and answers them in the details', async () => {
    const res = await upload(
      t,
      headers,
      'email,name\n',
      { columnSeparator: '\t', assignSkills: 'false', disableUsers: 'true' },
      'C:\\fakepath\\tabs.csv',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().userImport).toMatchObject({
      filename: 'tabs.csv',
      columnSeparator: '\t',
      options: { assignSkills: false, assignTeams: true, assignWorkspaces: true, createEmployeeIdUsers: true, disableUsers: true },
    });
  });

  it('answers errors as JSON filtered by e-mail in any case, and as a CSV download', async () => {
    const done = await importCsv(
      t,
      headers,
      'email,name,role\nAnna@routes.example,A,boss\nbert@routes.example,B,king\n=cmd@routes.example,C,viewer,x\n',
    );
    expect(done.status).toBe('validation_error');
    expect(done.rowsWithErrors).toBe(3);
    const filtered = await importErrors(t, headers, done.id, '&email=ANNA');
    expect(filtered).toEqual([
      {
        email: 'Anna@routes.example',
        employeeId: null,
        rows: [2],
        code: 'INVALID_ROLE',
        error: expect.stringMatching(/role/),
        value: 'boss',
      },
    ]);
    expect(await importErrors(t, headers, done.id, '&email=nobody')).toEqual([]);
    const all = await t.app.inject({ url: `/api/user-import/${done.id}/errors?limit=2`, headers });
    expect(all.json().total).toBe(4);
    expect(all.json().errors).toHaveLength(2);

    const csv = await t.app.inject({ url: `/api/user-import/${done.id}/errors.csv`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('users-errors.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,employeeId,rows,code,error,value');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Anna@routes\.example,,2,INVALID_ROLE,/);
    // A cell that a spreadsheet would run as a formula is neutralised.
    expect(lines.some((l) => l.startsWith("'=cmd@routes.example,,4,"))).toBe(true);
  });

  it('offers the template of the organization, which imports as it is', async () => {
    const res = await t.app.inject({ url: '/api/user-imports/template?columnSeparator=;', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('user-import-template.csv');
    expect(res.body.split('\r\n')[0]).toBe('email;employeeId;name;role;workspaces;teams;skills;disabled');
    const done = await importCsv(t, headers, res.body, { columnSeparator: ';' });
    expect(done).toMatchObject({ status: 'completed', usersCreated: 2 });
    // The template of another organization is its own (user-imports.first-import.test.ts has the rest).
    const other = await t.app.inject({ url: '/api/user-imports/template', headers: otherHeaders });
    expect(other.body.split('\r\n')[1]).not.toBe(res.body.split('\r\n')[1].replaceAll(';', ','));
  });

  it('refuses to retry a file with data errors: the same file would fail again', async () => {
    const failed = await importCsv(t, headers, 'email,name,workspaces\nfix@routes.example,F,Later\n');
    expect(failed.status).toBe('validation_error');
    const refused = await t.app.inject({ method: 'PUT', url: `/api/user-import/${failed.id}/retry`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('USER_IMPORT_NEEDS_NEW_FILE');
    await createWorkspace(t.database.db, org.id, { name: 'Later' });
    // Once the data is fixed, the same file uploaded again imports.
    const again = await importCsv(t, headers, 'email,name,workspaces\nfix@routes.example,F,Later\n');
    expect(again).toMatchObject({ status: 'completed', usersCreated: 1 });
    const done = await t.app.inject({ method: 'PUT', url: `/api/user-import/${again.id}/retry`, headers });
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('USER_IMPORT_NOT_RETRYABLE');
  });

  it('records a user that failed while applying, and a retry re-runs only that user', async () => {
    const db = t.database.db;
    const res = await upload(t, headers, 'email,name\nfirst@routes.example,First\nraced@routes.example,Raced\nlast@routes.example,Last\n');
    const { id } = res.json().userImport;
    await t.app.services.userImportPipeline.run(id);
    expect(await getImport(t, headers, id)).toMatchObject({ status: 'awaiting_confirmation', phase: 'applying' });
    expect((await confirmImport(t, headers, id)).statusCode).toBe(200);
    // Someone takes the e-mail in another organization between validation and apply.
    const racer = await createUser(db, (await createOrganization(db)).id, { email: 'raced@routes.example' });
    await t.app.services.userImportPipeline.run(id);
    const failed = await getImport(t, headers, id);
    expect(failed).toMatchObject({ status: 'error', usersCreated: 2, usersFailed: 1, rowsApplied: 3, rowsWithErrors: 1 });
    expect(await importErrors(t, headers, id)).toEqual([
      expect.objectContaining({ email: 'raced@routes.example', rows: [3], code: 'APPLY_FAILED' }),
    ]);

    await db.delete(users).where(eq(users.id, racer.id));
    const retried = await t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });
    expect(retried.json().userImport).toMatchObject({ status: 'processing', phase: 'retrying', usersFailed: 0 });
    await t.app.services.userImportPipeline.run(id);
    expect(await getImport(t, headers, id)).toMatchObject({ status: 'completed', usersCreated: 3, usersUpdated: 0, usersFailed: 0 });
    expect(await importErrors(t, headers, id)).toEqual([]);
    const mine = await db
      .select({ email: users.email, org: users.organizationId })
      .from(users)
      .where(
        sql`${users.email} LIKE '%@routes.example' AND ${users.email} IN ('first@routes.example', 'raced@routes.example', 'last@routes.example')`,
      );
    expect(mine.map((u) => u.org)).toEqual([org.id, org.id, org.id]);
    const outcomes = await db
      .select({ row: userImportRows.rowNumber, outcome: userImportRows.outcome })
      .from(userImportRows)
      .where(eq(userImportRows.importId, id))
      .orderBy(userImportRows.rowNumber);
    expect(outcomes).toEqual([
      { row: 2, outcome: null },
      { row: 3, outcome: 'success' },
      { row: 4, outcome: null },
    ]);
  });

  it('removes an import at once, then purges its rows and file', async () => {
    const done = await importCsv(t, headers, 'email,name\nrm@routes.example,Rm\n');
    const blob = path.join(
      t.config.dataDir,
      'blobs',
      (await t.database.db.select().from(userImports).where(eq(userImports.id, done.id)))[0].blobKey,
    );
    expect(fs.existsSync(blob)).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user-import/${done.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user-import/${done.id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-import/${done.id}`, headers })).statusCode).toBe(404);
    // The purge is queued (no worker runs in this test); its job runs the pipeline's purge.
    const { rows: queued } = await t.database.executeSql(
      "SELECT data FROM pgboss.job WHERE name = 'user-import-purge' AND state = 'created'",
    );
    expect(queued.map((j) => j.data)).toContainEqual({ importId: done.id });
    await t.app.services.userImportPipeline.purge(done.id);
    expect(await t.database.db.select().from(userImports).where(eq(userImports.id, done.id))).toEqual([]);
    expect(await t.database.db.select().from(userImportRows).where(eq(userImportRows.importId, done.id))).toEqual([]);
    expect(fs.existsSync(blob)).toBe(false);
    // The users it made stay.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'rm@routes.example'))).toHaveLength(1);
  });
});
