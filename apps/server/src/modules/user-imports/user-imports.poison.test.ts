/**
 * No import stays "processing" for ever: a file the parser refuses is a format error of its
 * row, and a run that fails on every try ends as `error` (which Retry is offered for), with
 * the resume sweep neither doubling its runs nor resuming one that used its tries.
 */
import type { UserImportView } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImports } from '../../db/schema.js';
import type { UserImportJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getImport, type Headers, importErrors, settledInBackground, upload } from './user-imports.fixtures.js';
import { userImportJobs } from './user-imports.jobs.js';

describe('user imports that cannot succeed', () => {
  let t: TestApp;
  let headers: Headers;
  let definitions: JobDefinitions<UserImportJobs>;
  let started = false;
  beforeAll(async () => {
    t = await createTestApp();
    const orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
    definitions = userImportJobs({ deps: t.deps, services: t.app.services });
  });
  afterAll(async () => {
    await t.close();
  });

  const startWorkers = async () => {
    if (!started) await t.deps.jobs.startWorkers(definitions);
    started = true;
  };
  const sweep = () => definitions.find((d) => d.name === 'user-import-resume')!.handler({}, {} as never);
  const jobsOf = async (id: string) => {
    const { rows } = await t.database.executeSql('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2', [
      'user-import',
      id,
    ]);
    return rows[0].n as number;
  };
  const ended = (id: string) => settledInBackground(t, headers, id, { invitations: false });

  it('ends a run that fails on every try as error, readable, retryable; the sweep neither doubles nor resumes it', async () => {
    const res = await upload(t, headers, 'email,name\na@poison.example,A\n');
    expect(res.statusCode).toBe(201);
    const { id } = res.json().userImport as UserImportView;
    // The file is gone: every run fails the same way (a failure of the machinery, not of the file).
    const [row] = await t.database.db.select().from(userImports).where(eq(userImports.id, id));
    await t.deps.blobs.remove(row.blobKey);

    // Its run is queued: the sweep does not queue a second one beside it.
    await sweep();
    expect(await jobsOf(id)).toBe(1);

    await startWorkers();
    const failed = await ended(id);
    expect(failed.status).toBe('error');
    expect(await importErrors(t, headers, id)).toEqual([
      expect.objectContaining({ code: 'IMPORT_FAILED', error: 'The import stopped on an unexpected failure. Retry it.' }),
    ]);
    expect((await importErrors(t, headers, id))[0].value).not.toMatch(/ENOENT|blobs/);

    // Its job used its tries: were the import still shown as processing (its failure not
    // recorded), the sweep ends it as failed instead of starting it again.
    await t.database.db.update(userImports).set({ status: 'processing', finishedAt: null }).where(eq(userImports.id, id));
    await t.database.executeSql('DELETE FROM user_import_errors WHERE import_id = $1', [id]);
    await sweep();
    expect(await jobsOf(id)).toBe(1);
    expect((await getImport(t, headers, id)).status).toBe('error');

    // Retry is offered (once the file is back: Retry reads it, decision 019) and runs with tries of its own.
    await t.deps.blobs.put(row.blobKey, 'email,name\na@poison.example,A\n');
    const retried = await t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });
    expect(retried.statusCode).toBe(200);
    expect(await ended(id)).toMatchObject({ status: 'completed', usersCreated: 1 });
    // The retry's run, which stops at the summary, then the run its confirmation queues.
    expect(await jobsOf(id)).toBe(3);
  });

  it('ends a file with a quote inside an unquoted cell as a format error of its row, not processing', async () => {
    await startWorkers();
    const res = await upload(t, headers, 'email,name\nann@poison.example,Ann\nbob@poison.example,Robert "Bob" Smith\n');
    expect(res.statusCode).toBe(201);
    const { id } = res.json().userImport as UserImportView;
    const view = await ended(id);
    expect(view.status).toBe('validation_error');
    expect(await importErrors(t, headers, id)).toEqual([expect.objectContaining({ code: 'QUOTE_IN_CELL', rows: [3] })]);
  });
});
