import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createMailTestApp, MAIL_BRANDING, type MailTestApp } from '../../test/mail-test-app.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';

const PASSWORD = 'Str0ng-Pass!';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000999';

describe('organization administration (Super area)', () => {
  let t: MailTestApp;
  let editor: SignedInStaff;
  let reader: SignedIn;
  let orgAdmin: SignedIn;
  let passwordStaff: SignedIn;
  const ids = { acme: '', globex: '', initech: '', noKey: '', staffEditor: '' };
  const users = { acmeViewer: '', acmeGone: '', globexUser: '' };

  beforeAll(async () => {
    t = await createMailTestApp({
      rejectRecipients: ['bounce@new.example', 'bounce@invite.example'],
      config: MAIL_BRANDING,
    });
    const db = t.database.db;
    await db.insert(schema.planTypes).values(['Team', 'Enterprise'].map((name) => ({ name })));
    // The staff organization signInStaff finds, with a client key of its own.
    await createOrganization(db, { name: 'Workframe Staff', isStaff: true, clientKey: 'staffkey' });
    const acme = await createOrganization(db, { name: 'Acme Manufacturing', clientKey: 'acme' });
    const globex = await createOrganization(db, { name: 'Globex' });
    const initech = await createOrganization(db, { name: 'Initech', disabledAt: new Date() });
    const noKey = await createOrganization(db, { name: 'No Key Yet', clientKey: null });
    Object.assign(ids, { acme: acme.id, globex: globex.id, initech: initech.id, noKey: noKey.id });

    const admin = await createUser(db, acme.id, { email: 'zoe@acme.example', displayName: 'Zoe Admin' });
    users.acmeViewer = (await createUser(db, acme.id, { email: 'vic@acme.example', displayName: 'Vic Viewer', role: 'viewer' })).email!;
    users.acmeGone = (await createUser(db, acme.id, { email: 'gone@acme.example', role: 'viewer', disabledAt: new Date() })).email!;
    users.globexUser = (await createUser(db, globex.id, { email: 'gus@globex.example' })).email!;

    editor = await signInStaff(t, { roles: ['read', 'update'], email: 'sam@workframe.io', displayName: 'Sam Staff' });
    ids.staffEditor = editor.id;
    reader = await signInStaff(t, { roles: ['read'] });
    passwordStaff = await signInWithProvider(t, editor.email, 'password');
    orgAdmin = await signIn(t, admin.email!);
  });
  afterAll(() => t.close());

  const call = (who: SignedIn | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/${url}`, headers: who?.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const orgCount = () => t.database.db.$count(schema.organizations);
  const userCount = () => t.database.db.$count(schema.users);

  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Hooli Robotics',
    adminName: 'Hank Hooli',
    email: 'hank@hooli.example',
    password: PASSWORD,
    planType: 'Team',
    ...overrides,
  });

  describe('POST /organization', () => {
    it('creates the organization with its first Organizational Admin, who signs in with that password', async () => {
      const sent = t.smtp.messages.length;
      const res = await call(editor, 'POST', 'organization', {
        ...form({ clientKey: '  hooli1  ', email: 'Hank@Hooli.example' }),
        locale: 'es',
        idToken: 'ignored',
        id: 'ignored',
      });
      expect(res.statusCode).toBe(201);
      const { organization, invitationEmail } = res.json();
      expect(invitationEmail).toBe('none');
      expect(organization).toMatchObject({
        name: 'Hooli Robotics',
        planType: 'Team',
        clientKey: 'hooli1',
        disabled: false,
        isStaff: false,
        adminsCount: 1,
        regularUsersCount: 0,
        // Stored as every address is (normalizeEmail): the domain in lower case, the part before the @ as written.
        admins: [{ displayName: 'Hank Hooli', email: 'Hank@hooli.example', disabled: false }],
      });
      const [row] = await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, organization.id));
      expect(row).toMatchObject({ locale: 'es', createdBy: ids.staffEditor });
      const [admin] = await t.database.db.select().from(schema.users).where(eq(schema.users.organizationId, organization.id));
      expect(admin).toMatchObject({ role: 'org_admin', signInProvider: 'password', createdBy: ids.staffEditor });
      expect(admin.passwordHash).toMatch(/^scrypt\$/);
      expect(admin.passwordHash).not.toContain(PASSWORD);

      // The admin signs in (any case of the e-mail), and the new organization is found in the list.
      const hank = await signIn(t, 'hank@hooli.example', PASSWORD);
      expect(hank.user).toMatchObject({ role: 'org_admin', organizationId: organization.id });
      const found = (await call(editor, 'GET', 'organizations?q=hooli')).json();
      expect(found.organizations.map((o: { id: string }) => o.id)).toEqual([organization.id]);

      // The first admin is the organization's first manager; the creation is recorded as an event.
      const managers = (await call(reader, 'GET', `organization/${organization.id}/managers`)).json();
      expect(managers).toMatchObject({
        total: 1,
        managers: [{ displayName: 'Hank Hooli', invitationState: 'none', pendingInvitation: false }],
      });
      const recorded = await eventsOf(t.database.db, { targetId: organization.id });
      expect(recorded.map((a) => a.action)).toContain('organization.created');
      // Staff gave the password: nobody is e-mailed.
      expect(t.smtp.messages.length).toBe(sent);
    });

    it('leaves the client key empty when none is given, and the locale English by default', async () => {
      const res = await call(editor, 'POST', 'organization', form({ name: 'Pied Piper', email: 'richard@piper.example', clientKey: '' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().organization.clientKey).toBeNull();
      const [row] = await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, res.json().organization.id));
      expect(row.locale).toBe('en');
    });

    const invalid: [string, Record<string, unknown>, string][] = [
      ['no name', { name: undefined }, '/name'],
      ['a blank name', { name: '   ' }, '/name'],
      ['a name of 76', { name: 'n'.repeat(76) }, '/name'],
      ['no admin name', { adminName: '' }, '/adminName'],
      ['an admin name of 76', { adminName: 'a'.repeat(76) }, '/adminName'],
      ['no e-mail', { email: '' }, '/email'],
      ['a malformed e-mail', { email: 'not-an-email' }, '/email'],
      ['a password of 9', { password: 'Sh0rt-pas' }, '/password'],
      ['a password of 26', { password: `Aa1!${'x'.repeat(22)}` }, '/password'],
      ['a password without a digit', { password: 'No-Digits-Here!' }, '/password'],
      ['a password without an uppercase letter', { password: 'no-upper-123!' }, '/password'],
      ['a password without a lowercase letter', { password: 'NO-LOWER-123!' }, '/password'],
      ['a password without a special character', { password: 'NoSpecial1234' }, '/password'],
      ['a password with whitespace', { password: 'Has Space-123!' }, '/password'],
      ['no plan type', { planType: undefined }, '/planType'],
      ['a client key with uppercase', { clientKey: 'Hooli' }, '/clientKey'],
      ['a client key with a hyphen', { clientKey: 'ho-oli' }, '/clientKey'],
      ['a client key with a space inside', { clientKey: 'ho oli' }, '/clientKey'],
      ['an unknown locale', { locale: 'de' }, '/locale'],
    ];
    it.each(invalid)('refuses %s with 400 and creates nothing', async (_what, overrides, path) => {
      const before = [await orgCount(), await userCount()];
      const res = await call(editor, 'POST', 'organization', form({ email: 'new.one@valid.example', ...overrides }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
      expect([await orgCount(), await userCount()]).toEqual(before);
    });

    it('refuses an unknown plan type', async () => {
      const res = await call(editor, 'POST', 'organization', form({ planType: 'Galactic', email: 'x@plan.example' }));
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'PLAN_TYPE_UNKNOWN' });
    });

    it('refuses an e-mail that already belongs to a user, in any organization and any case, with 409', async () => {
      const before = [await orgCount(), await userCount()];
      for (const email of ['ZOE@acme.example', users.globexUser]) {
        const res = await call(editor, 'POST', 'organization', form({ name: 'Dup Mail', email }));
        expect(res.statusCode, email).toBe(409);
        expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This e-mail already belongs to a user.' });
      }
      // A staff member's address is refused as of the staff domain, before it is looked up.
      const staff = await call(editor, 'POST', 'organization', form({ name: 'Dup Mail', email: 'sam@workframe.io' }));
      expect(staff.json()).toMatchObject({ statusCode: 400, code: 'STAFF_EMAIL' });
      expect([await orgCount(), await userCount()]).toEqual(before);
    });

    it('refuses a client key that another organization has, or a reserved one, with the spec message', async () => {
      const before = await orgCount();
      for (const clientKey of ['acme', 'admin', 'staffkey']) {
        const res = await call(editor, 'POST', 'organization', form({ name: 'Dup Key', email: `k${clientKey}@dup.example`, clientKey }));
        expect(res.statusCode, clientKey).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'CLIENT_KEY_UNAVAILABLE',
          message: 'Client Key is duplicated in the system or not available.',
        });
      }
      expect(await orgCount()).toBe(before);
    });
  });

  describe('POST /organization with the first admin invited', () => {
    const invited = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
      const { password: _none, ...fields } = form({ invite: true, ...overrides });
      return fields;
    };
    const sameRows = async () => [await orgCount(), await userCount(), await t.database.db.$count(schema.userTokens)];

    it('e-mails the first admin the invitation a new manager gets: one real e-mail, a working link, pending until accepted', async () => {
      const sent = t.smtp.messages.length;
      const res = await call(editor, 'POST', 'organization', {
        ...invited({ name: 'Invite Co', email: 'ivy@invite.example', adminName: 'Ivy Invited', clientKey: 'inviteco' }),
        locale: 'pt',
      });
      expect(res.statusCode).toBe(201);
      const { organization, invitationEmail } = res.json();
      expect(invitationEmail).toBe('sent');
      expect(organization).toMatchObject({ name: 'Invite Co', adminsCount: 1, admins: [{ displayName: 'Ivy Invited' }] });
      const [admin] = await t.database.db.select().from(schema.users).where(eq(schema.users.organizationId, organization.id));
      expect(admin).toMatchObject({ role: 'org_admin', passwordHash: null, locale: null, invitedBy: ids.staffEditor });
      expect(admin.invitedAt).toBeInstanceOf(Date);

      // One e-mail, through the SMTP peer, in the organization's language (the console's when it was created).
      expect(t.smtp.messages.length).toBe(sent + 1);
      const mail = t.smtp.messages.at(-1)!;
      expect(mail.to).toEqual(['ivy@invite.example']);
      expect(mail.subject).toBe('Você foi convidado para Invite Co no Acme Learn');
      expect(mail.text).toContain('Sam Staff convidou você');
      const token = /https:\/\/console\.example\.com\/pt\/auth\/invitation\/accept\?token=([\w-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();

      // The organization page lists the first admin as a manager with a pending invitation, as one added later.
      const listed = (await call(reader, 'GET', `organization/${organization.id}/managers`)).json();
      expect(listed).toMatchObject({
        total: 1,
        managers: [
          { displayName: 'Ivy Invited', invited: true, invitedBy: 'Sam Staff', invitationState: 'pending', pendingInvitation: true },
        ],
      });
      const [created] = (await eventsOf(t.database.db, { targetId: organization.id })).filter((e) => e.action === 'organization.created');
      expect(created.data).toMatchObject({ firstAdminAccess: 'invite', clientKey: 'inviteco' });

      // The link opens the console's invitation page; the password chosen there signs the admin in.
      const check = await t.app.inject({ url: `/api/auth/invitation?token=${token}` });
      expect(check.json()).toMatchObject({ state: 'valid', invitation: { email: 'ivy@invite.example', access: 'console' } });
      const accept = await t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password: PASSWORD } });
      expect(accept.statusCode).toBe(200);
      const ivy = await signIn(t, 'ivy@invite.example', PASSWORD);
      expect(ivy.user).toMatchObject({ role: 'org_admin', organizationId: organization.id });
      const after = (await call(reader, 'GET', `organization/${organization.id}/managers`)).json();
      expect(after.managers[0]).toMatchObject({ invitationState: 'accepted', pendingInvitation: false });
    });

    it('keeps the organization and its admin when the invitation cannot be delivered, and says so; it can be resent', async () => {
      const res = await call(editor, 'POST', 'organization', invited({ name: 'Bounce Co', email: 'bounce@invite.example' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().invitationEmail).toBe('failed');
      const orgId = res.json().organization.id;
      const [manager] = (await call(reader, 'GET', `organization/${orgId}/managers`)).json().managers;
      expect(manager).toMatchObject({ invitationState: 'pending' });
      const [token] = await t.database.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, manager.userId));
      expect(token.sendError).toMatch(/550|mailbox/);
      const resent = await call(editor, 'POST', `organization/${orgId}/managers/${manager.id}/invitation`);
      expect(resent.json()).toMatchObject({ invitationEmail: 'failed', manager: { invitationState: 'pending' } });
    });

    it('takes invite: false with a password as the password path', async () => {
      const res = await call(editor, 'POST', 'organization', form({ name: 'Explicit Co', email: 'eve@explicit.example', invite: false }));
      expect(res.statusCode).toBe(201);
      expect(res.json().invitationEmail).toBe('none');
      expect((await signIn(t, 'eve@explicit.example', PASSWORD)).user.role).toBe('org_admin');
    });

    const refused: [string, Record<string, unknown>, string][] = [
      ['both a password and invite: true', form({ invite: true }), '/invite'],
      ['neither a password nor invite', invited({ invite: undefined }), '/password'],
      ['invite: false without a password', invited({ invite: false }), '/password'],
    ];
    it.each(refused)('refuses %s with 400 FIRST_ADMIN_PASSWORD_OR_INVITE; nothing is created or sent', async (_what, body, path) => {
      const before = await sameRows();
      const sent = t.smtp.messages.length;
      const res = await call(editor, 'POST', 'organization', { ...body, email: 'both.or.none@invite.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FIRST_ADMIN_PASSWORD_OR_INVITE', details: [{ path }] });
      expect(res.json().message).toMatch(/password.*invite: true/);
      expect(await sameRows()).toEqual(before);
      expect(t.smtp.messages.length).toBe(sent);
    });

    it('refuses hostile values of invite, and one hidden in a prototype key, without creating or sending anything', async () => {
      const before = await sameRows();
      const sent = t.smtp.messages.length;
      for (const invite of ['true', 1, 1e308, null, {}, [true], '\u0000', { __proto__: { valueOf: true } }]) {
        const res = await call(editor, 'POST', 'organization', invited({ invite, email: 'hostile@invite.example' }));
        expect(res.statusCode, JSON.stringify(invite)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      // invite: true only through __proto__ (or constructor.prototype) is no invite: neither is given.
      const { invite: _i, ...fields } = invited({ email: 'proto@invite.example' });
      for (const payload of [
        `{"__proto__":{"invite":true},${JSON.stringify(fields).slice(1)}`,
        `{"constructor":{"prototype":{"invite":true}},${JSON.stringify(fields).slice(1)}`,
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/organization',
          headers: { ...editor.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(({} as { invite?: unknown }).invite).toBeUndefined();
      }
      expect(await sameRows()).toEqual(before);
      expect(t.smtp.messages.length).toBe(sent);
    });

    it('refuses an invited admin whose e-mail is taken, or of the staff domain, as the password path does: nothing is sent', async () => {
      const before = await sameRows();
      const sent = t.smtp.messages.length;
      expect((await call(editor, 'POST', 'organization', invited({ email: 'ZOE@acme.example' }))).json()).toMatchObject({
        statusCode: 409,
        code: 'EMAIL_TAKEN',
      });
      expect((await call(editor, 'POST', 'organization', invited({ email: 'sam@workframe.io' }))).json()).toMatchObject({
        statusCode: 400,
        code: 'STAFF_EMAIL',
      });
      expect(await sameRows()).toEqual(before);
      expect(t.smtp.messages.length).toBe(sent);
    });
  });

  describe('GET /organization/{id}/clientKey/availability', () => {
    const check = (orgId: string, key: string, who: SignedIn = editor) =>
      call(who, 'GET', `organization/${orgId}/clientKey/availability?clientKey=${encodeURIComponent(key)}`);

    it('says whether the set call would take a key, and changes nothing', async () => {
      const org = await createOrganization(t.database.db, { name: 'Availability Co', clientKey: null });
      const recorded = await t.database.db.$count(schema.events);
      expect((await check(org.id, 'acme')).json()).toEqual({ available: false });
      expect((await check(org.id, 'admin')).json()).toEqual({ available: false });
      expect((await check(org.id, ' freekey1 ')).json()).toEqual({ available: true });
      expect((await check(org.id, 'Free Key')).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      const [row] = await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, org.id));
      expect(row.clientKey).toBeNull();
      expect(await t.database.db.$count(schema.events)).toBe(recorded);
      // What it said is what the set call does.
      expect((await call(editor, 'PUT', `organization/${org.id}/clientKey`, { clientKey: 'acme' })).statusCode).toBe(409);
      expect((await call(editor, 'PUT', `organization/${org.id}/clientKey`, { clientKey: 'freekey1' })).statusCode).toBe(200);
      expect((await check(org.id, 'freekey1')).json()).toEqual({ available: true });
    });

    it('refuses as the set call does: a key already set, a disabled or unknown organization, staff who may only read', async () => {
      expect((await check(ids.acme, 'another')).json()).toMatchObject({ statusCode: 409, code: 'CLIENT_KEY_ALREADY_SET' });
      const gone = await createOrganization(t.database.db, { name: 'Gone Co', clientKey: null, disabledAt: new Date() });
      expect((await check(gone.id, 'goneco')).json()).toMatchObject({ statusCode: 409, code: 'ORGANIZATION_DISABLED' });
      expect((await check(UNKNOWN_ID, 'abc')).json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
      expect((await check(ids.globex, 'abc', reader)).statusCode).toBe(403);
      expect((await check(ids.globex, 'abc', orgAdmin)).statusCode).toBe(403);
      expect((await call(undefined, 'GET', `organization/${ids.globex}/clientKey/availability?clientKey=abc`)).statusCode).toBe(401);
    });
  });

  describe('PUT /organization/{id}/clientKey', () => {
    it('sets the key once; a different key later is refused, the same one again is fine', async () => {
      const bad = await call(editor, 'PUT', `organization/${ids.noKey}/clientKey`, { clientKey: 'No Key' });
      expect(bad.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      const taken = await call(editor, 'PUT', `organization/${ids.noKey}/clientKey`, { clientKey: 'acme' });
      expect(taken.json()).toMatchObject({ statusCode: 409, code: 'CLIENT_KEY_UNAVAILABLE' });

      const set = await call(editor, 'PUT', `organization/${ids.noKey}/clientKey`, { clientKey: ' nokey2026 ' });
      expect(set.statusCode).toBe(200);
      expect(set.json().organization).toMatchObject({ id: ids.noKey, clientKey: 'nokey2026' });
      const again = await call(editor, 'PUT', `organization/${ids.noKey}/clientKey`, { clientKey: 'nokey2026' });
      expect(again.statusCode).toBe(200);
      const change = await call(editor, 'PUT', `organization/${ids.noKey}/clientKey`, { clientKey: 'other' });
      expect(change.json()).toMatchObject({ statusCode: 409, code: 'CLIENT_KEY_ALREADY_SET' });
      const [row] = await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, ids.noKey));
      expect(row.clientKey).toBe('nokey2026');
    });

    it('answers 404 for an unknown organization and refuses a disabled one', async () => {
      expect((await call(editor, 'PUT', `organization/${UNKNOWN_ID}/clientKey`, { clientKey: 'abc' })).json()).toMatchObject({
        statusCode: 404,
        code: 'ORGANIZATION_NOT_FOUND',
      });
      await t.database.db.update(schema.organizations).set({ clientKey: null }).where(eq(schema.organizations.id, ids.initech));
      expect((await call(editor, 'PUT', `organization/${ids.initech}/clientKey`, { clientKey: 'initech' })).json()).toMatchObject({
        statusCode: 409,
        code: 'ORGANIZATION_DISABLED',
      });
    });
  });

  describe('managers', () => {
    const add = (orgId: string, body: Record<string, unknown>, who = editor) => call(who, 'POST', `organization/${orgId}/managers`, body);
    const userByEmail = async (email: string) => (await t.database.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

    it('makes an existing user of the organization an Organizational Admin, without an invitation', async () => {
      const sent = t.smtp.messages.length;
      const res = await add(ids.acme, { displayName: 'Victor V.', email: 'VIC@acme.example', locale: 'fr' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        pendingInvitation: false,
        invitationEmail: 'none',
        manager: { displayName: 'Vic Viewer', email: 'vic@acme.example', invited: false, invitationState: 'none', createdBy: 'Sam Staff' },
      });
      expect((await userByEmail(users.acmeViewer)).role).toBe('org_admin');
      expect(t.smtp.messages.length).toBe(sent);
    });

    it('creates a new Organizational Admin for a new e-mail and really e-mails the invitation in the chosen language', async () => {
      const res = await add(ids.acme, { displayName: 'Nina Nueva', email: 'nina@new.example', locale: 'es' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        pendingInvitation: true,
        invitationEmail: 'sent',
        manager: {
          organizationId: ids.acme,
          organizationName: 'Acme Manufacturing',
          displayName: 'Nina Nueva',
          email: 'nina@new.example',
          locale: 'es',
          invited: true,
          invitedBy: 'Sam Staff',
          invitationState: 'pending',
          pendingInvitation: true,
          disabled: false,
        },
      });
      expect(body.manager.invitedAt).toEqual(expect.any(String));
      const user = await userByEmail('nina@new.example');
      expect(user).toMatchObject({
        organizationId: ids.acme,
        role: 'org_admin',
        passwordHash: null,
        locale: 'es',
        invitedBy: ids.staffEditor,
      });

      const mail = t.smtp.messages.at(-1)!;
      expect(mail.to).toEqual(['nina@new.example']);
      expect(mail.subject).toBe('Te han invitado a Acme Manufacturing en Acme Learn');
      expect(mail.text).toContain('Sam Staff te ha invitado');
      const token = /\/es\/auth\/invitation\/accept\?token=([\w-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();

      // Once accepted, the invitation is no longer pending.
      const accept = await t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password: PASSWORD } });
      expect(accept.statusCode).toBe(200);
      const after = (await call(reader, 'GET', `organizationManagers/${body.manager.id}`)).json().manager;
      expect(after).toMatchObject({ pendingInvitation: false, invited: true, invitationState: 'accepted' });
    });

    it('reports an invitation that could not be delivered, and keeps the manager', async () => {
      const res = await add(ids.acme, { displayName: 'Bo Bounce', email: 'bounce@new.example', locale: 'en' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ pendingInvitation: true, invitationEmail: 'failed', manager: { invitationState: 'pending' } });
      const user = await userByEmail('bounce@new.example');
      const [token] = await t.database.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, user.id));
      expect(token.sendError).toMatch(/550|mailbox/);
    });

    it('refuses the same person twice', async () => {
      const res = await add(ids.acme, { displayName: 'Nina', email: 'nina@NEW.example' });
      expect(res.json()).toMatchObject({ statusCode: 409, code: 'MANAGER_EXISTS' });
    });

    it('refuses an e-mail of another organization, a disabled user, and a disabled organization; nothing changes', async () => {
      const before = [await userCount(), await t.database.db.$count(schema.organizationManagers)];
      const other = await add(ids.acme, { displayName: 'Gus', email: users.globexUser });
      expect(other.json()).toMatchObject({
        statusCode: 409,
        code: 'MANAGER_OTHER_ORGANIZATION',
        message: 'This e-mail belongs to a user of another organization.',
      });
      const gone = await add(ids.acme, { displayName: 'Gone', email: users.acmeGone });
      expect(gone.json()).toMatchObject({ statusCode: 409, code: 'MANAGER_USER_DISABLED' });
      const disabled = await add(ids.initech, { displayName: 'Ivy', email: 'ivy@initech.example' });
      expect(disabled.json()).toMatchObject({ statusCode: 409, code: 'ORGANIZATION_DISABLED' });
      expect([await userCount(), await t.database.db.$count(schema.organizationManagers)]).toEqual(before);
      expect((await userByEmail(users.globexUser)).organizationId).toBe(ids.globex);
    });

    it.each([
      ['no name', { displayName: '  ', email: 'a@b.example' }, '/displayName'],
      ['a name of 76', { displayName: 'n'.repeat(76), email: 'a@b.example' }, '/displayName'],
      ['no e-mail', { displayName: 'Ann' }, '/email'],
      ['a malformed e-mail', { displayName: 'Ann', email: 'ann@' }, '/email'],
    ])('refuses %s with 400', async (_what, body, path) => {
      const res = await add(ids.acme, body);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    });

    it('answers 404 for an unknown organization or manager', async () => {
      expect((await call(reader, 'GET', `organization/${UNKNOWN_ID}/managers`)).json().code).toBe('ORGANIZATION_NOT_FOUND');
      expect((await add(UNKNOWN_ID, { displayName: 'Ann', email: 'ann@x.example' })).json().code).toBe('ORGANIZATION_NOT_FOUND');
      expect((await call(reader, 'GET', `organizationManagers/${UNKNOWN_ID}`)).json()).toMatchObject({
        statusCode: 404,
        code: 'MANAGER_NOT_FOUND',
      });
    });

    it('lists the managers 20 a page, the most recent first', async () => {
      const org = await createOrganization(t.database.db, { name: 'Many Managers' });
      for (let i = 1; i <= 21; i++) {
        const email = `m${i}@many.example`;
        await createUser(t.database.db, org.id, { email, displayName: `Manager ${i}`, role: 'viewer' });
        expect((await add(org.id, { displayName: `Manager ${i}`, email })).statusCode).toBe(201);
      }
      const p1 = (await call(reader, 'GET', `organization/${org.id}/managers?page=1&limit=20`)).json();
      const p2 = (await call(reader, 'GET', `organization/${org.id}/managers?page=2&limit=20`)).json();
      expect(p1.total).toBe(21);
      expect(p1.managers).toHaveLength(20);
      expect(p2.managers).toHaveLength(1);
      const all = [...p1.managers, ...p2.managers].map((m: { email: string }) => m.email);
      expect(new Set(all).size).toBe(21);
      expect(all[0]).toBe('m21@many.example');
      expect(all.at(-1)).toBe('m1@many.example');
      const page3 = (await call(reader, 'GET', `organization/${org.id}/managers?page=3&limit=20`)).json();
      expect(page3).toEqual({ managers: [], total: 21 });
      const admins = await t.database.db
        .select()
        .from(schema.users)
        .where(and(eq(schema.users.organizationId, org.id), eq(schema.users.role, 'org_admin')));
      expect(admins).toHaveLength(21);
    });
  });

  describe('POST /organization/{id}/managers/{managerId}/invitation', () => {
    const add = (orgId: string, body: Record<string, unknown>) => call(editor, 'POST', `organization/${orgId}/managers`, body);
    const resend = (orgId: string, managerId: string, who = editor) =>
      call(who, 'POST', `organization/${orgId}/managers/${managerId}/invitation`);
    const lastToken = (to: string) => {
      const mail = t.smtp.messages.filter((m) => m.to.includes(to)).at(-1);
      return /\/auth\/invitation\/accept\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    };
    const accept = (token: string | undefined) =>
      t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password: PASSWORD } });

    it('e-mails a new invitation for an expired one; the old link stops working and the new one is accepted once', async () => {
      const added = (await add(ids.acme, { displayName: 'Rex Resend', email: 'rex@new.example', locale: 'fr' })).json();
      const oldToken = lastToken('rex@new.example');
      expect(oldToken).toBeTruthy();
      const userId = added.manager.userId as string;
      await t.database.db
        .update(schema.userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.userTokens.userId, userId));
      expect((await call(reader, 'GET', `organizationManagers/${added.manager.id}`)).json().manager.invitationState).toBe('expired');

      const sent = t.smtp.messages.length;
      const res = await resend(ids.acme, added.manager.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        invitationEmail: 'sent',
        manager: { id: added.manager.id, invitationState: 'pending', invitedBy: 'Sam Staff' },
      });
      expect(t.smtp.messages.length).toBe(sent + 1);
      const mail = t.smtp.messages.at(-1)!;
      expect(mail.to).toEqual(['rex@new.example']);
      expect(mail.text).toContain('/fr/auth/invitation/accept?token=');
      const newToken = lastToken('rex@new.example');
      expect(newToken).not.toBe(oldToken);

      expect((await accept(oldToken)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await accept(newToken)).statusCode).toBe(200);
      const after = await resend(ids.acme, added.manager.id);
      expect(after.statusCode).toBe(409);
      expect(after.json()).toMatchObject({ code: 'MANAGER_INVITATION_ACCEPTED' });
      expect(t.smtp.messages.length).toBe(sent + 1);
    });

    it('replaces a pending invitation: only the newest link works', async () => {
      const added = (await add(ids.acme, { displayName: 'Pia Pending', email: 'pia@new.example' })).json();
      const first = lastToken('pia@new.example');
      expect((await resend(ids.acme, added.manager.id)).json()).toMatchObject({
        invitationEmail: 'sent',
        manager: { invitationState: 'pending' },
      });
      const second = lastToken('pia@new.example');
      expect(second).not.toBe(first);
      expect((await accept(first)).statusCode).toBe(400);
      expect((await accept(second)).statusCode).toBe(200);
    });

    it('refuses a manager who was never invited (an existing account) with 409', async () => {
      const sent = t.smtp.messages.length;
      const olga = await createUser(t.database.db, ids.acme, { email: 'olga@acme.example', role: 'viewer' });
      const made = (await add(ids.acme, { displayName: 'Olga', email: olga.email })).json();
      expect(made.manager.invitationState).toBe('none');
      const refused = await resend(ids.acme, made.manager.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'MANAGER_INVITATION_ACCEPTED' });
      expect(t.smtp.messages.length).toBe(sent);
    });

    it('answers 404 for a manager of another organization or an unknown one, and 409 for a disabled organization', async () => {
      const added = (await add(ids.globex, { displayName: 'Gia', email: 'gia@new.example' })).json();
      const sent = t.smtp.messages.length;
      const other = await resend(ids.acme, added.manager.id);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'MANAGER_NOT_FOUND' });
      expect((await resend(ids.acme, UNKNOWN_ID)).json()).toMatchObject({ code: 'MANAGER_NOT_FOUND' });
      expect((await resend(UNKNOWN_ID, added.manager.id)).json()).toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' });

      await t.database.db.update(schema.organizations).set({ disabledAt: new Date() }).where(eq(schema.organizations.id, ids.globex));
      try {
        const disabled = await resend(ids.globex, added.manager.id);
        expect(disabled.statusCode).toBe(409);
        expect(disabled.json()).toMatchObject({ code: 'ORGANIZATION_DISABLED' });
      } finally {
        await t.database.db.update(schema.organizations).set({ disabledAt: null }).where(eq(schema.organizations.id, ids.globex));
      }
      expect(t.smtp.messages.length).toBe(sent);
      expect((await resend(ids.globex, added.manager.id)).statusCode).toBe(200);
    });
  });

  describe('who may do what', () => {
    const writes = () =>
      [
        ['POST', 'organization', form({ email: 'perm@perm.example', name: 'Perm' })],
        ['PUT', `organization/${ids.globex}/clientKey`, { clientKey: 'globex' }],
        ['POST', `organization/${ids.globex}/managers`, { displayName: 'Perm', email: 'perm2@perm.example' }],
        ['POST', `organization/${ids.globex}/managers/${UNKNOWN_ID}/invitation`, {}],
      ] as const;
    const reads = () => [`organization/${ids.acme}/managers`];

    it('refuses staff who may only read, staff signed in with a password and an Organizational Admin with 403; nothing changes', async () => {
      const before = [await orgCount(), await userCount()];
      for (const who of [reader, passwordStaff, orgAdmin]) {
        for (const [method, url, body] of writes()) {
          const res = await call(who, method, url, body);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          // Guards run before validation (decision 012): a malformed body gets the same 403.
          expect((await call(who, method, url, { nonsense: true })).statusCode).toBe(403);
        }
      }
      expect((await call(reader, 'POST', 'organization', form())).json().message).toBe('Your staff role allows reading only.');
      expect([await orgCount(), await userCount()]).toEqual(before);
      const [globex] = await t.database.db.select().from(schema.organizations).where(eq(schema.organizations.id, ids.globex));
      expect(globex.clientKey).not.toBe('globex');
    });

    it('refuses a caller without a session with 401', async () => {
      for (const [method, url, body] of writes()) expect((await call(undefined, method, url, body)).statusCode).toBe(401);
      for (const url of [...reads(), `organizationManagers/${UNKNOWN_ID}`]) {
        expect((await call(undefined, 'GET', url)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      }
    });

    it('lets staff with read list managers, but not an Organizational Admin', async () => {
      for (const url of reads()) {
        expect((await call(reader, 'GET', url)).statusCode).toBe(200);
        expect((await call(orgAdmin, 'GET', url)).statusCode).toBe(403);
        expect((await call(passwordStaff, 'GET', url)).statusCode).toBe(403);
      }
    });
  });
});
