/**
 * Imports the admin confirms: a validated import stops at its summary (new, updated and
 * disabled users, invitations, with samples) and applies nothing until Confirm; removing it
 * there cancels it; a large one may be applied without waiting, as the external API's
 * unattended runs are by default. A running import can be stopped between two batches: it
 * ends as stopped, its report says exactly what the database holds, and no run applies
 * another batch. Each of these writes its event in its transaction.
 */
import { USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS, type UserImportView, userImportRequestErrors } from '@console/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, userImportInvitations, users } from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  confirmImport,
  getImport,
  type Headers,
  importCsv,
  multipartBody,
  organizationWithAdmin,
  stopImport,
  upload,
  watchedRuns,
} from './user-imports.fixtures.js';

describe('imports the admin confirms', () => {
  let t: TestApp;
  const runs = watchedRuns();

  beforeAll(async () => {
    // Batches of five rows with a pause between two, in which the admin can press Stop.
    t = await createTestApp({ log: runs.log, config: { USER_IMPORT_BATCH_ROWS: '5', USER_IMPORT_BATCH_PAUSE_MS: '300' } });
  });
  afterAll(() => t.close());

  /** The users of the organization other than its admin. */
  const others = (organizationId: string, adminId: string) =>
    t.database.db
      .select({ email: users.email, name: users.displayName, role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), ne(users.id, adminId)));

  const eventsOf = (organizationId: string, action: string) =>
    t.database.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, organizationId), eq(events.action, action)));

  async function uploaded(headers: Headers, csv: string, fields: Record<string, string> = {}): Promise<UserImportView> {
    const res = await upload(t, headers, csv, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().userImport;
  }

  const rowsOf = (n: number, domain: string) =>
    Array.from({ length: n }, (_, i) => `u${String(i + 1).padStart(6, '0')}@${domain},User ${i + 1}`).join('\n');

  it('waits at its summary, changing nobody, and applies what the summary said once confirmed', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    await createUser(t.database.db, org.id, { email: 'kept@summary.example', displayName: 'Kept Old', role: 'viewer' });
    await createUser(t.database.db, org.id, { email: 'leaving@summary.example', displayName: 'Leaving', role: 'viewer' });
    const csv = [
      'email,name,role,disabled',
      'new1@summary.example,New One,viewer,',
      'new2@summary.example,New Two,publisher,',
      'kept@summary.example,Kept New,publisher,',
      'leaving@summary.example,,,true',
      'new3@summary.example,New Three,viewer,true',
      'new4@summary.example,New Four,viewer,',
      'new5@summary.example,New Five,viewer,',
    ].join('\n');
    const before = await others(org.id, admin.id);
    const created = await uploaded(headers, `${csv}\n`, { disableUsers: 'true' });
    expect(created).toMatchObject({ status: 'processing', summary: null, applyWithoutConfirmation: false, confirmedAt: null });

    expect(await t.app.services.userImportPipeline.run(created.id)).toBe('finished');
    const waiting = await getImport(t, headers, created.id);
    expect(waiting).toMatchObject({ status: 'awaiting_confirmation', phase: 'applying', rowsTotal: 7, rowsApplied: 0, usersCreated: 0 });
    expect(waiting.summary).toEqual({
      newUsers: {
        count: 5,
        samples: [
          { email: 'new1@summary.example', employeeId: null, name: 'New One' },
          { email: 'new2@summary.example', employeeId: null, name: 'New Two' },
          { email: 'new3@summary.example', employeeId: null, name: 'New Three' },
        ],
      },
      updatedUsers: {
        count: 2,
        samples: [
          { email: 'kept@summary.example', employeeId: null, name: 'Kept New' },
          { email: 'leaving@summary.example', employeeId: null, name: 'Leaving' },
        ],
      },
      disabledUsers: { count: 1, samples: [{ email: 'leaving@summary.example', employeeId: null, name: 'Leaving' }] },
      // new3 starts disabled: no invitation for it.
      invitations: {
        count: 4,
        samples: [
          { email: 'new1@summary.example', employeeId: null, name: 'New One' },
          { email: 'new2@summary.example', employeeId: null, name: 'New Two' },
          { email: 'new4@summary.example', employeeId: null, name: 'New Four' },
        ],
      },
    });
    // Nothing applied, nothing owed, nobody changed; a run started again does not apply it either.
    expect(await others(org.id, admin.id)).toEqual(before);
    expect(await t.app.services.userImportPipeline.run(created.id)).toBe('gone');
    expect(await t.app.services.userImportPipeline.orphanedImports()).not.toContain(created.id);
    expect(await others(org.id, admin.id)).toEqual(before);
    expect(await eventsOf(org.id, 'user_import.confirmed')).toEqual([]);

    const res = await confirmImport(t, headers, created.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userImport).toMatchObject({ status: 'processing', confirmedAt: expect.any(String) });
    const [confirmed] = await eventsOf(org.id, 'user_import.confirmed');
    expect(confirmed).toMatchObject({
      actorType: 'user',
      actorId: admin.id,
      data: { newUsers: 5, updatedUsers: 2, disabledUsers: 1, invitations: 4 },
    });
    // A second Confirm is refused: it is no longer waiting.
    const again = await confirmImport(t, headers, created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(userImportRequestErrors.notAwaitingConfirmation);

    await t.app.services.userImportPipeline.run(created.id);
    const done = await getImport(t, headers, created.id);
    expect(done).toMatchObject({ status: 'completed', rowsApplied: 7, usersCreated: 5, usersUpdated: 2, invitationsPending: 4 });
    const after = await others(org.id, admin.id);
    expect(after).toHaveLength(7);
    expect(
      after
        .filter((u) => u.disabledAt !== null)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['leaving@summary.example', 'new3@summary.example']);
    expect(after.find((u) => u.email === 'kept@summary.example')).toMatchObject({ name: 'Kept New', role: 'publisher' });
    const owed = await t.database.db.select().from(userImportInvitations).where(eq(userImportInvitations.importId, created.id));
    expect(owed).toHaveLength(waiting.summary!.invitations.count);
  });

  it('names each sample by its e-mail, or employee ID when it has none, and its name: two people of one name are told apart', async () => {
    const { org, headers } = await organizationWithAdmin(t);
    await createUser(t.database.db, org.id, { email: null, employeeId: 'E-200', displayName: 'Rosa Dias', role: 'viewer' });
    const csv = [
      'email,employeeId,name',
      'maria@samples.example,,Maria Silva',
      ',E-100,Rui Costa',
      'maria.silva@samples.example,,Maria Silva',
      ',E-200,',
    ].join('\n');
    const created = await uploaded(headers, `${csv}\n`);
    await t.app.services.userImportPipeline.run(created.id);
    const waiting = await getImport(t, headers, created.id);
    expect(waiting.status).toBe('awaiting_confirmation');
    expect(waiting.summary).toEqual({
      newUsers: {
        count: 3,
        samples: [
          { email: 'maria@samples.example', employeeId: null, name: 'Maria Silva' },
          { email: null, employeeId: 'E-100', name: 'Rui Costa' },
          { email: 'maria.silva@samples.example', employeeId: null, name: 'Maria Silva' },
        ],
      },
      // Found by employee ID; its row names nobody, so the user's own name is shown.
      updatedUsers: { count: 1, samples: [{ email: null, employeeId: 'E-200', name: 'Rosa Dias' }] },
      disabledUsers: { count: 0, samples: [] },
      // Only people with an e-mail are invited, each named by it.
      invitations: {
        count: 2,
        samples: [
          { email: 'maria@samples.example', employeeId: null, name: 'Maria Silva' },
          { email: 'maria.silva@samples.example', employeeId: null, name: 'Maria Silva' },
        ],
      },
    });
  });

  it('is cancelled at its summary by removing it: nobody is created, and it cannot be confirmed after', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    const created = await uploaded(headers, `email,name\n${rowsOf(8, 'cancel.example')}\n`);
    await t.app.services.userImportPipeline.run(created.id);
    expect((await getImport(t, headers, created.id)).status).toBe('awaiting_confirmation');

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user-import/${created.id}`, headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const confirm = await confirmImport(t, headers, created.id);
    expect(confirm.statusCode).toBe(404);
    expect(await t.app.services.userImportPipeline.run(created.id)).toBe('gone');
    expect(await others(org.id, admin.id)).toEqual([]);
    expect(await eventsOf(org.id, 'user_import.removed')).toHaveLength(1);
  });

  it('refuses Confirm in any other status, and another organization’s admin sees no such import', async () => {
    const { org, headers } = await organizationWithAdmin(t);
    const done = await importCsv(t, headers, 'email,name\none@refused.example,One\n');
    expect(done.status).toBe('completed');
    const completed = await confirmImport(t, headers, done.id);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().code).toBe(userImportRequestErrors.notAwaitingConfirmation);

    const failed = await uploaded(headers, 'email,name\nnot-an-email,Bad\n');
    await t.app.services.userImportPipeline.run(failed.id);
    expect((await getImport(t, headers, failed.id)).status).toBe('validation_error');
    expect((await confirmImport(t, headers, failed.id)).statusCode).toBe(409);

    const running = await uploaded(headers, 'email,name\ntwo@refused.example,Two\n');
    expect((await confirmImport(t, headers, running.id)).statusCode).toBe(409);

    const waiting = await uploaded(headers, 'email,name\nthree@refused.example,Three\n');
    await t.app.services.userImportPipeline.run(waiting.id);
    const other = await organizationWithAdmin(t);
    expect((await confirmImport(t, other.headers, waiting.id)).statusCode).toBe(404);
    expect((await stopImport(t, other.headers, waiting.id)).statusCode).toBe(404);
    // Stop is for a running import; at the summary it is removed instead.
    const stopWaiting = await stopImport(t, headers, waiting.id);
    expect(stopWaiting.statusCode).toBe(409);
    expect(stopWaiting.json().code).toBe(userImportRequestErrors.notRunning);
    expect((await getImport(t, headers, waiting.id)).status).toBe('awaiting_confirmation');
    expect(await eventsOf(org.id, 'user_import.confirmed')).toHaveLength(1);
  });

  it('stops between two batches: the report matches the database and no run applies another batch', async () => {
    const { org, admin, headers } = await organizationWithAdmin(t);
    const total = 40;
    const created = await uploaded(headers, `email,name\n${rowsOf(total, 'stop.example')}\n`);
    await t.app.services.userImportPipeline.run(created.id);
    expect((await confirmImport(t, headers, created.id)).statusCode).toBe(200);

    // The admin presses Stop while the run pauses after its second batch, as a request comes in.
    let stopping: ReturnType<typeof stopImport> | undefined;
    let batches = 0;
    const stopWatching = runs.afterEachBatch(() => {
      if (++batches === 2) stopping = stopImport(t, headers, created.id);
    });
    const outcome = await t.app.services.userImportPipeline.run(created.id).finally(stopWatching);
    const res = await stopping!;
    expect(res.statusCode, res.body).toBe(200);
    expect(outcome).toBe('gone');

    const report = (res.json() as { userImport: UserImportView }).userImport;
    const inDatabase = await others(org.id, admin.id);
    expect(report).toMatchObject({ status: 'stopped', phase: 'done', rowsTotal: total, usersUpdated: 0, usersFailed: 0 });
    expect(report.finishedAt).not.toBeNull();
    // What it says it applied is exactly what the database holds: whole batches, fewer than the file.
    expect(report.usersCreated).toBe(inDatabase.length);
    expect(report.rowsApplied).toBe(inDatabase.length);
    expect(inDatabase.length % 5).toBe(0);
    expect(inDatabase.length).toBeGreaterThanOrEqual(10);
    expect(inDatabase.length).toBeLessThan(total);
    const expected = Array.from({ length: inDatabase.length }, (_, i) => `u${String(i + 1).padStart(6, '0')}@stop.example`);
    expect(inDatabase.map((u) => u.email).sort()).toEqual(expected);
    // Their invitations are owed as the import was asked, and nothing else is.
    const owed = await t.database.db.select().from(userImportInvitations).where(eq(userImportInvitations.importId, created.id));
    expect(owed).toHaveLength(inDatabase.length);

    const [stopped] = await eventsOf(org.id, 'user_import.stopped');
    expect(stopped).toMatchObject({
      actorId: admin.id,
      data: { rowsTotal: total, rowsApplied: inDatabase.length, usersCreated: inDatabase.length, usersUpdated: 0, usersFailed: 0 },
    });
    // No run takes it up again, and a second Stop or a Confirm is refused.
    expect(await t.app.services.userImportPipeline.run(created.id)).toBe('gone');
    expect(await t.app.services.userImportPipeline.orphanedImports()).not.toContain(created.id);
    expect(await others(org.id, admin.id)).toHaveLength(inDatabase.length);
    expect((await stopImport(t, headers, created.id)).json().code).toBe(userImportRequestErrors.notRunning);
    expect((await confirmImport(t, headers, created.id)).statusCode).toBe(409);
    expect(await eventsOf(org.id, 'user_import.completed')).toEqual([]);
  });

  it('applies a large file without waiting when asked to, and a small one waits even so', async () => {
    // Batches of the configured size: the file is ten thousand rows.
    const big = await createTestApp();
    const { org, headers } = await organizationWithAdmin(big);
    const send = async (csv: string) => {
      const res = await upload(big, headers, csv, { applyWithoutConfirmation: 'true' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().userImport as UserImportView;
    };
    try {
      const small = await send(`email,name\n${rowsOf(3, 'small.example')}\n`);
      expect(small.applyWithoutConfirmation).toBe(true);
      await big.app.services.userImportPipeline.run(small.id);
      expect((await getImport(big, headers, small.id)).status).toBe('awaiting_confirmation');

      const rows = USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS + 1;
      const large = await send(`email,name\n${rowsOf(rows, 'large.example')}\n`);
      await big.app.services.userImportPipeline.run(large.id);
      expect(await getImport(big, headers, large.id)).toMatchObject({ status: 'completed', usersCreated: rows, summary: null });
      const created = await big.database.db.select({ id: users.id }).from(users).where(eq(users.organizationId, org.id));
      expect(created).toHaveLength(rows + 1);
    } finally {
      await big.close();
    }
  }, 300_000);

  it('remembers the options of the last upload for the organization, among them Send invitation e-mails off', async () => {
    const { headers } = await organizationWithAdmin(t);
    const other = await organizationWithAdmin(t);
    const defaults = async (h: Headers) => {
      const res = await t.app.inject({ url: '/api/user-imports/defaults', headers: h });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().options;
    };
    expect(await defaults(headers)).toMatchObject({ sendInvitations: true, disableUsers: false, assignTeams: true });
    await uploaded(headers, 'email,name\nq@remember.example,Q\n', { sendInvitations: 'false', assignTeams: 'false' });
    expect(await defaults(headers)).toMatchObject({ sendInvitations: false, assignTeams: false, assignSkills: true });
    // Another organization keeps its own.
    expect(await defaults(other.headers)).toMatchObject({ sendInvitations: true, assignTeams: true });
    // A refused upload changes nothing.
    const body = await multipartBody({ sendInvitations: 'true', columnSeparator: 'too long' }, { name: 'u.csv', content: 'email\n' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user-imports',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(await defaults(headers)).toMatchObject({ sendInvitations: false });
  });
});
