/**
 * Signing in through an organization's OpenID Connect connection, against a real provider on
 * loopback (test/oidc-peer.ts): who a connection signs in, first arrival, and every refusal of
 * the provider's answer, each proved end to end by the test's server standing in front of the
 * provider for the one call (the token endpoint's answer with another ID token), kept on the
 * connection in words an IT admin acts on and recorded as an event.
 */
import { randomUUID } from 'node:crypto';
import { ID_TOKEN_COOKIE } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, ssoConnections, users } from '../../db/schema.js';
import { createOrganization, createScimToken, createUser } from '../../test/factories.js';
import { startOidcPeer } from '../../test/oidc-peer.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectOnlyItsOwnOrganization, expectRefusalRecorded } from './sso-connections.fixtures.js';

const PUBLIC_URL = 'http://localhost:3000';
const SECRET = 'connection-secret-0123456789-abcdef';
const ids = { a: randomUUID(), aScim: randomUUID(), aOff: randomUUID(), aTokens: randomUUID(), aLax: randomUUID(), aWrong: randomUUID() };
const clientOf = (id: string) => ({
  clientId: `client-${id}`,
  clientSecret: SECRET,
  redirectUri: `${PUBLIC_URL}/api/auth/sso/connections/${id}/callback`,
});

describe('signing in through an organization’s OpenID Connect connection', () => {
  type Peer = Awaited<ReturnType<typeof startOidcPeer>>;
  let idp: Peer;
  /**
   * A provider whose discovery lists HS256 and none beside RS256 (as Auth0 and Keycloak list
   * HS256; Discovery allows none for the code flow) while it publishes only an RSA key:
   * openid-client then accepts either algorithm, and only the console's check refuses them.
   */
  let laxIdp: Peer;
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  let scimOrg: string;
  let adminA: SignedIn;
  const verified = new Map<string, string>();

  beforeAll(async () => {
    idp = await startOidcPeer([clientOf(ids.a), clientOf(ids.aScim), clientOf(ids.aOff), clientOf(ids.aTokens), clientOf(ids.aWrong)], {
      profiles: {
        'newcomer@acme.example': { given_name: 'Nia', family_name: 'Newcomer', groups: ['Editors', 'Everyone'], employee_number: 'E-42' },
        'chief@acme.example': { groups: ['Admins'] },
      },
      unverifiedEmails: ['unsure@acme.example'],
    });
    laxIdp = await startOidcPeer([clientOf(ids.aLax)], { advertisedIdTokenAlgs: ['RS256', 'HS256', 'none'] });
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
    await createScimToken(db, scimOrg);
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
    await db.insert(ssoConnections).values([
      connection(ids.a, orgA),
      connection(ids.aScim, scimOrg),
      connection(ids.aOff, orgA, { enabled: false }),
      connection(ids.aTokens, orgA),
      connection(ids.aLax, orgA, { issuer: laxIdp.issuer }),
      // Its secret is not the one the provider knows: the provider refuses the code exchange.
      connection(ids.aWrong, orgA, { clientSecret: 'a-stale-secret-0123456789' }),
    ]);
    adminA = await signIn(t, 'boss@acme.example');
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
    await laxIdp?.close();
  });
  beforeEach(() => {
    idp.tamperIdTokens(undefined);
    laxIdp.tamperIdTokens(undefined);
  });

  /** Starts a sign-in in a browser: the provider's authorization URL, and the state cookie the browser now holds. */
  async function start(connectionId: string) {
    const res = await t.app.inject({ url: `/api/auth/sso/connections/${connectionId}/start?redirect=%2Fkeys` });
    expect(res.statusCode).toBe(302);
    return { authorize: new URL(res.headers.location as string), cookie: res.cookies.find((c) => c.name === 'sso-connection-state')! };
  }

  /** The provider's answer (its redirect back to the console) brought to the callback by a browser holding `cookie`. */
  const callback = (back: URL, cookie?: string) =>
    t.app.inject({ url: `${back.pathname}${back.search}`, headers: cookie ? { cookie: `sso-connection-state=${cookie}` } : {} });

  /** The whole browser round trip through a connection: start, the provider's pages, the callback. */
  async function roundTrip(connectionId: string, login: string, peer: Peer = idp) {
    const { authorize, cookie } = await start(connectionId);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    return callback(new URL(await peer.signIn(authorize.href, login, PUBLIC_URL)), cookie.value);
  }

  /** A refused answer: the error page, no session cookie, no session; the refusal kept on the connection and recorded. */
  async function expectRefused(
    res: { headers: Record<string, unknown>; cookies: { name: string; value: string }[] },
    connectionId: string,
  ) {
    expect(res.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE && c.value)).toBeUndefined();
    const refusal = await lastRefusal(connectionId);
    expect(refusal).toBeDefined();
    await expectRefusalRecorded(t, connectionId, refusal as { reasonCode: string; reason: string });
    return refusal as { reasonCode: string; reason: string };
  }

  async function lastRefusal(connectionId: string, headers = adminA.headers) {
    const res = await t.app.inject({ url: `/api/sso-connection/${connectionId}/refusals`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().refusals[0] as { reasonCode: string; reason: string } | undefined;
  }

  const lastSignInAt = async (connectionId: string) =>
    (await t.app.inject({ url: `/api/sso-connection/${connectionId}`, headers: adminA.headers })).json().connection.lastSignInAt as
      | string
      | null;

  it('signs an Organizational Admin of the connection’s organization in: session, cookies, redirect; the connection remembers it', async () => {
    // A refused sign-in is no proof that the connection signs people in.
    expect((await roundTrip(ids.a, 'someone@borg.example')).headers.location).toBe('/auth/oidc/error?code=USER_NOT_FOUND');
    expect(await lastSignInAt(ids.a)).toBeNull();
    const before = Date.now();
    const res = await roundTrip(ids.a, 'boss@acme.example');
    expect(res.headers.location).toBe(`/auth/oidc/success?redirect=${encodeURIComponent('/keys')}`);
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${ID_TOKEN_COOKIE}=${session.value}` } });
    expect(me.json().user).toMatchObject({ email: 'boss@acme.example', role: 'org_admin', signInProvider: 'oidc' });
    expect(new Date((await lastSignInAt(ids.a)) ?? 0).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('signs in a person already in the organization whatever their address’s domain', async () => {
    const res = await roundTrip(ids.a, 'contractor@freelance.example');
    expect(res.headers.location).toMatch(/^\/auth\/oidc\/success/);
  });

  it('never signs in another organization’s person, nor staff, and keeps why', async () => {
    await expectOnlyItsOwnOrganization(
      t,
      ids.a,
      { roundTrip: (id, login) => roundTrip(id, login), lastRefusal: (id) => lastRefusal(id) },
      { otherOrganization: 'boss@borg.example', staff: 'rita@workframe.io' },
    );
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

  it('refuses an address the identity provider has not verified, even on a verified domain', async () => {
    expect((await roundTrip(ids.a, 'unsure@acme.example')).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'no_verified_email' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'unsure@acme.example'))).toHaveLength(0);
  });

  it('first arrival never makes an Organizational Admin, even when a group is mapped to that role', async () => {
    // The screen and the API refuse such a mapping; a row that holds one still makes no admin.
    await t.database.db
      .update(ssoConnections)
      .set({ groupRoles: [{ group: 'Admins', role: 'org_admin' }] })
      .where(eq(ssoConnections.id, ids.a));
    try {
      await roundTrip(ids.a, 'chief@acme.example');
      const [made] = await t.database.db.select().from(users).where(eq(users.email, 'chief@acme.example'));
      expect(made).toMatchObject({ organizationId: orgA, role: 'viewer' });
    } finally {
      await t.database.db
        .update(ssoConnections)
        .set({ groupRoles: [{ group: 'Editors', role: 'publisher' }] })
        .where(eq(ssoConnections.id, ids.a));
    }
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

  /**
   * The state ties the provider's answer to the browser that asked for it. openid-client is
   * given the callback's own state to expect, so it proves nothing here: the console's check
   * (takeRoundTrip of auth/round-trip.ts: the state must equal this browser's cookie, and name
   * a round trip still kept for this connection) is the one that refuses.
   */
  describe('refuses an answer this browser did not ask for', () => {
    /** An attacker's own round trip, up to the provider's answer: a genuine code and state, for a person of the organization. */
    async function attackersAnswer() {
      const { authorize } = await start(ids.a);
      return new URL(await idp.signIn(authorize.href, 'contractor@freelance.example', PUBLIC_URL));
    }

    it('whose state is not the one this browser holds (the attacker’s answer in the victim’s browser)', async () => {
      const victim = await start(ids.a);
      const before = (await t.database.db.select().from(sessions)).length;
      const refusal = await expectRefused(await callback(await attackersAnswer(), victim.cookie.value), ids.a);
      expect(refusal).toMatchObject({ reasonCode: 'state_mismatch', reason: expect.stringContaining('does not carry the state') });
      expect((await t.database.db.select().from(sessions)).length).toBe(before);
    });

    it('in a browser that started no sign-in (no state cookie)', async () => {
      const refusal = await expectRefused(await callback(await attackersAnswer()), ids.a);
      expect(refusal).toMatchObject({ reasonCode: 'state_mismatch', reason: expect.stringContaining('no state cookie') });
    });

    it('in a browser whose cookie holds another state', async () => {
      const refusal = await expectRefused(await callback(await attackersAnswer(), 'someone-elses'), ids.a);
      expect(refusal).toMatchObject({ reasonCode: 'state_mismatch' });
    });

    it('with a state the console never issued, even when the cookie was made to match it', async () => {
      const answer = await attackersAnswer();
      answer.searchParams.set('state', 'made-up-state');
      const refusal = await expectRefused(await callback(answer, 'made-up-state'), ids.a);
      expect(refusal).toMatchObject({ reasonCode: 'expired_round_trip', reason: expect.stringContaining('start again') });
    });
  });

  it('refuses when the identity provider refuses the code exchange, naming its error (a stale client secret)', async () => {
    const refusal = await expectRefused(await roundTrip(ids.aWrong, 'boss@acme.example'), ids.aWrong);
    expect(refusal.reasonCode).toBe('provider_error');
    expect(refusal.reason).toMatch(/refused the code exchange \(invalid_client.*\): check the client id and secret/);
    expect(refusal.reason).not.toMatch(/a-stale-secret|connection-secret/);
  });

  /**
   * Each ID token below is the provider's own answer rewritten by the test's server in front of
   * it (test/oidc-peer.ts): real HTTP and real JWTs, re-signed with the provider's key where
   * only a claim is changed, or with an attacker's key or the client secret. Who refuses:
   * - issuer, audience, expiry and nonce: openid-client (oauth4webapi's validateIssuer against
   *   the discovered issuer, validateAudience against the client id, validateJwt's `exp`,
   *   validateIdTokenNonce against the nonce we keep with the round trip); the console names
   *   the refusal (refusalOf of sso-connection-sign-in.ts).
   * - the signature (alg none, HS256 keyed by the client secret, another key): the console's
   *   checkIdTokenSignature only. openid-client checks no signature of a token endpoint's ID
   *   token and takes any algorithm the discovery lists: `idp` lists only RS256, so openid-client
   *   refuses none and HS256 there too; `laxIdp` lists both, and only the console stands.
   */
  describe('refuses the provider’s ID token', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const cases: {
      name: string;
      peers: ('idp' | 'laxIdp')[];
      tamper: Parameters<Peer['tamperIdTokens']>[0];
      reasonCode: string;
      reason: RegExp;
    }[] = [
      {
        // openid-client's check (validateIssuer).
        name: 'of another issuer',
        peers: ['idp'],
        tamper: async ({ header, claims }, sign) => sign({ ...claims, iss: 'https://evil.example' }, header),
        reasonCode: 'issuer_mismatch',
        reason: /"https:\/\/evil\.example" as its issuer, not the connection’s "http:\/\/127\.0\.0\.1:\d+"/,
      },
      {
        // openid-client's check (validateAudience).
        name: 'for another client',
        peers: ['idp'],
        tamper: async ({ header, claims }, sign) => sign({ ...claims, aud: 'someone-else' }, header),
        reasonCode: 'audience_mismatch',
        reason: /issued for "someone-else", not the connection’s client id "client-/,
      },
      {
        // openid-client's check (validateJwt: exp, with its 30 seconds of tolerance).
        name: 'that has expired',
        peers: ['idp'],
        tamper: async ({ header, claims }, sign) => sign({ ...claims, iat: now() - 7200, exp: now() - 3600 }, header),
        reasonCode: 'token_expired',
        reason: /expired at \d{4}-\d\d-\d\dT.*the console’s clock read \d{4}-/,
      },
      {
        // openid-client's check (validateIdTokenNonce), against the nonce the console kept with this round trip.
        name: 'of another sign-in (nonce)',
        peers: ['idp'],
        tamper: async ({ header, claims }, sign) => sign({ ...claims, nonce: 'replayed-nonce' }, header),
        reasonCode: 'nonce_mismatch',
        reason: /its nonce is not the one the console sent/,
      },
      {
        // The console's check; openid-client refuses it too where the discovery does not list none (idp).
        name: 'unsigned (alg none)',
        peers: ['idp', 'laxIdp'],
        tamper: async ({ claims }) => {
          const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
          return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
        },
        reasonCode: 'unsigned_token',
        reason: /not signed \(alg none\)/,
      },
      {
        // The console's check: the downgrade to the client secret, which the console holds too.
        name: 'signed HS256 with the client secret while the provider publishes asymmetric keys',
        peers: ['idp', 'laxIdp'],
        tamper: async ({ claims }) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET)),
        reasonCode: 'wrong_signature',
        reason: /signed with HS256 \(keyed by the client secret/,
      },
      {
        // The console's check only: openid-client verifies no signature of a token endpoint's ID token.
        name: 'signed by another key',
        peers: ['idp', 'laxIdp'],
        tamper: async ({ header, claims }) => {
          const { privateKey } = await generateKeyPair('RS256');
          return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(privateKey);
        },
        reasonCode: 'wrong_signature',
        reason: /does not match any key the identity provider publishes/,
      },
    ];
    for (const { name, peers, tamper, reasonCode, reason } of cases) {
      for (const peer of peers) {
        it(`${name}, from ${peer}`, async () => {
          const [provider, connectionId] = peer === 'idp' ? [idp, ids.aTokens] : [laxIdp, ids.aLax];
          const before = (await t.database.db.select().from(sessions)).length;
          provider.tamperIdTokens(tamper);
          const refusal = await expectRefused(await roundTrip(connectionId, 'boss@acme.example', provider), connectionId);
          expect(refusal.reasonCode).toBe(reasonCode);
          expect(refusal.reason).toMatch(reason);
          expect(refusal.reason).not.toContain(SECRET);
          expect((await t.database.db.select().from(sessions)).length).toBe(before);
        });
      }
    }

    it('(the lax provider lists HS256 and none while publishing only an RSA key, and signs the untampered in)', async () => {
      const discovery = await (await fetch(`${laxIdp.issuer}/.well-known/openid-configuration`)).json();
      expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256', 'HS256', 'none']);
      const { keys } = await (await fetch(discovery.jwks_uri)).json();
      expect(keys.map((k: { kty: string }) => k.kty)).toEqual(['RSA']);
      expect((await roundTrip(ids.aLax, 'boss@acme.example', laxIdp)).headers.location).toMatch(/^\/auth\/oidc\/success/);
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
    const signedInAt = await lastSignInAt(ids.a);
    const started = await t.app.inject({ method: 'POST', url: `/api/sso-connection/${ids.a}/test`, headers: adminA.headers });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'sso-connection-state')!;
    const back = new URL(await idp.signIn(started.json().url, 'newcomer2@acme.example', PUBLIC_URL));
    const res = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `sso-connection-state=${cookie.value}` } });
    expect(res.headers.location).toBe(`/single-sign-on?test=${ids.a}`);
    expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE && c.value)).toBeUndefined();
    expect((await t.database.db.select().from(sessions)).length).toBe(before);
    // Nobody was made: a test only shows who would be; and it is no sign-in of the connection.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'newcomer2@acme.example'))).toHaveLength(0);
    expect(await lastSignInAt(ids.a)).toBe(signedInAt);
    const result = await t.app.inject({ url: `/api/sso-connection/${ids.a}/test`, headers: adminA.headers });
    expect(result.json().test).toMatchObject({
      outcome: 'passed',
      claims: { email: 'newcomer2@acme.example' },
      profile: { email: 'newcomer2@acme.example', role: 'viewer', existing: false },
    });
  });

  it('routes an address to its verified domain’s enabled connections, and others to a password', async () => {
    const discover = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/discover', payload: { email } });
    const acme = (await discover('Anyone@ACME.example')).json().connections as { id: string }[];
    expect(acme).toContainEqual({ id: ids.a, name: `Connection ${ids.a.slice(0, 4)}` });
    expect(acme.map((c) => c.id).sort()).toEqual([ids.a, ids.aTokens, ids.aLax, ids.aWrong].sort());
    expect((await discover('someone@elsewhere.example')).json().connections).toEqual([]);
    expect((await discover('boss@borg.example')).json().connections).toEqual([]);
  });
});
