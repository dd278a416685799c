/**
 * An import never creates, changes or invites users of a disabled organization: not when
 * its job is picked up after the disable, not in the batches after one, not in the
 * invitations sent in the background or by a retry. The organization is disabled the way
 * staff do it (PUT /organization/{id}); the invitations go to a real SMTP peer.
 */
import { userImportErrorMessages } from '@console/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImportInvitations, users } from '../../db/schema.js';
import type { AuthContext } from '../../http/auth-context.js';
import { createUser } from '../../test/factories.js';
import { createMailTestApp, type MailTestApp } from '../../test/mail-test-app.js';
import { type SignedIn, signInStaff } from '../../test/sign-in.js';
import type { InviteUser } from './invitations.js';
import { createUserImportErrorsRepository } from './user-import-errors.repository.js';
import { confirmImport, getImport, importCsv, organizationWithAdmin, upload, watchedRuns } from './user-imports.fixtures.js';
import { createUserImportsRepository } from './user-imports.repository.js';
import { toView } from './user-imports.service.js';

const disabledError = {
  email: null,
  employeeId: null,
  rows: [],
  code: 'ORGANIZATION_DISABLED',
  error: userImportErrorMessages.ORGANIZATION_DISABLED,
  value: null,
};

describe('user imports of a disabled organization', () => {
  let t: MailTestApp;
  let staff: SignedIn;
  const runs = watchedRuns();

  beforeAll(async () => {
    // Batches of two rows, so that a file of a few rows is applied in several, with a pause
    // between two in which staff can disable the organization.
    t = await createMailTestApp({
      rejectRecipients: ['bounce@retry.example'],
      log: runs.log,
      config: {
        USER_IMPORT_BATCH_ROWS: '2',
        USER_IMPORT_BATCH_PAUSE_MS: '1500',
        USER_IMPORT_INVITATIONS_PER_SECOND: '50',
      },
    });
    staff = await signInStaff(t, { roles: ['read', 'update'] });
  });
  afterAll(() => t.close());

  async function disable(organizationId: string) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/organization/${organizationId}`,
      headers: staff.headers,
      payload: { disabled: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The import as its admin would see it (the admin's session ends with the organization). */
  async function state(id: string) {
    const row = await createUserImportsRepository(t.database.db).getImport(id);
    const { rows } = await createUserImportErrorsRepository(t.database.db).listErrors(id, { offset: 0, limit: 100 });
    return { view: toView(row!, 0, 5), errors: rows.map(({ id: _id, ...e }) => e) };
  }

  /** The users of the organization other than its admin. */
  const imported = (organizationId: string, adminId: string) =>
    t.database.db
      .select({ email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), ne(users.id, adminId)));

  const invitationStatuses = async (importId: string) =>
    (
      await t.database.db
        .select({ email: userImportInvitations.email, status: userImportInvitations.status })
        .from(userImportInvitations)
        .where(eq(userImportInvitations.importId, importId))
    )
      .map((i) => `${i.email}:${i.status}`)
      .sort();

  const invite: InviteUser = async (input) => {
    await t.app.services.invitations.invite(input);
  };
  const send = (importId: string, fn: InviteUser = invite) =>
    t.app.services.userImportPipeline.sendInvitations(importId, fn, { perSecond: 50, maxSeconds: 30 });
  const mailedTo = (domain: string) =>
    t.smtp.messages
      .map((m) => m.to[0])
      .filter((to) => to.endsWith(domain))
      .sort();

  it('does nothing for a job picked up after the organization was disabled: the file is not even read', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    const res = await upload(t, headers, 'email,name\nq1@queued.example,Queued One\n');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().userImport;
    await disable(org.id);

    expect(await t.app.services.userImportPipeline.run(id)).toBe('finished');
    const { view, errors } = await state(id);
    expect(view).toMatchObject({ status: 'error', phase: 'queued', rowsRead: 0, usersCreated: 0 });
    expect(view.finishedAt).not.toBeNull();
    expect(errors).toEqual([disabledError]);
    expect(await imported(org.id, admin.id)).toEqual([]);
  });

  it('creates no user when the organization is disabled before apply, and ends failed with that reason', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    // An existing user that the file would change: it must stay as the disable left it.
    const bob = await createUser(t.database.db, org.id, { email: 'bob@before.example', displayName: 'Bob Old', role: 'viewer' });
    const csv =
      'email,name,role\nnew1@before.example,New One,viewer\nbob@before.example,Bob New,publisher\nnew2@before.example,New Two,viewer\n';
    const res = await upload(t, headers, csv);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.services.userImportPipeline.run(res.json().userImport.id);
    expect((await confirmImport(t, headers, res.json().userImport.id)).statusCode).toBe(200);
    const validated = await getImport(t, headers, res.json().userImport.id);
    expect(validated).toMatchObject({ status: 'processing', phase: 'applying', rowsTotal: 3 });
    await disable(org.id);

    await t.app.services.userImportPipeline.run(validated.id);
    const { view, errors } = await state(validated.id);
    expect(view).toMatchObject({ status: 'error', rowsApplied: 0, usersCreated: 0, usersUpdated: 0 });
    expect(errors).toEqual([disabledError]);
    const left = await imported(org.id, admin.id);
    expect(left).toEqual([{ email: 'bob@before.example', disabledAt: expect.any(Date) }]);
    const [bobNow] = await t.database.db.select().from(users).where(eq(users.id, bob.id));
    expect(bobNow).toMatchObject({ displayName: 'Bob Old', role: 'viewer' });
    expect(await invitationStatuses(validated.id)).toEqual([]);
  });

  it('stops at the next batch when the organization is disabled between two batches; their invitations are never sent', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    const rows = Array.from({ length: 6 }, (_, i) => `b${i + 1}@between.example,Between ${i + 1}`).join('\n');
    let disabledAfter: number | undefined;
    const res = await upload(t, headers, `email,name\n${rows}\n`);
    const { id } = res.json().userImport;
    await t.app.services.userImportPipeline.run(id);
    expect((await confirmImport(t, headers, id)).statusCode).toBe(200);
    // Staff disable it while the run pauses after its first batch, as a request would come in.
    let disabling: Promise<void> | undefined;
    const stopWatching = runs.afterEachBatch((appliedThrough) => {
      disabledAfter ??= appliedThrough;
      disabling ??= disable(org.id);
    });
    await t.app.services.userImportPipeline.run(id).finally(stopWatching);
    await disabling;
    // The first batch (file rows 2 and 3) was applied before the disable; none after it.
    expect(disabledAfter).toBe(3);
    const { view, errors } = await state(id);
    expect(view).toMatchObject({ status: 'error', phase: 'applying', rowsTotal: 6, rowsApplied: 2, usersCreated: 2 });
    expect(errors).toEqual([disabledError]);
    const left = await imported(org.id, admin.id);
    expect(left.map((u) => u.email).sort()).toEqual(['b1@between.example', 'b2@between.example']);
    // Disabled with their organization, and not enabled again by the import.
    expect(left.every((u) => u.disabledAt !== null)).toBe(true);

    // The two invitations owed by the first batch are cancelled, not sent.
    expect(await invitationStatuses(id)).toEqual(['b1@between.example:pending', 'b2@between.example:pending']);
    expect(await send(id)).toBe(false);
    expect(mailedTo('@between.example')).toEqual([]);
    expect(await invitationStatuses(id)).toEqual(['b1@between.example:cancelled', 'b2@between.example:cancelled']);
    expect((await state(id)).errors).toEqual([disabledError]);
  });

  it('stops sending invitations at the next e-mail once the organization is disabled, and the import shows why', async () => {
    const { org, headers } = await organizationWithAdmin(t);
    const csv = 'email,name\ns1@sending.example,Send One\ns2@sending.example,Send Two\ns3@sending.example,Send Three\n';
    const done = await importCsv(t, headers, csv);
    expect(done).toMatchObject({ status: 'completed', usersCreated: 3, invitationsPending: 3 });
    let sent = 0;
    const more = await send(done.id, async (input) => {
      await invite(input);
      // Disabled right after the first e-mail went out.
      if (++sent === 1) await disable(org.id);
    });
    expect(more).toBe(false);
    expect(sent).toBe(1);
    expect(mailedTo('@sending.example')).toHaveLength(1);
    const statuses = await invitationStatuses(done.id);
    expect(statuses.filter((s) => s.endsWith(':sent'))).toHaveLength(1);
    expect(statuses.filter((s) => s.endsWith(':cancelled'))).toHaveLength(2);
    const { view, errors } = await state(done.id);
    expect(view).toMatchObject({ status: 'error', invitationsSent: 1, invitationsFailed: 0 });
    expect(errors).toEqual([disabledError]);
  });

  it('does not e-mail anyone when failed invitations are retried after the organization was disabled', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    const done = await importCsv(t, headers, 'email,name\nbounce@retry.example,Bounce\n');
    expect(await send(done.id)).toBe(false);
    expect((await state(done.id)).view).toMatchObject({ status: 'error', invitationsFailed: 1 });
    await disable(org.id);

    // The address works now: only the disabled organization keeps it from being sent.
    t.smtp.rejected.clear();
    const auth = { userId: admin.id, organizationId: org.id, displayName: 'Org Admin' } as AuthContext;
    await t.app.services.userImports.retry(auth, done.id);
    await t.app.services.userImportPipeline.run(done.id);
    expect(await send(done.id)).toBe(false);
    expect(mailedTo('@retry.example')).toEqual([]);
    expect(await invitationStatuses(done.id)).toEqual(['bounce@retry.example:cancelled']);
    const { view, errors } = await state(done.id);
    expect(view).toMatchObject({ status: 'error', invitationsSent: 0 });
    expect(errors).toEqual([disabledError]);
  });
});
