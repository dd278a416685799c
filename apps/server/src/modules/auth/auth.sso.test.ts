import { ID_TOKEN_COOKIE, USER_INFO_COOKIE } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSettings, sessions } from '../../db/schema.js';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { startOidcPeer } from '../../test/oidc-peer.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'http://localhost:3000';
const google = { clientId: 'console-google', clientSecret: 'google-secret-123', redirectUri: `${PUBLIC_URL}/api/auth/google/callback` };
const generic = { clientId: 'console-oidc', clientSecret: 'oidc-secret-456', redirectUri: `${PUBLIC_URL}/api/auth/oidc/callback` };

describe('single sign-on through OpenID Connect, against a real provider on loopback', () => {
  let idp: Awaited<ReturnType<typeof startOidcPeer>>;
  let t: TestApp;
  let ssoOrgAdmin: string;
  let staff: string;
  let viewer: string;

  beforeAll(async () => {
    idp = await startOidcPeer([google, generic], { unverifiedEmails: ['unverified@ssoco.example'] });
    t = await createTestApp({
      config: {
        PUBLIC_URL,
        // The loopback provider stands in for Google (docs/product.md, "Identity and sessions") and is the generic issuer too.
        GOOGLE_ISSUER_URL: idp.issuer,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: generic.clientId,
        OIDC_CLIENT_SECRET: generic.clientSecret,
      },
    });
    const db = t.database.db;
    const org = await createOrganization(db, { name: 'SSO Co' });
    await db.insert(organizationSettings).values({ organizationId: org.id, key: 'ssoLoginOnly', value: true });
    ssoOrgAdmin = (await createUser(db, org.id, { email: 'boss@ssoco.example', signInProvider: 'oidc' })).email!;
    viewer = (await createUser(db, org.id, { email: 'viewer@ssoco.example', role: 'viewer' })).email!;
    await createUser(db, org.id, { email: 'unverified@ssoco.example' });
    const staffOrg = await createOrganization(db, { isStaff: true });
    staff = (
      await createUser(db, staffOrg.id, {
        email: 'rita@workframe.io',
        role: 'viewer',
        allowedRoleTypes: ['read'],
        signInProvider: 'google',
      })
    ).email!;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** The whole browser round trip: start, the provider's pages, the callback. */
  async function roundTrip(provider: 'google' | 'oidc', login: string, redirect = '/keys?page=2') {
    const start = await t.app.inject({ url: `/api/auth/${provider}/start?redirect=${encodeURIComponent(redirect)}` });
    expect(start.statusCode).toBe(302);
    const stateCookie = start.cookies.find((c) => c.name === 'sso-state')!;
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const back = new URL(await idp.signIn(authorize.href, login, PUBLIC_URL));
    const callback = () => t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `sso-state=${stateCookie.value}` } });
    return { callback, back, stateCookie };
  }

  it('publishes the configured providers', async () => {
    expect((await t.app.inject('/api/app-config')).json().ssoProviders).toEqual(['google', 'oidc']);
  });

  it('signs an admin of an SSO-only organization in with the generic issuer: session, cookies, redirect', async () => {
    const { callback } = await roundTrip('oidc', ssoOrgAdmin);
    const res = await callback();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/auth/oidc/success?redirect=${encodeURIComponent('/keys?page=2')}`);
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === USER_INFO_COOKIE)).toBeTruthy();
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${ID_TOKEN_COOKIE}=${session.value}` } });
    expect(me.json().user).toMatchObject({ email: ssoOrgAdmin, signInProvider: 'oidc', role: 'org_admin' });
    // Replaying the provider's answer gets nothing.
    const replay = await callback();
    expect(replay.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
  });

  it('signs staff in through "Google", which makes them staff', async () => {
    const { callback } = await roundTrip('google', staff, '/super');
    const res = await callback();
    expect(res.headers.location).toBe('/auth/google/success?redirect=%2Fsuper');
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${ID_TOKEN_COOKIE}=${session.value}` } });
    expect(me.json().user).toMatchObject({ isStaff: true, signInProvider: 'google' });
  });

  it('signs staff in through the generic OpenID Connect issuer, which makes them staff too (decision 027)', async () => {
    const { callback } = await roundTrip('oidc', staff, '/super');
    const res = await callback();
    expect(res.headers.location).toBe('/auth/oidc/success?redirect=%2Fsuper');
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const headers = { cookie: `${ID_TOKEN_COOKIE}=${session.value}` };
    const me = await t.app.inject({ url: '/api/auth/me', headers });
    expect(me.json().user).toMatchObject({ isStaff: true, signInProvider: 'oidc' });
    expect((await t.app.inject({ url: '/api/organizations', headers })).statusCode).toBe(200);
  });

  it('refuses a password for a member of an SSO-only organization, and says so at the e-mail step', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: ssoOrgAdmin, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SSO_REQUIRED');
    const check = await t.app.inject({ url: `/api/auth/password/check?email=${encodeURIComponent(ssoOrgAdmin)}` });
    expect(check.json().ssoData).toEqual({ required: true, providers: ['google', 'oidc'] });
  });

  it('sends people without an account, non-admins and unverified e-mails to the error page', async () => {
    for (const [login, code] of [
      ['stranger@elsewhere.example', 'USER_NOT_FOUND'],
      [viewer, 'APP_ACCOUNT'],
      ['unverified@ssoco.example', 'SSO_FAILED'],
    ]) {
      const { callback } = await roundTrip('oidc', login);
      const res = await callback();
      expect(res.headers.location).toBe(`/auth/oidc/error?code=${code}`);
      expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE && c.value)).toBeUndefined();
    }
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF)', async () => {
    const { back } = await roundTrip('oidc', ssoOrgAdmin);
    const before = await t.database.db.select().from(sessions);
    const foreign = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(foreign.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    const other = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: 'sso-state=someone-elses' } });
    expect(other.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await t.database.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('refuses redirect targets on other hosts and providers that are not configured', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await t.app.inject({ url: `/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REDIRECT');
    }
    expect((await t.app.inject('/api/auth/microsoft/start')).statusCode).toBe(404);
  });

  it('refuses paths that become another host once the web strips their locale (/es//evil.example/phish)', async () => {
    for (const redirect of ['/es//evil.example/phish', '/a/..//evil.example', '/es/%2F%2Fevil.example', '/pt/%5Cevil.example']) {
      const res = await t.app.inject({ url: `/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REDIRECT');
    }
  });

  it('records the provider on the session row', async () => {
    const rows = await t.database.db.select({ p: sessions.signInProvider }).from(sessions).where(eq(sessions.signInProvider, 'google'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
