/**
 * What a switch that ends sessions or refuses calls would stop (GET organization/{id}/accessCounts,
 * decision 047), and the reason the people it signs out are told: "SSO login only", the
 * organization disabled, an administrator ending a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('access counts and the reasons of ended sessions', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  let reader: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signInStaff(t, { roles: ['read', 'update'] });
    reader = await signInStaff(t, { roles: ['read'] });
  });
  afterAll(() => t.close());

  const counts = (who: { headers: Record<string, string> }, id: string) =>
    t.app.inject({ url: `/api/organization/${id}/accessCounts`, headers: who.headers });
  const me = (who: SignedIn) => t.app.inject({ url: '/api/auth/me', headers: who.headers });

  it('counts enabled people with a password, API users, open sessions and access keys of that organization only', async () => {
    const db = t.database.db;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const admin = await createUser(db, org.id);
    await createUser(db, org.id, { role: 'publisher' });
    await createUser(db, org.id, { role: 'workspace_admin' });
    await createUser(db, org.id, { role: 'viewer' });
    const sso = await createUser(db, org.id, { passwordHash: null, signInProvider: 'google' });
    await createUser(db, org.id, { role: 'publisher', disabledAt: new Date() });
    const otherAdmin = await createUser(db, other.id);

    const adminSession = await signIn(t, admin.email!);
    await signIn(t, admin.email!);
    await signInWithProvider(t, sso.email!, 'google');
    const otherSession = await signIn(t, otherAdmin.email!);
    await createAccessKey(t, adminSession.headers, 'one');
    await createAccessKey(t, adminSession.headers, 'two');
    await createAccessKey(t, otherSession.headers, 'theirs');
    // A session signed out no longer counts.
    await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: adminSession.headers });

    const res = await counts(reader, org.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessCounts: {
        enabledUsers: 5,
        passwordUsers: 4,
        apiUsers: 3,
        openSessions: 2,
        openPasswordSessions: 1,
        activeAccessKeys: 2,
      },
    });
  });

  it('is for staff: an Organizational Admin is refused, an unknown organization is not found', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    expect((await counts(admin, org.id)).statusCode).toBe(403);
    expect((await counts({ headers: {} }, org.id)).statusCode).toBe(401);
    const none = await counts(reader, '00000000-0000-4000-8000-000000000000');
    expect(none.json().code).toBe('ORGANIZATION_NOT_FOUND');
  });

  it('tells the people of a disabled organization that it was disabled', async () => {
    const org = await createOrganization(t.database.db);
    const session = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/organization/${org.id}`,
      headers: editor.headers,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    const ended = await me(session);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'SESSION_REVOKED', details: { reason: 'organization_disabled' } });
  });

  it('tells a person whose session an administrator ended so, and one signed out elsewhere that', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    const person = await createUser(t.database.db, org.id);
    const ended = await signIn(t, person.email!);
    const own = await signIn(t, person.email!);
    const elsewhere = await signIn(t, person.email!);
    const list = await t.app.inject({ url: `/api/auth/sessions?userId=${person.id}`, headers: admin.headers });
    const ids = (list.json().sessions as { id: string }[]).map((s) => s.id);
    expect(ids).toHaveLength(3);
    const idOf = async (who: SignedIn) => {
      const mine = await t.app.inject({ url: '/api/auth/sessions', headers: who.headers });
      return (mine.json().sessions as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    };
    const endedId = await idOf(ended);
    const elsewhereId = await idOf(elsewhere);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${endedId}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${elsewhereId}`, headers: own.headers })).statusCode).toBe(200);
    expect((await me(ended)).json()).toMatchObject({ code: 'SESSION_REVOKED', details: { reason: 'administrator' } });
    expect((await me(elsewhere)).json()).toMatchObject({ code: 'SESSION_REVOKED', details: { reason: 'signed_out' } });
    expect((await me(own)).statusCode).toBe(200);
  });
});
