import { ORGANIZATION_NAME_MAX } from '@console/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import type { AuthContext } from '../../http/auth-context.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOrganizationManagersRepository } from './organization-managers.repository.js';
import { createOrganizationsRepository } from './organizations.repository.js';
import { createOrganizationsService } from './organizations.service.js';

describe('changing and disabling organizations (Super area)', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  let reader: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await db.insert(schema.planTypes).values(['Team', 'Enterprise'].map((name) => ({ name })));
    editor = await signInStaff(t, { roles: ['read', 'update'] });
    reader = await signInStaff(t, { roles: ['read'] });
  });
  afterAll(() => t.close());

  const put = (who: SignedIn | { headers: Record<string, string> }, id: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/organization/${id}`, headers: who.headers, payload: payload as object });
  const orgRow = async (id: string) => (await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, id)))[0];

  it('refuses staff who may only read, a customer admin and staff signed in with a password; nothing changes', async () => {
    const org = await createOrganization(t.database.db, { name: 'Untouched' });
    const admin = await createUser(t.database.db, org.id);
    const byReader = await put(reader, org.id, { name: 'Changed' });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Your staff role allows reading only.' });
    expect((await put(reader, org.id, { disabled: true })).statusCode).toBe(403);
    expect((await put(await signIn(t, admin.email!), org.id, { name: 'Changed' })).statusCode).toBe(403);
    expect((await put(await signInWithProvider(t, editor.email, 'password'), org.id, { disabled: true })).statusCode).toBe(403);
    // A cookie without the CSRF header: a cross-site form cannot disable anything.
    const csrf = await put({ headers: { cookie: editor.headers.cookie } }, org.id, { disabled: true });
    expect(csrf.json()).toMatchObject({ statusCode: 403, code: 'CSRF' });
    expect(await orgRow(org.id)).toMatchObject({ name: 'Untouched', disabledAt: null });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(user.disabledAt).toBeNull();
  });

  it('checks the caller before the request: a malformed one answers 401 or 403, and 400 only to an editor', async () => {
    const org = await createOrganization(t.database.db, { name: 'Shape unknown' });
    const admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    const malformed: [string, unknown][] = [
      [org.id, { name: 'x'.repeat(ORGANIZATION_NAME_MAX + 1) }],
      [org.id, { disabled: false, color: 'red' }],
      ['not-a-uuid', { name: 'Fine' }],
    ];
    for (const [id, payload] of malformed) {
      const what = `${id} ${JSON.stringify(payload)}`;
      const anonymous = await put({ headers: {} }, id, payload);
      expect(anonymous.json(), what).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'You need to sign in.' });
      const byReader = await put(reader, id, payload);
      expect(byReader.json(), what).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Your staff role allows reading only.' });
      const byCustomerAdmin = await put(admin, id, payload);
      expect(byCustomerAdmin.json(), what).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Only staff can use the Super area.' });
      const byEditor = await put(editor, id, payload);
      expect(byEditor.json(), what).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    // Reading staff with a malformed id on a read route: admitted, so the 400 is theirs.
    const get = (who: SignedIn | { headers: Record<string, string> }) =>
      t.app.inject({ url: '/api/organization/not-a-uuid', headers: who.headers });
    expect((await get({ headers: {} })).statusCode).toBe(401);
    expect((await get(admin)).statusCode).toBe(403);
    expect((await get(reader)).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(await orgRow(org.id)).toMatchObject({ name: 'Shape unknown', disabledAt: null });
  });

  it('renames and changes the plan type, trimmed, and records who did it', async () => {
    const org = await createOrganization(t.database.db, { name: 'Old name' });
    const res = await put(editor, org.id, { name: '  New name ', planType: 'Enterprise' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization: { id: org.id, name: 'New name', planType: 'Enterprise', disabled: false },
      usersDisabled: 0,
    });
    expect((await put(editor, org.id, { planType: 'Team' })).json().organization).toMatchObject({ name: 'New name', planType: 'Team' });
    const recorded = await eventsOf(t.database.db, { targetId: org.id });
    expect(recorded.map((a) => [a.action, a.actor.id, a.targets, a.data])).toEqual([
      [
        'organization.updated',
        editor.id,
        [{ type: 'organization', id: org.id, name: 'New name' }],
        { name: 'New name', planType: 'Enterprise', previousName: 'Old name' },
      ],
      [
        'organization.updated',
        editor.id,
        [{ type: 'organization', id: org.id, name: 'New name' }],
        { planType: 'Team', previousName: 'New name' },
      ],
    ]);
  });

  it("changes the organization's language, the language of its e-mails, and records the one it had", async () => {
    const org = await createOrganization(t.database.db, { name: 'Lisbon works' });
    const res = await put(editor, org.id, { locale: 'pt' });
    expect(res.statusCode).toBe(200);
    expect(res.json().organization).toMatchObject({ name: 'Lisbon works', locale: 'pt' });
    expect((await orgRow(org.id)).locale).toBe('pt');
    const got = await t.app.inject({ url: `/api/organization/${org.id}`, headers: editor.headers });
    expect(got.json().organization.locale).toBe('pt');
    const recorded = await eventsOf(t.database.db, { targetId: org.id });
    expect(recorded.map((a) => [a.action, a.data])).toEqual([
      ['organization.updated', { locale: 'pt', previousName: 'Lisbon works', previousLocale: 'en' }],
    ]);
    for (const locale of ['de', 'PT', '', 'pt-BR', null]) {
      const refused = await put(editor, org.id, { locale });
      expect(refused.statusCode, String(locale)).toBe(400);
    }
    expect((await orgRow(org.id)).locale).toBe('pt');
  });

  it("sets and clears the organization's address of the platform app, records it only when it changes, and refuses what is no https URL", async () => {
    const org = await createOrganization(t.database.db, { name: 'App people' });
    const url = 'https://learn.app-people.example/home';
    const res = await put(editor, org.id, { platformAppUrl: `  ${url} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().organization).toMatchObject({ platformAppUrl: url });
    expect((await orgRow(org.id)).platformAppUrl).toBe(url);
    // The edit form sends it each time: the same address again is no change, and no event.
    expect((await put(editor, org.id, { name: 'App people', platformAppUrl: url })).statusCode).toBe(200);
    // A developer's app on this machine may be http.
    expect((await put(editor, org.id, { platformAppUrl: 'http://localhost:5174/' })).statusCode).toBe(200);
    expect((await put(editor, org.id, { platformAppUrl: null })).json().organization.platformAppUrl).toBeNull();
    const recorded = await eventsOf(t.database.db, { targetId: org.id });
    expect(recorded.map((a) => [a.action, a.data])).toEqual([
      ['organization.updated', { previousName: 'App people', platformAppUrl: url, previousPlatformAppUrl: null }],
      ['organization.updated', { name: 'App people', previousName: 'App people' }],
      ['organization.updated', { previousName: 'App people', platformAppUrl: 'http://localhost:5174/', previousPlatformAppUrl: url }],
      ['organization.updated', { previousName: 'App people', platformAppUrl: null, previousPlatformAppUrl: 'http://localhost:5174/' }],
    ]);
    await put(editor, org.id, { platformAppUrl: url });
    const hostile = [
      'http://app.example.com',
      'ftp://app.example.com',
      'javascript:alert(1)',
      'https://user:secret@app.example.com',
      'app.example.com',
      '',
      `https://app.example.com/${'a'.repeat(2000)}`,
      'https://app.example.com/\u0000',
      1e308,
      ['https://app.example.com'],
      { __proto__: { x: 1 } },
    ];
    for (const platformAppUrl of hostile) {
      const refused = await put(editor, org.id, { platformAppUrl });
      expect(refused.statusCode, String(platformAppUrl)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await orgRow(org.id)).platformAppUrl).toBe(url);
  });

  it('validates like the spec: name required, at most 75; a known plan type; something to change', async () => {
    const org = await createOrganization(t.database.db, { name: 'Valid' });
    const invalid = async (payload: unknown) => {
      const res = await put(editor, org.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json();
    };
    expect((await invalid({ name: '   ' })).details).toEqual([expect.objectContaining({ path: '/name', message: 'required' })]);
    expect((await invalid({ name: 'x'.repeat(ORGANIZATION_NAME_MAX + 1) })).details).toEqual([
      expect.objectContaining({ path: '/name', message: 'tooLong' }),
    ]);
    expect(await invalid({ planType: 'Platinum' })).toMatchObject({
      code: 'PLAN_TYPE_UNKNOWN',
      details: [{ path: '/planType', message: 'unknown' }],
    });
    expect((await invalid({})).code).toBe('VALIDATION_ERROR');
    expect((await invalid({ disabled: false })).code).toBe('VALIDATION_ERROR');
    expect(await orgRow(org.id)).toMatchObject({ name: 'Valid', planTypeId: null, disabledAt: null });
    expect((await put(editor, org.id, { name: 'x'.repeat(ORGANIZATION_NAME_MAX) })).statusCode).toBe(200);
    const missing = await put(editor, '00000000-0000-4000-8000-000000000000', { name: 'Nobody' });
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
  });

  it('disables an organization for good: its users are disabled and signed out, and nothing can change it after', async () => {
    const db = t.database.db;
    const org = await createOrganization(db, { name: 'Going away' });
    const admin = await createUser(db, org.id, { displayName: 'Ada Admin' });
    await createUser(db, org.id, { role: 'viewer' });
    await createUser(db, org.id, { role: 'publisher' });
    const earlier = new Date(Date.UTC(2026, 0, 1));
    const alreadyOff = await createUser(db, org.id, { role: 'viewer', disabledAt: earlier });
    const other = await createOrganization(db, { name: 'Bystander' });
    const bystander = await createUser(db, other.id);
    const adminSession = await signIn(t, admin.email!);
    const bystanderSession = await signIn(t, bystander.email!);
    expect((await t.app.inject({ url: '/api/integrations', headers: adminSession.headers })).statusCode).toBe(200);

    const res = await put(editor, org.id, { disabled: true });
    expect(res.statusCode).toBe(200);
    const { organization, usersDisabled } = res.json();
    expect(usersDisabled).toBe(3);
    expect(organization).toMatchObject({ disabled: true, adminsCount: 0, regularUsersCount: 0 });
    expect(organization.admins).toEqual([expect.objectContaining({ displayName: 'Ada Admin', disabled: true })]);
    const row = await orgRow(org.id);
    expect(row.disabledAt).toBeInstanceOf(Date);
    expect(organization.disabledAt).toBe(row.disabledAt!.toISOString());

    const users = await db.select().from(schema.users).where(eq(schema.users.organizationId, org.id));
    for (const u of users) expect(u.disabledAt, u.email ?? '').not.toBeNull();
    expect(users.find((u) => u.id === alreadyOff.id)?.disabledAt).toEqual(earlier);
    // Signed out at once, and cannot sign in again; another organization is untouched.
    const after = await t.app.inject({ url: '/api/integrations', headers: adminSession.headers });
    expect(after.json()).toMatchObject({ statusCode: 401, code: 'SESSION_REVOKED' });
    const openSessions = await db
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, admin.id), isNull(schema.sessions.revokedAt)));
    expect(openSessions).toEqual([]);
    // Refused as a wrong password is: the form does not confirm the password of an account that cannot sign in.
    await expect(signIn(t, admin.email!)).rejects.toThrow(/401.*BAD_CREDENTIALS/);
    expect((await t.app.inject({ url: '/api/integrations', headers: bystanderSession.headers })).statusCode).toBe(200);

    // Irreversible: no change is accepted; disabling again changes nothing.
    expect((await put(editor, org.id, { name: 'Back again' })).json()).toMatchObject({ statusCode: 409, code: 'ORGANIZATION_DISABLED' });
    expect((await put(editor, org.id, { disabled: true, name: 'Back again' })).statusCode).toBe(409);
    const again = await put(editor, org.id, { disabled: true });
    expect(again.json()).toMatchObject({ usersDisabled: 0, organization: { name: 'Going away', disabled: true } });
    expect((await orgRow(org.id)).disabledAt).toEqual(row.disabledAt);
    expect((await eventsOf(db, { targetId: org.id })).map((a) => a.action)).toEqual(['organization.disabled']);
  });

  it('refuses to disable the staff organization', async () => {
    const res = await put(editor, editor.organizationId, { disabled: true });
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'ORGANIZATION_IS_STAFF' });
    expect((await orgRow(editor.organizationId)).disabledAt).toBeNull();
    expect((await t.app.inject({ url: '/api/organizations', headers: editor.headers })).statusCode).toBe(200);
  });

  it('disables users batch after batch, and finishes the users of an organization disabled half way', async () => {
    const db = t.database.db;
    const service = createOrganizationsService({
      db,
      repo: createOrganizationsRepository(db),
      managers: createOrganizationManagersRepository(db),
      clock: t.deps.clock,
      users: t.app.services.users,
      createInvitation: t.app.services.invitations.create,
      sendInvitation: t.app.services.invitations.send,
      sourceDb: async () => db,
      disableBatch: 2,
    });
    // The service needs only who acts (the route's guard has checked the role).
    const auth = { userId: editor.id } as AuthContext;
    const org = await createOrganization(db, { name: 'Batched' });
    for (let i = 0; i < 5; i++) await createUser(db, org.id, { role: 'viewer' });
    const enabledLeft = async () =>
      (
        await db
          .select()
          .from(schema.users)
          .where(and(eq(schema.users.organizationId, org.id), isNull(schema.users.disabledAt)))
      ).length;

    // As if a process stopped right after the organization itself was disabled.
    await db.update(schema.organizations).set({ disabledAt: new Date() }).where(eq(schema.organizations.id, org.id));
    expect(await enabledLeft()).toBe(5);
    const finished = await service.update(auth, org.id, { disabled: true });
    expect(finished.usersDisabled).toBe(5);
    expect(await enabledLeft()).toBe(0);
  });
});
