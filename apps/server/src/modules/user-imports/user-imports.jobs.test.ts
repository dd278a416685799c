/** The import as the worker runs it: queued by the upload, run and purged by pg-boss jobs. */
import type { UserImportView } from '@console/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImports, users, userTokens } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createMailTestApp, type MailTestApp } from '../../test/mail-test-app.js';
import { signIn } from '../../test/sign-in.js';
import { until } from '../../test/until.js';
import { type Headers, importErrors, settledInBackground, upload } from './user-imports.fixtures.js';
import { userImportJobs } from './user-imports.jobs.js';

describe('user-import jobs', () => {
  let t: MailTestApp;
  let headers: Headers;
  let orgId: string;
  beforeAll(async () => {
    t = await createMailTestApp({ rejectRecipients: ['bounce@jobs.example'], config: { USER_IMPORT_INVITATIONS_PER_SECOND: '20' } });
    orgId = (await createOrganization(t.database.db)).id;
    headers = (await signIn(t, (await createUser(t.database.db, orgId)).email!)).headers;
    await t.deps.jobs.startWorkers(userImportJobs({ deps: t.deps, services: t.app.services }));
  });
  afterAll(() => t.close());

  const settled = (id: string) => settledInBackground(t, headers, id);

  it('invites the new users by e-mail in the background; a failed send is a per-user error that retry sends again', async () => {
    const csv =
      'email,employeeId,name\nnew1@jobs.example,,New One\nbounce@jobs.example,,Bounce\n,E-77,Badge Only\nnew2@jobs.example,,New Two\n';
    const res = await upload(t, headers, csv);
    const { id } = res.json().userImport as UserImportView;
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'error', usersCreated: 4, usersFailed: 0, invitationsSent: 2, invitationsFailed: 1 });
    expect(t.smtp.messages.map((m) => m.to[0]).sort()).toEqual(['new1@jobs.example', 'new2@jobs.example']);
    const mail = t.smtp.messages.find((m) => m.to[0] === 'new1@jobs.example')!;
    // Imported without a role, they are Viewers: the platform's app is where they work, so the link activates their account.
    expect(mail.text).toMatch(/\/auth\/invitation\/activate\?token=/);
    expect(await importErrors(t, headers, id)).toEqual([
      expect.objectContaining({
        email: 'bounce@jobs.example',
        rows: [3],
        code: 'INVITATION_FAILED',
        value: expect.stringMatching(/550|unavailable/),
      }),
    ]);
    // Each new user with an e-mail has one invitation token; the badge-only user none.
    const tokens = await t.database.db.select({ userId: userTokens.userId }).from(userTokens);
    expect(tokens).toHaveLength(3);

    t.smtp.rejected.clear();
    const retried = await t.app.inject({ method: 'PUT', url: `/api/user-import/${id}/retry`, headers });
    expect(retried.statusCode).toBe(200);
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'completed', usersCreated: 4, invitationsSent: 3, invitationsFailed: 0 });
    expect(t.smtp.messages.map((m) => m.to[0]).sort()).toEqual(['bounce@jobs.example', 'new1@jobs.example', 'new2@jobs.example']);
    expect(await importErrors(t, headers, id)).toEqual([]);
  });

  it('runs an uploaded file in the background to completion, and purges it once removed', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `job${i}@jobs.example,Job ${i}`).join('\n');
    const res = await upload(t, headers, `email,name\n${rows}\n`);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().userImport as UserImportView;
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'completed', rowsRead: 50, rowsApplied: 50, usersCreated: 50, invitationsSent: 50 });
    const made = await t.database.db.select().from(users).where(like(users.email, 'job%@jobs.example'));
    expect(made).toHaveLength(50);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/user-import/${id}`, headers })).statusCode).toBe(200);
    await until('purge', async () =>
      (await t.database.db.select().from(userImports).where(eq(userImports.id, id))).length === 0 ? true : undefined,
    );
  });
});
