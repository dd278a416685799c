import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skills, teams, userImportInvitations, userImportRows, userSkills, users, userTeams, userWorkspaces } from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Headers, importCsv, importErrors } from './user-imports.fixtures.js';

describe('user imports: a valid file', () => {
  let t: TestApp;
  let headers: Headers;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    org = await createOrganization(db, { name: 'Acme' });
    admin = await createUser(db, org.id, { email: 'admin@acme.example' });
    ids.assembly = (await createWorkspace(db, org.id, { name: 'Assembly' })).id;
    ids.quality = (await createWorkspace(db, org.id, { name: 'Quality' })).id;
    ids.night = (await db.insert(teams).values({ organizationId: org.id, name: 'Night shift' }).returning())[0].id;
    ids.forklift = (await db.insert(skills).values({ organizationId: org.id, name: 'Forklift' }).returning())[0].id;
    ids.existing = (await createUser(db, org.id, { email: 'Bob@Acme.example', displayName: 'Bob Old', role: 'viewer' })).id;
    headers = (await signIn(t, admin.email!)).headers;
  });
  afterAll(() => t.close());

  it('creates and updates users with their memberships, and owes invitations to the new ones', async () => {
    const csv = [
      'Email;EmployeeID;NAME;role;workspaces;teams;skills',
      'ada@acme.example;;Ada Lovelace;publisher;assembly | QUALITY;Night shift;forklift',
      'bob@acme.example;B-7;Bob New;;Quality;;',
      ';E-1;Grace Hopper;viewer;Assembly;;',
      '',
      'carl@acme.example;;"Carl; ""the"" Engineer";workspace_admin;;;',
    ].join('\r\n');
    const done = await importCsv(t, headers, csv, { columnSeparator: ';' });
    expect(done).toMatchObject({
      status: 'completed',
      phase: 'done',
      rowsTotal: 4,
      rowsRead: 4,
      rowsApplied: 4,
      rowsWithErrors: 0,
      usersCreated: 3,
      usersUpdated: 1,
      usersFailed: 0,
      invitationsPending: 2,
      columnSeparator: ';',
    });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();

    const db = t.database.db;
    const all = await db
      .select({
        id: users.id,
        email: users.email,
        employeeId: users.employeeId,
        name: users.displayName,
        role: users.role,
        createdBy: users.createdBy,
      })
      .from(users)
      .where(eq(users.organizationId, org.id))
      .orderBy(asc(users.displayName));
    expect(all.map(({ id: _id, ...u }) => u)).toEqual([
      { email: 'ada@acme.example', employeeId: null, name: 'Ada Lovelace', role: 'publisher', createdBy: admin.id },
      { email: 'Bob@Acme.example', employeeId: 'B-7', name: 'Bob New', role: 'viewer', createdBy: null },
      { email: 'carl@acme.example', employeeId: null, name: 'Carl; "the" Engineer', role: 'workspace_admin', createdBy: admin.id },
      { email: null, employeeId: 'E-1', name: 'Grace Hopper', role: 'viewer', createdBy: admin.id },
      { email: 'admin@acme.example', employeeId: null, name: 'Test User', role: 'org_admin', createdBy: null },
    ]);
    const byName = Object.fromEntries(all.map((u) => [u.name, u.id]));
    const ws = await db.select().from(userWorkspaces);
    expect(ws.map((m) => `${m.userId}:${m.workspaceId}`).sort()).toEqual(
      [
        `${byName['Ada Lovelace']}:${ids.assembly}`,
        `${byName['Ada Lovelace']}:${ids.quality}`,
        `${ids.existing}:${ids.quality}`,
        `${byName['Grace Hopper']}:${ids.assembly}`,
      ].sort(),
    );
    expect(await db.select({ u: userTeams.userId, t: userTeams.teamId }).from(userTeams)).toEqual([
      { u: byName['Ada Lovelace'], t: ids.night },
    ]);
    expect(await db.select({ u: userSkills.userId, s: userSkills.skillId }).from(userSkills)).toEqual([
      { u: byName['Ada Lovelace'], s: ids.forklift },
    ]);
    // Only new users with an e-mail are invited: not Bob (existing), not Grace (no e-mail).
    const invited = await db
      .select({ email: userImportInvitations.email, status: userImportInvitations.status })
      .from(userImportInvitations);
    expect(invited.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'ada@acme.example', status: 'pending' },
      { email: 'carl@acme.example', status: 'pending' },
    ]);
    expect(await importErrors(t, headers, done.id)).toEqual([]);
  });

  it('applies the same file twice without creating anyone twice', async () => {
    const csv = 'email,name\nzoe@acme.example,Zoe\n';
    const first = await importCsv(t, headers, csv);
    const second = await importCsv(t, headers, csv);
    expect(first).toMatchObject({ status: 'completed', usersCreated: 1, usersUpdated: 0 });
    expect(second).toMatchObject({ status: 'completed', usersCreated: 0, usersUpdated: 1 });
    const zoes = await t.database.db.select().from(users).where(eq(users.email, 'zoe@acme.example'));
    expect(zoes).toHaveLength(1);
  });

  it('applies the disabled column only with the disable users option, and never to the uploader', async () => {
    await createUser(t.database.db, org.id, { email: 'dora@acme.example', role: 'viewer' });
    const off = await importCsv(t, headers, 'email,name,disabled\ndora@acme.example,Dora,true\n');
    expect(off.status).toBe('validation_error');
    expect((await importErrors(t, headers, off.id)).map((e) => e.code)).toEqual(['DISABLE_USERS_OFF']);

    const on = await importCsv(t, headers, 'email,name,disabled\ndora@acme.example,Dora,TRUE\n', { disableUsers: 'true' });
    expect(on.status).toBe('completed');
    const [dora] = await t.database.db.select().from(users).where(eq(users.email, 'dora@acme.example'));
    expect(dora.disabledAt).not.toBeNull();

    const self = await importCsv(t, headers, 'email,name,role\nadmin@acme.example,Me,viewer\n');
    expect(self.status).toBe('validation_error');
    expect((await importErrors(t, headers, self.id)).map((e) => e.code)).toEqual(['OWN_ACCOUNT']);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(me.role).toBe('org_admin');
  });

  it('creates new users disabled when the file says so, and owes invitations only to the enabled ones', async () => {
    const csv = 'email,name,disabled\neve@acme.example,Eve,yes\nfay@acme.example,Fay,\ngus@acme.example,Gus,false\n';
    const done = await importCsv(t, headers, csv, { disableUsers: 'true' });
    expect(done).toMatchObject({ status: 'completed', usersCreated: 3, invitationsPending: 2 });
    const created = await t.database.db
      .select({ id: users.id, email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(sql`${users.email} IN ('eve@acme.example', 'fay@acme.example', 'gus@acme.example')`)
      .orderBy(asc(users.email));
    expect(created.map((u) => [u.email, u.disabledAt !== null])).toEqual([
      ['eve@acme.example', true],
      ['fay@acme.example', false],
      ['gus@acme.example', false],
    ]);
    const owed = await t.database.db
      .select({ userId: userImportInvitations.userId, email: userImportInvitations.email })
      .from(userImportInvitations)
      .where(eq(userImportInvitations.importId, done.id))
      .orderBy(asc(userImportInvitations.email));
    // Each invitation names the user created for its row.
    expect(owed).toEqual([
      { userId: created[1].id, email: 'fay@acme.example' },
      { userId: created[2].id, email: 'gus@acme.example' },
    ]);
  });

  it('keeps no staged rows of a file that failed validation', async () => {
    const bad = await importCsv(t, headers, 'email,name\nnot-an-email,X\n');
    expect(bad.status).toBe('validation_error');
    const staged = await t.database.db
      .select()
      .from(userImportRows)
      .where(and(eq(userImportRows.importId, bad.id)));
    expect(staged).toEqual([]);
  });
});
