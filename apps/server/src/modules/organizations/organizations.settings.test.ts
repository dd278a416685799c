/**
 * Organization settings of the Super area over HTTP, on a real database: defaults for unset
 * keys, changing each kind of setting, the AI verification rule, permissions, disabled
 * organizations, and "SSO login only" refusing password sign-in once staff turn it on.
 */
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ORGANIZATION_SETTING_GROUPS,
  ORGANIZATION_SETTINGS,
  VERIFICATION_MODELS,
} from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { hashSecret } from '../../http/secrets.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createSsoConnection, createUser, createWorkspace, TEST_PASSWORD } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignInLink } from '../auth/sign-in-links.service.js';

type Who = SignedIn | { headers: Record<string, string> };
const anonymous = { headers: {} };
const photo = VERIFICATION_MODELS.photo[0].id;
const video = VERIFICATION_MODELS.video[1].id;

describe('organization settings (Super area)', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  let reader: SignedIn;
  let noRoleEmail: string;

  beforeAll(async () => {
    // A console-wide provider, for the people signed in with Google below.
    t = await createTestApp({ config: { GOOGLE_CLIENT_ID: 'console-test', GOOGLE_CLIENT_SECRET: 'console-test-secret' } });
    const db = t.database.db;
    editor = await signInStaff(t, { roles: ['read', 'update'], displayName: 'Sam Staff' });
    reader = await signInStaff(t, { roles: ['read'] });
    const noRole = await createUser(db, editor.organizationId, { email: 'nora@workframe.io', role: 'viewer', signInProvider: 'custom' });
    noRoleEmail = noRole.email!;
  });
  afterAll(() => t.close());

  const getSettings = (who: Who, id: string) => t.app.inject({ url: `/api/organization/${id}/settings`, headers: who.headers });
  const put = (who: Who, id: string, key: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/organization/${id}/settings/${key}`, headers: who.headers, payload: payload as object });
  const stored = async (organizationId: string) =>
    t.database.db.select().from(schema.organizationSettings).where(eq(schema.organizationSettings.organizationId, organizationId));
  const settingOf = async (who: Who, id: string, key: string) =>
    ((await getSettings(who, id)).json().settings as { key: string }[]).find((s) => s.key === key);

  it('reads every defined setting, in groups, with defaults for those never changed', async () => {
    const org = await createOrganization(t.database.db);
    await t.database.db
      .insert(schema.organizationSettings)
      .values({ organizationId: org.id, key: 'quiz', value: true, updatedBy: editor.id, updatedAt: new Date('2026-11-01T10:00:00Z') });
    const res = await getSettings(reader, org.id);
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(settings.map((s: { key: string }) => s.key)).toEqual(ORGANIZATION_SETTINGS.map((d) => d.key));
    expect(settings).toHaveLength(28);
    expect(settings.find((s: { key: string }) => s.key === 'quiz')).toEqual({
      key: 'quiz',
      group: 'learningFeatures',
      type: 'toggle',
      value: true,
      isDefault: false,
      updatedAt: '2026-11-01T10:00:00.000Z',
      updatedBy: { id: editor.id, displayName: 'Sam Staff' },
    });
    expect(settings.find((s: { key: string }) => s.key === 'ssoLoginOnly')).toMatchObject({
      group: 'basic',
      value: false,
      isDefault: true,
      updatedAt: null,
      updatedBy: null,
    });
    expect(settings.find((s: { key: string }) => s.key === 'aiVerification')).toMatchObject({
      group: 'aiFeatures',
      type: 'aiVerification',
      value: { enabled: false, photoModel: null, videoModel: null },
      isDefault: true,
    });
    const groups = new Set(settings.map((s: { group: string }) => s.group));
    expect([...groups]).toEqual([...ORGANIZATION_SETTING_GROUPS]);
    const missing = await getSettings(reader, '00000000-0000-4000-8000-000000000000');
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
  });

  it('lists the verification models for staff who may read', async () => {
    const res = await t.app.inject({ url: '/api/organization/verificationModels', headers: reader.headers });
    expect(res.json()).toEqual({ verificationModels: VERIFICATION_MODELS });
    expect((await t.app.inject({ url: '/api/organization/verificationModels' })).statusCode).toBe(401);
  });

  it('changes a switch, records who and when as an event with the value before and after, and changes it back', async () => {
    const org = await createOrganization(t.database.db);
    const on = await put(editor, org.id, 'publicSharing', { value: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().setting).toMatchObject({
      key: 'publicSharing',
      value: true,
      isDefault: false,
      updatedBy: { id: editor.id, displayName: 'Sam Staff' },
    });
    expect(Date.parse(on.json().setting.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await settingOf(reader, org.id, 'publicSharing')).toMatchObject({ value: true, isDefault: false });
    expect((await put(editor, org.id, 'publicSharing', { value: false })).json().setting).toMatchObject({ value: false, isDefault: false });
    expect(await stored(org.id)).toEqual([expect.objectContaining({ key: 'publicSharing', value: false, updatedBy: editor.id })]);
    const recorded = await eventsOf(t.database.db, { targetId: org.id, action: 'organization.setting.changed' });
    expect(recorded.map((a) => [a.actor.id, a.data])).toEqual([
      [editor.id, { key: 'publicSharing', before: false, after: true }],
      [editor.id, { key: 'publicSharing', before: true, after: false }],
    ]);
  });

  it('turns AI verification on only with both models, and keeps the models when it is turned off', async () => {
    const org = await createOrganization(t.database.db);
    const refused = async (value: unknown, code: string) => {
      const res = await put(editor, org.id, 'aiVerification', { value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().code, JSON.stringify(value)).toBe(code);
      return res.json();
    };
    expect((await refused({ enabled: true, photoModel: null, videoModel: null }, 'VERIFICATION_MODELS_REQUIRED')).details).toEqual([
      { path: '/value/photoModel', message: 'required' },
      { path: '/value/videoModel', message: 'required' },
    ]);
    expect((await refused({ enabled: true, photoModel: photo, videoModel: '' }, 'VERIFICATION_MODELS_REQUIRED')).details).toEqual([
      { path: '/value/videoModel', message: 'required' },
    ]);
    expect((await refused({ enabled: true, photoModel: 'photo-nope', videoModel: video }, 'VERIFICATION_MODEL_UNKNOWN')).details).toEqual([
      { path: '/value/photoModel', message: 'unknown' },
    ]);
    expect(await stored(org.id)).toEqual([]);

    const value = { enabled: true, photoModel: photo, videoModel: video };
    const on = await put(editor, org.id, 'aiVerification', { value });
    expect(on.statusCode).toBe(200);
    expect(on.json().setting).toMatchObject({ key: 'aiVerification', type: 'aiVerification', value, isDefault: false });
    const off = await put(editor, org.id, 'aiVerification', { value: { ...value, enabled: false } });
    expect(off.json().setting.value).toEqual({ enabled: false, photoModel: photo, videoModel: video });
    expect((await settingOf(reader, org.id, 'aiVerification')) as unknown).toMatchObject({ value: { enabled: false, photoModel: photo } });
  });

  it('answers 404 for an unknown setting and 400 for a value of the wrong kind; nothing is stored', async () => {
    const org = await createOrganization(t.database.db);
    const unknown = await put(editor, org.id, 'teleportation', { value: true });
    expect(unknown.json()).toEqual({ statusCode: 404, code: 'ORGANIZATION_SETTING_NOT_FOUND', message: 'Organization setting not found.' });
    const wrongKind = await put(editor, org.id, 'quiz', { value: { enabled: true, photoModel: photo, videoModel: video } });
    expect(wrongKind.json()).toMatchObject({
      statusCode: 400,
      code: 'ORGANIZATION_SETTING_INVALID',
      details: [{ path: '/value', message: 'invalidType' }],
    });
    expect((await put(editor, org.id, 'aiVerification', { value: true })).json()).toMatchObject({
      statusCode: 400,
      code: 'ORGANIZATION_SETTING_INVALID',
    });
    // A number reaches the service (the number of days of a retention) and is no switch's value.
    expect((await put(editor, org.id, 'quiz', { value: 1 })).json()).toMatchObject({
      statusCode: 400,
      code: 'ORGANIZATION_SETTING_INVALID',
    });
    for (const payload of [{ value: 'yes' }, {}, { value: { enabled: true, photoModel: photo, videoModel: video, extra: 1 } }]) {
      expect((await put(editor, org.id, 'quiz', payload)).json(), JSON.stringify(payload)).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    const missingOrg = await put(editor, '00000000-0000-4000-8000-000000000000', 'quiz', { value: true });
    expect(missingOrg.json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
    expect(await stored(org.id)).toEqual([]);
  });

  it('keeps events 400 days by default; staff set 30 days to 7 years (2,557 days), recorded before and after', async () => {
    const org = await createOrganization(t.database.db);
    expect(await settingOf(reader, org.id, 'eventRetentionDays')).toEqual({
      key: 'eventRetentionDays',
      group: 'dataRetention',
      type: 'days',
      value: 400,
      isDefault: true,
      updatedAt: null,
      updatedBy: null,
    });
    for (const days of [30, 2557, 90]) {
      const res = await put(editor, org.id, 'eventRetentionDays', { value: days });
      expect(res.statusCode, String(days)).toBe(200);
      expect(res.json().setting).toMatchObject({ key: 'eventRetentionDays', value: days, isDefault: false, updatedBy: { id: editor.id } });
    }
    expect(await settingOf(reader, org.id, 'eventRetentionDays')).toMatchObject({ value: 90, isDefault: false });
    const recorded = await eventsOf(t.database.db, { targetId: org.id, action: 'organization.setting.changed' });
    expect(recorded.map((e) => [e.actor.id, e.data])).toEqual([
      [editor.id, { key: 'eventRetentionDays', before: 400, after: 30 }],
      [editor.id, { key: 'eventRetentionDays', before: 30, after: 2557 }],
      [editor.id, { key: 'eventRetentionDays', before: 2557, after: 90 }],
    ]);
  });

  it('refuses 29 days and 7 years and a day with the bounds, and any value that is not a whole number; nothing changes', async () => {
    const org = await createOrganization(t.database.db);
    await put(editor, org.id, 'eventRetentionDays', { value: 120 });
    const before = await stored(org.id);
    const eventsBefore = await eventsOf(t.database.db, { targetId: org.id });
    for (const [days, message] of [
      [29, 'tooShort'],
      [2558, 'tooLong'],
      [0, 'tooShort'],
      [-400, 'tooShort'],
      [1e308, 'tooLong'],
      [2 ** 53, 'tooLong'],
    ] as const) {
      expect((await put(editor, org.id, 'eventRetentionDays', { value: days })).json(), String(days)).toEqual({
        statusCode: 400,
        code: 'SETTING_DAYS_OUT_OF_RANGE',
        message: 'The setting eventRetentionDays takes from 30 to 2557 days.',
        details: [{ path: '/value', message }],
      });
    }
    // Not a whole number of days: of the wrong kind. 1e400 is read as Infinity.
    for (const value of [30.5, '400', '\u0000', 'NaN', true, null, [400], { days: 400 }]) {
      expect((await put(editor, org.id, 'eventRetentionDays', { value })).json(), JSON.stringify(value)).toMatchObject({
        statusCode: 400,
        code: expect.stringMatching(/^(ORGANIZATION_SETTING_INVALID|VALIDATION_ERROR)$/),
      });
    }
    const raw = async (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/organization/${org.id}/settings/eventRetentionDays`,
        headers: { ...editor.headers, 'content-type': 'application/json' },
        payload: body,
      });
    for (const body of [
      '{"value":1e400}',
      '{"value":-1e400}',
      '{"value":400,"__proto__":{"value":30}}',
      '{"__proto__":{"value":30}}',
      '{"value":{"__proto__":{"enabled":true}}}',
      '{"constructor":{"prototype":{"value":30}}}',
      `{"value":${'9'.repeat(400)}}`,
    ]) {
      const res = await raw(body);
      expect(res.statusCode, body).toBe(400);
    }
    expect(await stored(org.id)).toEqual(before);
    expect(await eventsOf(t.database.db, { targetId: org.id })).toEqual(eventsBefore);
    expect(await settingOf(reader, org.id, 'eventRetentionDays')).toMatchObject({ value: 120 });
    // Read-only staff see it and cannot change it.
    expect((await put(reader, org.id, 'eventRetentionDays', { value: 60 })).statusCode).toBe(403);
    expect(await stored(org.id)).toEqual(before);
  });

  it('reads a stored retention out of its bounds as the default', async () => {
    const org = await createOrganization(t.database.db);
    await t.database.db.insert(schema.organizationSettings).values({ organizationId: org.id, key: 'eventRetentionDays', value: 5 });
    expect(await settingOf(reader, org.id, 'eventRetentionDays')).toMatchObject({ value: 400, isDefault: true });
    const days = await t.app.services.organizationSettings.eventRetentionDays();
    expect(days.find((d) => d.organizationId === org.id)).toEqual({ organizationId: org.id, days: 400 });
  });

  it('refuses changes to a disabled organization, which can still be read', async () => {
    const org = await createOrganization(t.database.db, { disabledAt: new Date('2026-06-01T00:00:00Z') });
    const res = await put(editor, org.id, 'quiz', { value: true });
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'ORGANIZATION_DISABLED' });
    expect(await stored(org.id)).toEqual([]);
    expect((await getSettings(reader, org.id)).statusCode).toBe(200);
  });

  it('lets read-only staff read but not change; refuses customer admins, staff without a role type, password staff and no session', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    const passwordStaff = await signInWithProvider(t, editor.email, 'password');
    expect((await getSettings(reader, org.id)).statusCode).toBe(200);
    expect((await put(reader, org.id, 'quiz', { value: true })).json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Your staff role allows reading only.',
    });
    for (const who of [admin, passwordStaff]) {
      expect((await getSettings(who, org.id)).statusCode).toBe(403);
      expect((await put(who, org.id, 'quiz', { value: true })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/organization/verificationModels', headers: who.headers })).statusCode).toBe(403);
    }
    await expect(signInWithProvider(t, noRoleEmail, 'custom')).rejects.toThrow(/403/);
    expect((await getSettings(anonymous, org.id)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect((await put(anonymous, org.id, 'quiz', { value: true })).statusCode).toBe(401);
    // Guards before validation (decision 012): a malformed change is 401/403 to those refused.
    expect((await put(anonymous, 'not-a-uuid', 'quiz', { value: 'x' })).statusCode).toBe(401);
    expect((await put(reader, 'not-a-uuid', 'quiz', { value: 'x' })).statusCode).toBe(403);
    expect((await put(admin, org.id, 'quiz', { value: 'x' })).statusCode).toBe(403);
    // Without the CSRF header a cookie alone changes nothing.
    expect((await put({ headers: { cookie: editor.headers.cookie } }, org.id, 'quiz', { value: true })).json().code).toBe('CSRF');
    expect(await stored(org.id)).toEqual([]);
  });

  it('"SSO login only" is refused until an enabled connection of the organization has signed someone in; nothing changes; off stays possible', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id);
    const session = await signIn(t, admin.email!);
    const turn = (value: boolean) => put(editor, org.id, 'ssoLoginOnly', { value });
    const available = async () => (await getSettings(reader, org.id)).json().ssoLoginOnlyAvailable as boolean;
    // None of these will do: an enabled connection nobody signed in through, a disabled one
    // somebody did, and another organization's that did.
    const unproven = await createSsoConnection(db, org.id);
    await createSsoConnection(db, org.id, { enabled: false, lastSignInAt: new Date() });
    await createSsoConnection(db, (await createOrganization(db)).id, { lastSignInAt: new Date() });

    const refused = await turn(true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SSO_CONNECTION_REQUIRED' });
    expect(refused.json().message).toMatch(/once an enabled single sign-on connection of this organization has signed someone in/);
    expect(await available()).toBe(false);
    expect(await settingOf(reader, org.id, 'ssoLoginOnly')).toMatchObject({ value: false, isDefault: true });
    expect(await eventsOf(db, { organizationId: org.id, action: 'organization.setting.changed' })).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session.headers })).statusCode).toBe(200);

    // Someone signed in through the enabled one.
    await db.update(schema.ssoConnections).set({ lastSignInAt: new Date() }).where(eq(schema.ssoConnections.id, unproven.id));
    expect(await available()).toBe(true);
    expect((await turn(true)).statusCode).toBe(200);
    // Turning it off is always possible, also for an organization switched on before this rule
    // (or through a way around it): here no such connection is left.
    await db.update(schema.ssoConnections).set({ enabled: false }).where(eq(schema.ssoConnections.id, unproven.id));
    expect(await available()).toBe(false);
    expect((await turn(false)).statusCode).toBe(200);
    expect((await turn(true)).json().code).toBe('SSO_CONNECTION_REQUIRED');
  });

  it('"SSO login only" turned on here refuses password sign-in and is reported at the e-mail step; off again, it works', async () => {
    const org = await createOrganization(t.database.db);
    const person = await createUser(t.database.db, org.id, { email: 'boss@sso-switch.example' });
    const check = async () => (await t.app.inject({ url: '/api/auth/password/check?email=someone%40sso-switch.example' })).json().ssoData;
    const passwordSignIn = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: person.email, password: TEST_PASSWORD } });
    await createSsoConnection(t.database.db, org.id, { lastSignInAt: new Date() });
    expect((await passwordSignIn()).statusCode).toBe(200);
    expect((await check()).required).toBe(false);

    expect((await put(editor, org.id, 'ssoLoginOnly', { value: true })).statusCode).toBe(200);
    const refused = await passwordSignIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SSO_REQUIRED');
    expect((await check()).required).toBe(true);
    // The way back in when the identity provider fails: a one-time link from staff still opens a session.
    const link = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, person.email!);
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/auth/custom', payload: { token: link.token } });
    expect(exchanged.statusCode).toBe(200);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { idToken: exchanged.json().idToken, email: person.email },
    });
    expect(opened.json().user).toMatchObject({ email: person.email, signInProvider: 'custom' });

    expect((await put(editor, org.id, 'ssoLoginOnly', { value: false })).statusCode).toBe(200);
    expect((await passwordSignIn()).statusCode).toBe(200);
    expect((await check()).required).toBe(false);
  });

  it('"SSO login only" turned on ends the password sessions of that organization at once, saying why, and no other; its integrations go on (decision 047)', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const otherOrg = await createOrganization(db);
    const admin = await createUser(db, org.id);
    const ssoAdmin = await createUser(db, org.id, { signInProvider: 'google', passwordHash: null });
    const publisher = await createUser(db, org.id, { role: 'publisher' });
    const otherAdmin = await createUser(db, otherOrg.id);
    await createSsoConnection(db, org.id, { lastSignInAt: new Date() });
    const passwordSession = await signIn(t, admin.email!);
    const ssoSession = await signInWithProvider(t, ssoAdmin.email!, 'google');
    const otherSession = await signIn(t, otherAdmin.email!);
    const { accessKey } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: passwordSession.headers,
        payload: { name: 'API', description: 'x' },
      })
    ).json();
    const apiTokenRequest = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { email: publisher.email, password: TEST_PASSWORD } });
    const apiToken = (await apiTokenRequest()).json().idToken as string;
    const me = (who: SignedIn) => t.app.inject({ url: '/api/auth/me', headers: who.headers });
    const apiCall = (token = apiToken) =>
      t.app.inject({ url: '/api/v1/workflows?limit=5', headers: { apiKey: accessKey, authorization: `Bearer ${token}` } });
    // Used once before, so the external API has the user and the key in its caches.
    expect((await apiCall()).statusCode).toBe(200);
    expect((await apiCall()).statusCode).toBe(200);
    expect((await me(passwordSession)).statusCode).toBe(200);
    // A console token of a password sign-in, taken before the switch (its hour not yet over).
    const consoleToken = await t.deps.idTokens.issue({ id: publisher.id, email: publisher.email }, 'password');
    expect((await apiCall(consoleToken.idToken)).statusCode).toBe(200);

    expect((await put(editor, org.id, 'ssoLoginOnly', { value: true })).statusCode).toBe(200);

    const ended = await me(passwordSession);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'SESSION_REVOKED', details: { reason: 'sso_required' } });
    expect(ended.json().message).toBe('Your organization now signs in only with single sign-on.');
    const [row] = await db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.tokenHash, hashSecret(passwordSession.sessionSecret)));
    expect(row).toMatchObject({ revokedReason: 'sso_required' });
    expect(row.revokedAt).not.toBeNull();
    // The integration: its API token still works, and its password still gets a new one.
    expect((await apiCall()).statusCode).toBe(200);
    const renewed = await apiTokenRequest();
    expect(renewed.statusCode).toBe(200);
    expect((await apiCall(renewed.json().idToken)).statusCode).toBe(200);
    // People: a console token of a password sign-in works nowhere, and opens no console session.
    const refused = await apiCall(consoleToken.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    const adminToken = await t.deps.idTokens.issue({ id: admin.id, email: admin.email }, 'password');
    const reopened = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'x-requested-with': 'console' },
      payload: { idToken: adminToken.idToken, email: admin.email },
    });
    expect(reopened.json().code).toBe('SSO_REQUIRED');
    const consoleSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: publisher.email, password: TEST_PASSWORD },
    });
    expect(consoleSignIn.json().code).toBe('SSO_REQUIRED');
    // An API token never opens a console session.
    const apiTokenSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'x-requested-with': 'console' },
      payload: { idToken: renewed.json().idToken, email: publisher.email },
    });
    expect(apiTokenSession.statusCode).toBe(401);
    expect((await me(ssoSession)).statusCode).toBe(200);
    expect((await me(otherSession)).statusCode).toBe(200);
  });

  it('reports the import status: user imports by status with the newest, and the newest workflow imports with their items', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const author = await createUser(db, org.id);
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9));
    const imp = (organizationId: string, day: number, status: string, extra: Partial<typeof schema.userImports.$inferInsert> = {}) => ({
      organizationId,
      filename: `users-${day}.csv`,
      blobKey: `k-${organizationId}-${day}`,
      status,
      createdAt: at(day),
      ...extra,
    });
    await db
      .insert(schema.userImports)
      .values([
        imp(org.id, 1, 'completed', { finishedAt: at(1), rowsTotal: 10 }),
        imp(org.id, 2, 'completed'),
        imp(org.id, 3, 'validation_error', { rowsWithErrors: 4 }),
        imp(org.id, 4, 'error'),
        imp(org.id, 5, 'processing'),
        imp(org.id, 6, 'completed'),
        imp(org.id, 7, 'completed', { deletedAt: at(8) }),
        imp(other.id, 9, 'error'),
      ]);
    const ws = await createWorkspace(db, org.id);
    const [wi] = await db
      .insert(schema.workflowImports)
      .values({
        sourceOrganizationId: other.id,
        sourceWorkspaceId: ws.id,
        targetOrganizationId: org.id,
        targetWorkspaceId: ws.id,
        targetAuthorId: author.id,
        createdAt: at(5),
      })
      .returning();
    const item = (status: string) => ({ importId: wi.id, sourceWorkflowId: ws.id, status });
    await db.insert(schema.workflowImportItems).values([item('completed'), item('completed'), item('failed'), item('scheduled')]);

    const res = await t.app.inject({ url: `/api/organization/${org.id}/importStatus`, headers: reader.headers });
    expect(res.statusCode).toBe(200);
    const { userImports, workflowImports } = res.json().importStatus;
    expect(userImports.counts).toEqual({
      processing: 1,
      awaiting_confirmation: 0,
      error: 1,
      validation_error: 1,
      completed: 3,
      stopped: 0,
    });
    expect(userImports.latest.map((u: { filename: string }) => u.filename)).toEqual([
      'users-6.csv',
      'users-5.csv',
      'users-4.csv',
      'users-3.csv',
      'users-2.csv',
    ]);
    expect(userImports.latest[3]).toMatchObject({ status: 'validation_error', rowsWithErrors: 4, finishedAt: null });
    expect(workflowImports).toEqual({
      total: 1,
      latest: [{ id: wi.id, createdAt: at(5).toISOString(), finishedAt: null, scheduled: 1, pending: 0, completed: 2, failed: 1 }],
    });
    const admin = await signIn(t, author.email!);
    expect((await t.app.inject({ url: `/api/organization/${org.id}/importStatus`, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/organization/${org.id}/importStatus` })).statusCode).toBe(401);
    const none = await t.app.inject({
      url: '/api/organization/00000000-0000-4000-8000-000000000000/importStatus',
      headers: reader.headers,
    });
    expect(none.json().code).toBe('ORGANIZATION_NOT_FOUND');
  });
});
