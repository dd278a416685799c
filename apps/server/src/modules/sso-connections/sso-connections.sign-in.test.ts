/**
 * Signing in through an organization's OpenID Connect connection, against a real provider on
 * loopback (test/oidc-peer.ts): who a connection signs in, first arrival, and every refusal of
 * the provider's answer, each proved by tampering the provider's ID token.
 */
import { randomUUID } from 'node:crypto';
import { ID_TOKEN_COOKIE } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scimTokens, sessions, ssoConnections, users } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { startOidcPeer } from '../../test/oidc-peer.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'http://localhost:3000';
const SECRET = 'connection-secret-0123456789-abcdef';
const ids = { a: randomUUID(), aScim: randomUUID(), aOff: randomUUID() };
const clientOf = (id: string) => ({
  clientId: `client-${id}`,
  clientSecret: SECRET,
  redirectUri: `${PUBLIC_URL}/api/auth/sso/connections/${id}/callback`,
});

describe('signing in through an organization’s OpenID Connect connection', () => {
  let idp: Awaited<ReturnType<typeof startOidcPeer>>;
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  let scimOrg: string;
  let adminA: SignedIn;
  const verified = new Map<string, string>();

  beforeAll(async () => {
    idp = await startOidcPeer([clientOf(ids.a), clientOf(ids.aScim), clientOf(ids.aOff)], {
      profiles: {
        'newcomer@acme.example': { given_name: 'Nia', family_name: 'Newcomer', groups: ['Editors', 'Everyone'], employee_number: 'E-42' },
      },
    });
    t = await createTestApp({
      config: { PUBLIC_URL, SSO_CONNECTIONS_ALLOW_LOOPBACK: 'true' },
      verifiedDomains: { organizationForVerifiedDomain: async (domain) => verified.get(domain) ?? null },
    });
    const db = t.database.db;
    orgA = (await createOrganization(db, { name: 'Acme' })).id;
    orgB = (await createOrganization(db, { name: 'Borg' })).id;
    scimOrg = (await createOrganization(db, { name: 'Scimmed' })).id;
    verified.set('acme.example', orgA);
    verified.set('scim.example', scimOrg);
    verified.set('borg.example', orgB);
    await createUser(db, orgA, { email: 'boss@acme.example', role: 'org_admin' });
    await createUser(db, orgA, { email: 'contractor@freelance.example', role: 'org_admin' });
    await createUser(db, orgB, { email: 'boss@borg.example', role: 'org_admin' });
    await createUser(db, scimOrg, { email: 'admin@scim.example', role: 'org_admin' });
    await db.insert(scimTokens).values({ organizationId: scimOrg, tokenHash: 'not-a-real-token-hash', prefix: 'wfs_x', last4: 'abcd' });
    const staffOrg = await createOrganization(db, { isStaff: true });
    await createUser(db, staffOrg.id, { email: 'rita@workframe.io', allowedRoleTypes: ['read'], signInProvider: 'google' });
    const now = new Date();
    const connection = (id: string, organizationId: string, values: Partial<typeof ssoConnections.$inferInsert> = {}) => ({
      id,
      organizationId,
      kind: 'oidc',
      name: `Connection ${id.slice(0, 4)}`,
      enabled: true,
      issuer: idp.issuer,
      clientId: `client-${id}`,
      clientSecret: SECRET,
      jit: true,
      jitRole: 'viewer',
      groupRoles: [{ group: 'Editors', role: 'publisher' }],
      createdAt: now,
      updatedAt: now,
      ...values,
    });
    await db
      .insert(ssoConnections)
      .values([connection(ids.a, orgA), connection(ids.aScim, scimOrg), connection(ids.aOff, orgA, { enabled: false })]);
    adminA = await signIn(t, 'boss@acme.example');
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
  beforeEach(() => idp.tamperIdTokens(undefined));

  /** The whole browser round trip through a connection: start, the provider's pages, the callback. */
  async function roundTrip(connectionId: string, login: string) {
    const start = await t.app.inject({ url: `/api/auth/sso/connections/${connectionId}/start?redirect=%2Fkeys` });
    expect(start.statusCode).toBe(302);
    const cookie = start.cookies.find((c) => c.name === 'sso-connection-state')!;
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const back = new URL(await idp.signIn(authorize.href, login, PUBLIC_URL));
    return t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `sso-connection-state=${cookie.value}` } });
  }

  async function lastRefusal(connectionId: string, headers = adminA.headers) {
    const res = await t.app.inject({ url: `/api/sso-connection/${connectionId}/refusals`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().refusals[0] as { reasonCode: string; reason: string } | undefined;
  }

  it('signs an Organizational Admin of the connection’s organization in: session, cookies, redirect', async () => {
    const res = await roundTrip(ids.a, 'boss@acme.example');
    expect(res.headers.location).toBe(`/auth/oidc/success?redirect=${encodeURIComponent('/keys')}`);
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${ID_TOKEN_COOKIE}=${session.value}` } });
    expect(me.json().user).toMatchObject({ email: 'boss@acme.example', role: 'org_admin', signInProvider: 'oidc' });
  });

  it('signs in a person already in the organization whatever their address’s domain', async () => {
    const res = await roundTrip(ids.a, 'contractor@freelance.example');
    expect(res.headers.location).toMatch(/^\/auth\/oidc\/success/);
  });

  it('never signs in another organization’s person, nor staff, and keeps why', async () => {
    const before = (await t.database.db.select().from(sessions)).length;
    expect((await roundTrip(ids.a, 'boss@borg.example')).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'other_organization' });
    expect((await roundTrip(ids.a, 'rita@workframe.io')).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'staff_address' });
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
  });

  it('refuses an unknown person of a domain the organization has not verified', async () => {
    const res = await roundTrip(ids.a, 'someone@borg.example');
    expect(res.headers.location).toBe('/auth/oidc/error?code=USER_NOT_FOUND');
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'domain_not_verified' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'someone@borg.example'))).toHaveLength(0);
  });

  it('first arrival creates the person vouched for with the mapped profile and role, never an Organizational Admin', async () => {
    const res = await roundTrip(ids.a, 'newcomer@acme.example');
    // A publisher is made, and does not use this console (only the platform's app).
    expect(res.headers.location).toBe('/auth/oidc/error?code=APP_ACCOUNT');
    const [made] = await t.database.db.select().from(users).where(eq(users.email, 'newcomer@acme.example'));
    expect(made).toMatchObject({
      organizationId: orgA,
      role: 'publisher',
      givenName: 'Nia',
      familyName: 'Newcomer',
      employeeId: 'E-42',
      signInProvider: 'oidc',
    });
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'not_console_role' });
  });

  it('refuses first arrival when it is off', async () => {
    await t.database.db.update(ssoConnections).set({ jit: false }).where(eq(ssoConnections.id, ids.a));
    try {
      expect((await roundTrip(ids.a, 'late@acme.example')).headers.location).toBe('/auth/oidc/error?code=USER_NOT_FOUND');
      expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'unknown_person' });
    } finally {
      await t.database.db.update(ssoConnections).set({ jit: true }).where(eq(ssoConnections.id, ids.a));
    }
  });

  it('in an organization provisioned by SCIM, first arrival links existing people and creates no one', async () => {
    expect((await roundTrip(ids.aScim, 'admin@scim.example')).headers.location).toMatch(/^\/auth\/oidc\/success/);
    expect((await roundTrip(ids.aScim, 'fresh@scim.example')).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'fresh@scim.example'))).toHaveLength(0);
    const admin = await signIn(t, 'admin@scim.example');
    expect(await lastRefusal(ids.aScim, admin.headers)).toMatchObject({ reasonCode: 'scim_links_only' });
  });

  it('refuses a disabled connection, and another organization’s admin reads none of its refusals', async () => {
    expect((await t.app.inject({ url: `/api/auth/sso/connections/${ids.aOff}/start` })).statusCode).toBe(404);
    const b = await signIn(t, 'boss@borg.example');
    expect((await t.app.inject({ url: `/api/sso-connection/${ids.a}/refusals`, headers: b.headers })).statusCode).toBe(404);
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const start = await t.app.inject({ url: `/api/auth/sso/connections/${ids.a}/start` });
    const back = new URL(await idp.signIn(start.headers.location as string, 'boss@acme.example', PUBLIC_URL));
    const res = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: 'sso-connection-state=someone-elses' } });
    expect(res.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'state_mismatch' });
  });

  describe('refuses the provider’s ID token', () => {
    const cases: [string, Parameters<typeof idp.tamperIdTokens>[0], string][] = [
      [
        'of another issuer',
        async ({ header, claims }, sign) => sign({ ...claims, iss: 'https://evil.example' }, header),
        'issuer_mismatch',
      ],
      ['for another client', async ({ header, claims }, sign) => sign({ ...claims, aud: 'someone-else' }, header), 'audience_mismatch'],
      [
        'that has expired',
        async ({ header, claims }, sign) =>
          sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }, header),
        'token_expired',
      ],
      [
        'of another sign-in (nonce)',
        async ({ header, claims }, sign) => sign({ ...claims, nonce: 'replayed-nonce' }, header),
        'nonce_mismatch',
      ],
      [
        'unsigned (alg none)',
        async ({ claims }) => {
          const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
          return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
        },
        'unsigned_token',
      ],
      [
        'signed HS256 with the client secret while the provider publishes keys',
        async ({ claims }) => {
          const { SignJWT } = await import('jose');
          return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
        },
        'wrong_signature',
      ],
      [
        'signed by another key',
        async ({ header, claims }) => {
          const { SignJWT, generateKeyPair } = await import('jose');
          const { privateKey } = await generateKeyPair('RS256');
          return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(privateKey);
        },
        'wrong_signature',
      ],
    ];
    it.each(cases)('%s', async (_name, tamper, reason) => {
      const before = (await t.database.db.select().from(sessions)).length;
      idp.tamperIdTokens(tamper);
      const res = await roundTrip(ids.a, 'boss@acme.example');
      expect(res.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
      expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE && c.value)).toBeUndefined();
      const refusal = await lastRefusal(ids.a);
      expect(refusal?.reasonCode).toBe(reason);
      expect(refusal?.reason).not.toContain(SECRET);
      expect((await t.database.db.select().from(sessions)).length).toBe(before);
    });
  });

  it('keeps the last 50 refusals of a connection', async () => {
    const { ssoConnectionRefusals } = await import('../../db/schema.js');
    const at = new Date();
    await t.database.db.insert(ssoConnectionRefusals).values(
      Array.from({ length: 60 }, (_, i) => ({
        connectionId: ids.aOff,
        at: new Date(at.getTime() - i * 1000),
        reasonCode: 'token_refused',
        reason: `old ${i}`,
      })),
    );
    await roundTrip(ids.a, 'boss@borg.example');
    const start = await t.app.inject({ url: `/api/auth/sso/connections/${ids.aOff}/start` });
    expect(start.statusCode).toBe(404);
    // A refusal inserted through the repository trims the connection's list.
    await t.app.services.ssoConnectionSignIn.finish(ids.aOff, '?state=x', 'y', { ip: null, userAgent: null });
    const rows = await t.database.db.select().from(ssoConnectionRefusals).where(eq(ssoConnectionRefusals.connectionId, ids.aOff));
    expect(rows).toHaveLength(50);
    expect(rows.some((r) => r.reasonCode === 'state_mismatch')).toBe(true);
  });

  it('tests a connection without a session and shows what arrived', async () => {
    const before = (await t.database.db.select().from(sessions)).length;
    const started = await t.app.inject({ method: 'POST', url: `/api/sso-connection/${ids.a}/test`, headers: adminA.headers });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'sso-connection-state')!;
    const back = new URL(await idp.signIn(started.json().url, 'newcomer2@acme.example', PUBLIC_URL));
    const res = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `sso-connection-state=${cookie.value}` } });
    expect(res.headers.location).toBe(`/single-sign-on?test=${ids.a}`);
    expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE && c.value)).toBeUndefined();
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
    // Nobody was made: a test only shows who would be.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'newcomer2@acme.example'))).toHaveLength(0);
    const result = await t.app.inject({ url: `/api/sso-connection/${ids.a}/test`, headers: adminA.headers });
    expect(result.json().test).toMatchObject({
      outcome: 'passed',
      claims: { email: 'newcomer2@acme.example' },
      profile: { email: 'newcomer2@acme.example', role: 'viewer', existing: false },
    });
  });

  it('routes an address to its verified domain’s enabled connections, and others to a password', async () => {
    const discover = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email } });
    expect((await discover('Anyone@ACME.example')).json().connections).toEqual([{ id: ids.a, name: `Connection ${ids.a.slice(0, 4)}` }]);
    expect((await discover('someone@elsewhere.example')).json().connections).toEqual([]);
    expect((await discover('boss@borg.example')).json().connections).toEqual([]);
  });
});
