import { CSRF_HEADER, CSRF_HEADER_VALUE, ID_TOKEN_COOKIE, USER_INFO_COOKIE } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSettings, sessions, users } from '../../db/schema.js';
import { hashSecret } from '../../http/secrets.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { idTokenFor, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const APP_ACCOUNT = 'This console is for administrators. Your account works in the Acme Learn app: sign in there.';

describe('sign-in and sessions', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let admin: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp({ config: { PRODUCT_NAME: 'Acme Learn', PUBLIC_URL: 'https://console.example.com' } });
    org = await createOrganization(t.database.db, { name: 'Acme' });
    admin = await createUser(t.database.db, org.id, { displayName: 'Ada Admin', email: 'ada@acme.example' });
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers });

  it('keeps the language a person chooses in the console as theirs, records the change, and refuses other languages', async () => {
    const org = await createOrganization(t.database.db);
    const person = await createUser(t.database.db, org.id, { email: 'lena.locale@example.com', locale: null });
    const { headers } = await signIn(t, person.email!);
    const choose = (locale: unknown, h: Record<string, string> = headers) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/me/locale', headers: h, payload: { locale } });
    const chosen = await choose('pt');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ locale: 'pt' });
    expect((await t.app.inject({ url: '/api/auth/me', headers })).json().user.locale).toBe('pt');
    expect(await eventsOf(t.database.db, { targetId: person.id })).toMatchObject([
      { action: 'user.updated', actor: { id: person.id }, data: { locale: 'pt', previousLocale: null } },
    ]);
    // The same again changes nothing and records nothing.
    expect((await choose('pt')).statusCode).toBe(200);
    expect(await eventsOf(t.database.db, { targetId: person.id })).toHaveLength(1);
    for (const bad of ['de', 'PT', '', null, { __proto__: 'pt' }]) expect((await choose(bad)).statusCode, String(bad)).toBe(400);
    expect((await choose('fr', {})).statusCode).toBe(401);
    const [row] = await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, person.id));
    expect(row.locale).toBe('pt');
  });

  it('signs in with a password: idToken, then a session with the two cookies of docs/product.md', async () => {
    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ADA@acme.example', password: TEST_PASSWORD },
    });
    expect(signInRes.statusCode).toBe(200);
    const { idToken, expiresIn } = signInRes.json();
    expect(expiresIn).toBe(3600);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: csrf,
      payload: { idToken, email: 'ada@acme.example', deviceInfo: { platform: 'Linux' } },
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      uid: admin.id,
      displayName: 'Ada Admin',
      role: 'org_admin',
      organizationName: 'Acme',
      isStaff: false,
      signInProvider: 'password',
    });
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const info = res.cookies.find((c) => c.name === USER_INFO_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    const days = (new Date(session.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    expect(info.httpOnly).toBeFalsy();
    const display = JSON.parse(decodeURIComponent(info.value));
    expect(Object.keys(display).sort()).toEqual([
      'allowedRoleTypes',
      'displayName',
      'email',
      'expirationTime',
      'isStaff',
      'role',
      'signInProvider',
    ]);
    // The cookie holds an opaque secret, not the idToken; the database holds only its hash.
    expect(session.value).not.toBe(idToken);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(rows.map((r) => r.tokenHash)).toContain(hashSecret(session.value));
    expect(JSON.stringify(rows)).not.toContain(session.value);

    const meRes = await me({ cookie: `${ID_TOKEN_COOKIE}=${session.value}` });
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().user.email).toBe('ada@acme.example');
  });

  it('answers a wrong password and an unknown e-mail alike, with the message of docs/product.md', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: admin.email, password: 'Wrong-password-1' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nobody@acme.example', password: 'Wrong-password-1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'BAD_CREDENTIALS', message: 'Your credentials are not correct' });
    }
  });

  it('answers the e-mail step the same for a known and an unknown address', async () => {
    const known = await t.app.inject({ url: `/api/auth/password/check?email=${encodeURIComponent(admin.email!)}` });
    const unknown = await t.app.inject({ url: '/api/auth/password/check?email=ghost%40acme.example' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const strip = (body: { user: { email: string } }) => ({ ...body, user: { ...body.user, email: '' } });
    expect(strip(known.json())).toEqual(strip(unknown.json()));
    expect(known.json()).toEqual({ user: { email: admin.email, temporary: true }, ssoData: { required: false, providers: [] } });
    expect((await t.app.inject({ url: '/api/auth/password/check?email=not-an-email' })).statusCode).toBe(400);
  });

  it('refuses a person of the platform app, naming the product and where their app is (none is configured here)', async () => {
    const viewer = await createUser(t.database.db, org.id, { role: 'publisher' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: viewer.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'APP_ACCOUNT', message: APP_ACCOUNT, details: { appUrl: null } });
    // An idToken obtained elsewhere (the external API) does not open a console session either.
    const idToken = await idTokenFor(t, viewer.email!);
    const session = await t.app.inject({ method: 'POST', url: '/api/auth', headers: csrf, payload: { idToken, email: viewer.email } });
    expect(session.statusCode).toBe(403);
    expect(session.json()).toMatchObject({ code: 'APP_ACCOUNT', message: APP_ACCOUNT });
  });

  it('refuses users of a disabled organization and disabled users as it refuses a wrong password (no password oracle)', async () => {
    const gone = await createOrganization(t.database.db, { disabledAt: new Date() });
    const a = await createUser(t.database.db, gone.id);
    const b = await createUser(t.database.db, org.id, { disabledAt: new Date() });
    for (const u of [a, b]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: TEST_PASSWORD } });
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'BAD_CREDENTIALS' });
    }
  });

  it('refuses a forged or expired idToken, and one for another e-mail, at POST /auth', async () => {
    const idToken = await idTokenFor(t, admin.email!);
    const [h, p] = idToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    const cases = [
      { idToken: forged, email: admin.email },
      { idToken, email: 'someone.else@acme.example' },
    ];
    for (const payload of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', headers: csrf, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    }
  });

  it('needs a session: no cookie or an unknown one is 401 UNAUTHENTICATED', async () => {
    expect((await me({})).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect((await me({ cookie: `${ID_TOKEN_COOKIE}=made-up` })).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('logs out: the session is revoked, the cookies cleared, and the old cookie is refused as SESSION_REVOKED', async () => {
    const { headers } = await signIn(t, admin.email!);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ loggedOut: true });
    for (const name of [ID_TOKEN_COOKIE, USER_INFO_COOKIE]) {
      const c = out.cookies.find((x) => x.name === name)!;
      expect(c.value).toBe('');
      expect(new Date(c.expires!).getTime()).toBeLessThan(Date.now());
    }
    const after = await me(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_REVOKED' });
    // Logging out again is harmless.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/logout', headers })).statusCode).toBe(200);
  });

  it('answers LOGOUT_FAILED with the message of docs/product.md when the session cannot be closed', async () => {
    const { headers } = await signIn(t, admin.email!);
    const db = t.database.db;
    await db.execute(sql`create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger refuse_update before update on sessions for each row execute function refuse_update()`);
    try {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ statusCode: 500, code: 'LOGOUT_FAILED', message: 'Something went wrong when closing the session.' });
    } finally {
      await db.execute(sql`drop trigger refuse_update on sessions`);
      await db.execute(sql`drop function refuse_update()`);
    }
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('lists sessions with device and activity; revoking one is seen by that session at once', async () => {
    const laptop = await signIn(t, admin.email!);
    const phone = await signIn(t, admin.email!);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/track-activity',
      headers: phone.headers,
      payload: { userId: admin.id, email: admin.email, deviceInfo: { platform: 'Android', userAgent: 'Phone/1.0' } },
    });
    const list = await t.app.inject({ url: '/api/auth/sessions', headers: laptop.headers });
    expect(list.statusCode).toBe(200);
    const open = list.json().sessions as { id: string; current: boolean; deviceInfo: unknown; lastActivityAt: string }[];
    expect(open.filter((s) => s.current)).toHaveLength(1);
    const phoneRow = open.find((s) => (s.deviceInfo as { platform?: string } | null)?.platform === 'Android')!;
    expect(phoneRow.current).toBe(false);
    expect(Date.parse(phoneRow.lastActivityAt)).not.toBeNaN();

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneRow.id}`, headers: laptop.headers });
    expect(revoke.json()).toEqual({ revokedSession: { id: phoneRow.id } });
    const phoneMe = await me(phone.headers);
    expect(phoneMe.statusCode).toBe(401);
    expect(phoneMe.json().code).toBe('SESSION_REVOKED');
    expect((await me(laptop.headers)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneRow.id}`, headers: laptop.headers });
    expect(again.statusCode).toBe(404);
  });

  it('reports activity only for oneself', async () => {
    const { headers } = await signIn(t, admin.email!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/track-activity',
      headers,
      payload: { userId: '00000000-0000-4000-8000-000000000000', email: null },
    });
    expect(res.statusCode).toBe(403);
  });

  it('validates an idToken or the session cookie at validate-oauth', async () => {
    const { headers } = await signIn(t, admin.email!);
    const bySession = await t.app.inject({ method: 'POST', url: '/api/auth/validate-oauth', headers, payload: {} });
    expect(bySession.json()).toMatchObject({ validatorResponse: { valid: true, user: { uid: admin.id } } });
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validate-oauth',
      payload: { idToken: await idTokenFor(t, admin.email!) },
    });
    expect(byToken.json().validatorResponse.valid).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/validate-oauth', payload: { idToken: 'x.y.z' } });
    expect(bad.json()).toEqual({ validatorResponse: { valid: false, user: null } });
  });

  it('validates the session cookie at validate-oauth without a body, with or without a JSON content type (the body is optional)', async () => {
    const { headers } = await signIn(t, admin.email!);
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/validate-oauth', headers });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ validatorResponse: { valid: true, user: { uid: admin.id } } });
    const typedEmpty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validate-oauth',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(typedEmpty.statusCode).toBe(200);
    expect(typedEmpty.json().validatorResponse.valid).toBe(true);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validate-oauth',
      headers: { 'content-type': 'application/json' },
    });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ validatorResponse: { valid: false, user: null } });
  });

  describe('CSRF', () => {
    it('refuses a cookie-authenticated write without the header or from another origin', async () => {
      const { sessionSecret } = await signIn(t, admin.email!);
      const cookie = `${ID_TOKEN_COOKIE}=${sessionSecret}`;
      const noHeader = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: { cookie } });
      const otherSite = await t.app.inject({
        method: 'DELETE',
        url: '/api/logout',
        headers: { cookie, ...csrf, origin: 'https://evil.example' },
      });
      for (const res of [noHeader, otherSite]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('CSRF');
      }
      expect((await me({ cookie })).statusCode).toBe(200);
      // The console's own origin passes, as does a read without the header.
      const ok = await t.app.inject({
        method: 'DELETE',
        url: '/api/logout',
        headers: { cookie, ...csrf, origin: 'https://console.example.com' },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('protects session creation from login CSRF', async () => {
      const idToken = await idTokenFor(t, admin.email!);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { idToken, email: admin.email } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF');
    });
  });

  describe('across organizations', () => {
    it('lets an admin see the sessions of a user of the same organization but never of another', async () => {
      const colleague = await createUser(t.database.db, org.id);
      await signIn(t, colleague.email!);
      const otherOrg = await createOrganization(t.database.db);
      const stranger = await createUser(t.database.db, otherOrg.id);
      const strangerSession = await signIn(t, stranger.email!);
      const { headers } = await signIn(t, admin.email!);

      const mine = await t.app.inject({ url: `/api/auth/sessions?userId=${colleague.id}`, headers });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().sessions).toHaveLength(1);

      const theirs = await t.app.inject({ url: `/api/auth/sessions?userId=${stranger.id}`, headers });
      expect(theirs.statusCode).toBe(404);
      const [strangerRow] = await t.database.db.select().from(sessions).where(eq(sessions.userId, stranger.id));
      const revoke = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${strangerRow.id}`, headers });
      expect(revoke.statusCode).toBe(404);
      expect((await me(strangerSession.headers)).statusCode).toBe(200);
    });
  });

  it('reports SSO-only organizations at the e-mail step for every address of their domain', async () => {
    const sso = await createOrganization(t.database.db);
    await createUser(t.database.db, sso.id, { email: 'boss@sso-only.example' });
    await t.database.db.insert(organizationSettings).values({ organizationId: sso.id, key: 'ssoLoginOnly', value: true });
    const known = (await t.app.inject({ url: '/api/auth/password/check?email=boss%40sso-only.example' })).json();
    const unknown = (await t.app.inject({ url: '/api/auth/password/check?email=nobody%40sso-only.example' })).json();
    expect(known.ssoData).toEqual({ required: true, providers: [] });
    expect(unknown.ssoData).toEqual(known.ssoData);
  });
});

describe('idTokens over HTTP, with a clock', () => {
  let now = new Date('2026-11-21T09:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date(now) } });
  });
  afterAll(() => t.close());

  it('refuses an idToken one second past its hour at POST /auth and at validate-oauth', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const idToken = await idTokenFor(t, admin.email!);
    now = new Date(now.getTime() + 3600_000 + 1000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', headers: csrf, payload: { idToken, email: admin.email } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
    const validate = await t.app.inject({ method: 'POST', url: '/api/auth/validate-oauth', payload: { idToken } });
    expect(validate.json()).toEqual({ validatorResponse: { valid: false, user: null } });
  });

  it('ends a session after its three days', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const { headers } = await signIn(t, admin.email!);
    now = new Date(now.getTime() + 3 * 86_400_000 - 1000);
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
    now = new Date(now.getTime() + 2000);
    const res = await t.app.inject({ url: '/api/auth/me', headers });
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('staff on the session routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lets a staff reader list anyone's sessions but not revoke them; an editor may", async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id);
    await signIn(t, admin.email!);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, admin.id));
    const asReader = (await signInStaff(t, { roles: ['read'] })).headers;
    // Allowed to update as staff, not as an Organizational Admin.
    const asEditor = (await signInStaff(t, { roles: ['read', 'update'], role: 'viewer' })).headers;

    const list = await t.app.inject({ url: `/api/auth/sessions?userId=${admin.id}`, headers: asReader });
    expect(list.json().sessions.map((s: { id: string }) => s.id)).toEqual([row.id]);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${row.id}`, headers: asReader });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your staff role allows reading only.');
    const [still] = await db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(still.revokedAt).toBeNull();
    const done = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${row.id}`, headers: asEditor });
    expect(done.json()).toEqual({ revokedSession: { id: row.id } });
  });
});
