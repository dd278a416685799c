/**
 * SAML connections end to end, against the test identity provider of test/saml-idp.ts served
 * on loopback: an admin gives its metadata (by URL, or uploaded), the browser goes start → the
 * identity provider → our ACS, and the person is signed in by the path OpenID Connect's
 * connections take. Who a connection signs in, first arrival, a certificate rollover, replays
 * across two app instances on one database, unsolicited responses, "Test connection", and the
 * daily read of the metadata.
 */
import { randomUUID } from 'node:crypto';
import { ID_TOKEN_COOKIE } from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { events, sessions, ssoConnections, users } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createSamlIdp, makeSigningKey, readAuthnRedirect, type SamlIdp } from '../../test/saml-idp.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectOnlyItsOwnOrganization, expectRefusalRecorded } from './sso-connections.fixtures.js';

const PUBLIC_URL = 'http://localhost:3000';
const spOf = (id: string) => {
  const base = `${PUBLIC_URL}/api/auth/sso/connections/${id}/saml`;
  return { spEntityId: `${base}/metadata`, acsUrl: `${base}/acs` };
};
type Served = Awaited<ReturnType<SamlIdp['serve']>>;
type App = TestApp['app'] | Awaited<ReturnType<typeof buildApp>>;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('signing in through an organization’s SAML connection', () => {
  let t: TestApp;
  let orgA: string;
  let adminA: SignedIn;
  const verified = new Map<string, string>();
  const ids = { a: randomUUID(), rotation: randomUUID() };
  let idp: SamlIdp;
  let served: Served;

  beforeAll(async () => {
    t = await createTestApp({
      config: { PUBLIC_URL, SSO_CONNECTIONS_ALLOW_LOOPBACK: 'true' },
      verifiedDomains: { organizationForVerifiedDomain: async (domain) => verified.get(domain) ?? null },
    });
    const db = t.database.db;
    orgA = (await createOrganization(db, { name: 'Acme' })).id;
    const orgB = (await createOrganization(db, { name: 'Borg' })).id;
    verified.set('acme.example', orgA);
    verified.set('borg.example', orgB);
    await createUser(db, orgA, { email: 'boss@acme.example', role: 'org_admin' });
    await createUser(db, orgB, { email: 'boss@borg.example', role: 'org_admin' });
    const staffOrg = await createOrganization(db, { isStaff: true });
    await createUser(db, staffOrg.id, { email: 'rita@workframe.io', allowedRoleTypes: ['read'], signInProvider: 'google' });
    const now = new Date();
    const saml = (id: string) => ({
      id,
      organizationId: orgA,
      kind: 'saml',
      name: `SAML ${id.slice(0, 4)}`,
      enabled: false,
      jit: true,
      jitRole: 'viewer',
      groupRoles: [],
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(ssoConnections).values([saml(ids.a), saml(ids.rotation)]);
    idp = createSamlIdp({ ...spOf(ids.a), entityId: 'https://idp.acme.example/saml' });
    served = await idp.serve();
    adminA = await signIn(t, 'boss@acme.example');
  });
  afterAll(async () => {
    await t?.close();
    await served?.close();
  });

  const admin = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: adminA.headers, ...(payload && { payload }) });

  /** Start → the identity provider's page (its form for our ACS) → the form posted, with this browser's cookie. */
  async function roundTrip(id: string, nameId: string, app: App = t.app) {
    const start = await app.inject({ url: `/api/auth/sso/connections/${id}/start?redirect=%2Fkeys` });
    expect(start.statusCode, start.body).toBe(302);
    served.nextNameId.value = nameId;
    const page = await (await fetch(start.headers.location as string)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
    const cookie = start.cookies.find((c) => c.name === 'sso-saml-state')!;
    return postAcs(id, { SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') }, cookie.value, app);
  }

  function postAcs(id: string, form: Record<string, string>, cookie: string | undefined, app: App = t.app) {
    return app.inject({
      method: 'POST',
      url: `/api/auth/sso/connections/${id}/saml/acs`,
      headers: { ...FORM, ...(cookie && { cookie: `sso-saml-state=${cookie}` }) },
      payload: new URLSearchParams(form).toString(),
    });
  }

  /** A started round trip: its cookie and RelayState, and the AuthnRequest's ID the Response must answer. */
  async function started(id: string, app: App = t.app) {
    const start = await app.inject({ url: `/api/auth/sso/connections/${id}/start` });
    const request = readAuthnRedirect(start.headers.location as string);
    return {
      requestId: request.id,
      relayState: request.relayState as string,
      cookie: start.cookies.find((c) => c.name === 'sso-saml-state')!.value,
    };
  }

  const post = (id: string, round: Awaited<ReturnType<typeof started>>, xml: string, app: App = t.app) =>
    postAcs(id, { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: round.relayState }, round.cookie, app);

  async function lastRefusal(id: string) {
    const res = await admin('GET', `/sso-connection/${id}/refusals`);
    return res.json().refusals[0] as { reasonCode: string; reason: string } | undefined;
  }

  it('an admin gives the metadata by URL, sees our service provider’s side, and enables the connection', async () => {
    const before = await admin('PATCH', `/sso-connection/${ids.a}`, { enabled: true });
    expect(before.json().code).toBe('SSO_CONNECTION_INCOMPLETE');
    const set = await admin('PUT', `/sso-connection/${ids.a}/saml/metadata`, { source: 'url', url: `${served.url}/metadata` });
    expect(set.statusCode, set.body).toBe(200);
    const { connection } = set.json();
    expect(connection).toMatchObject({ kind: 'saml', samlConfigured: true, callbackUrl: spOf(ids.a).acsUrl });
    expect(connection.saml).toMatchObject({
      spEntityId: spOf(ids.a).spEntityId,
      acsUrl: spOf(ids.a).acsUrl,
      idpEntityId: 'https://idp.acme.example/saml',
      ssoUrl: `${served.url}/sso`,
      metadataUrl: `${served.url}/metadata`,
      certificates: [{ fingerprint: idp.key.fingerprint, source: 'metadata', expiry: 'valid' }],
    });
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'sso_connection.updated'), eq(events.organizationId, orgA)));
    expect(event.data).toMatchObject({ after: { saml: { certificates: [idp.key.fingerprint], metadataUrl: `${served.url}/metadata` } } });
    expect((await admin('PATCH', `/sso-connection/${ids.a}`, { enabled: true })).statusCode).toBe(200);
  });

  it('answers our metadata XML, for the identity provider', async () => {
    const res = await t.app.inject({ url: `/api/auth/sso/connections/${ids.a}/saml/metadata` });
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.body).toContain(`entityID="${spOf(ids.a).spEntityId}"`);
    expect(res.body).toContain(`Location="${spOf(ids.a).acsUrl}"`);
  });

  it('signs a person of the organization in: start, the identity provider, the ACS; the state cookie reaches the cross-site POST', async () => {
    const start = await t.app.inject({ url: `/api/auth/sso/connections/${ids.a}/start` });
    const cookie = start.cookies.find((c) => c.name === 'sso-saml-state')!;
    expect(cookie).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true, path: `/api/auth/sso/connections/${ids.a}/saml/acs` });
    const res = await roundTrip(ids.a, 'boss@acme.example');
    expect(res.headers.location).toBe(`/auth/oidc/success?redirect=${encodeURIComponent('/keys')}`);
    const session = res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${ID_TOKEN_COOKIE}=${session.value}` } });
    expect(me.json().user).toMatchObject({ email: 'boss@acme.example', role: 'org_admin' });
  });

  it('refuses a Response posted without this browser’s state cookie', async () => {
    const round = await started(ids.a);
    const res = await post(ids.a, { ...round, cookie: 'another-browser' }, idp.response({ inResponseTo: round.requestId }));
    expect(res.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'state_mismatch' });
  });

  it('never signs in another organization’s person nor a staff address, and keeps why', async () => {
    await expectOnlyItsOwnOrganization(
      t,
      ids.a,
      { roundTrip: (id, login) => roundTrip(id, login), lastRefusal: (id) => lastRefusal(id) },
      { otherOrganization: 'boss@borg.example', staff: 'rita@workframe.io' },
    );
  });

  it('first arrival creates a person of a verified domain with the connection’s role', async () => {
    const res = await roundTrip(ids.a, 'newcomer@acme.example');
    // A viewer is made, and does not use this console (only the platform's app).
    expect(res.headers.location).toBe('/auth/oidc/error?code=APP_ACCOUNT');
    const [made] = await t.database.db.select().from(users).where(eq(users.email, 'newcomer@acme.example'));
    expect(made).toMatchObject({ organizationId: orgA, role: 'viewer', source: 'console' });
  });

  it('refuses an assertion replayed on another app instance sharing the database', async () => {
    const replica = await buildApp(t.deps);
    try {
      const assertionId = `_replayed${randomUUID().replaceAll('-', '')}`;
      const first = await started(ids.a);
      const ok = await post(ids.a, first, idp.response({ inResponseTo: first.requestId, nameId: 'boss@acme.example', assertionId }));
      expect(ok.headers.location).toMatch(/^\/auth\/oidc\/success/);
      const second = await started(ids.a, replica);
      const again = await post(
        ids.a,
        second,
        idp.response({ inResponseTo: second.requestId, nameId: 'boss@acme.example', assertionId }),
        replica,
      );
      expect(again.headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
      expect(await lastRefusal(ids.a)).toMatchObject({ reasonCode: 'SAML_REPLAYED' });
    } finally {
      await replica.close();
    }
  });

  it('refuses an unsolicited Response unless the connection allows them, and then only starts a fresh round trip', async () => {
    const unsolicited = () =>
      postAcs(
        ids.a,
        { SAMLResponse: Buffer.from(idp.response({ inResponseTo: null, nameId: 'boss@acme.example' })).toString('base64') },
        undefined,
      );
    expect((await unsolicited()).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    const refusal = await lastRefusal(ids.a);
    expect(refusal).toMatchObject({ reasonCode: 'SAML_UNSOLICITED' });
    // The event tells what the list tells, and nothing of the Response itself.
    const event = await expectRefusalRecorded(t, ids.a, refusal as { reasonCode: string; reason: string });
    expect(JSON.stringify(event)).not.toMatch(/<|Assertion|boss@acme\.example/);
    expect((await admin('PATCH', `/sso-connection/${ids.a}`, { samlIdpInitiated: true })).json().connection.saml.idpInitiated).toBe(true);
    const sessionsBefore = (await t.database.db.select().from(sessions)).length;
    const res = await unsolicited();
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string).origin + new URL(res.headers.location as string).pathname).toBe(`${served.url}/sso`);
    expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'sso-saml-state')?.value).toBeTruthy();
    expect((await t.database.db.select().from(sessions)).length).toBe(sessionsBefore);
    await admin('PATCH', `/sso-connection/${ids.a}`, { samlIdpInitiated: false });
  });

  it('Test connection runs the round trip for the admin, opens no session and keeps what arrived', async () => {
    const test = await admin('POST', `/sso-connection/${ids.a}/test`);
    const cookie = test.cookies.find((c) => c.name === 'sso-saml-state')!;
    served.nextNameId.value = 'boss@acme.example';
    const page = await (await fetch(test.json().url)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
    const res = await postAcs(ids.a, { SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') }, cookie.value);
    expect(res.headers.location).toBe(`/single-sign-on?test=${ids.a}`);
    expect(res.cookies.find((c) => c.name === ID_TOKEN_COOKIE)).toBeUndefined();
    const result = (await admin('GET', `/sso-connection/${ids.a}/test`)).json().test;
    expect(result).toMatchObject({ outcome: 'passed', profile: { email: 'boss@acme.example', existing: true } });
    expect(result.claims).toMatchObject({ email: 'boss@acme.example' });
  });

  it('rotates certificates without an outage: both trusted, then the old one removed; the refusal names both fingerprints', async () => {
    const oldKey = makeSigningKey();
    const newKey = makeSigningKey({ commonName: 'Next IdP key' });
    const rotating = createSamlIdp({ ...spOf(ids.rotation), entityId: 'https://idp.rotation.example', key: oldKey });
    const uploaded = await admin('PUT', `/sso-connection/${ids.rotation}/saml/metadata`, {
      source: 'upload',
      xml: rotating.metadata({ ssoUrl: 'https://idp.rotation.example/sso' }),
    });
    expect(uploaded.json().connection.saml.metadataUrl).toBeNull();
    await admin('PATCH', `/sso-connection/${ids.rotation}`, { enabled: true });
    const signedBy = async (key: typeof oldKey) => {
      const round = await started(ids.rotation);
      return post(ids.rotation, round, rotating.response({ inResponseTo: round.requestId, nameId: 'boss@acme.example', key }));
    };
    expect((await signedBy(newKey)).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    expect((await lastRefusal(ids.rotation))?.reasonCode).toBe('SAML_UNTRUSTED_CERTIFICATE');

    const added = await admin('POST', `/sso-connection/${ids.rotation}/saml/certificates`, { certificate: newKey.certPem });
    expect(added.json().connection.saml.certificates.map((c: { source: string }) => c.source)).toEqual(['metadata', 'manual']);
    expect((await signedBy(oldKey)).headers.location).toMatch(/^\/auth\/oidc\/success/);
    expect((await signedBy(newKey)).headers.location).toMatch(/^\/auth\/oidc\/success/);

    const removed = await admin('DELETE', `/sso-connection/${ids.rotation}/saml/certificate/${encodeURIComponent(oldKey.fingerprint)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await signedBy(newKey)).headers.location).toMatch(/^\/auth\/oidc\/success/);
    expect((await signedBy(oldKey)).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
    const refusal = await lastRefusal(ids.rotation);
    expect(refusal?.reasonCode).toBe('SAML_UNTRUSTED_CERTIFICATE');
    expect(refusal?.reason).toContain(oldKey.fingerprint);
    expect(refusal?.reason).toContain(newKey.fingerprint);
    // Recorded as the list keeps it: the fingerprints, not the certificate or the signed Response.
    const event = await expectRefusalRecorded(t, ids.rotation, refusal as { reasonCode: string; reason: string });
    expect(JSON.stringify(event)).not.toMatch(/BEGIN CERTIFICATE|<|SignatureValue/);
    // The last trusted certificate stays: a connection that trusts none signs no one in.
    const last = await admin('DELETE', `/sso-connection/${ids.rotation}/saml/certificate/${encodeURIComponent(newKey.fingerprint)}`);
    expect(last.json().code).toBe('SSO_CONNECTION_INCOMPLETE');
  });

  it('refuses metadata that is not an identity provider’s, and a metadata URL on a private address', async () => {
    const bad = await admin('PUT', `/sso-connection/${ids.rotation}/saml/metadata`, { source: 'upload', xml: '<x/>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('SAML_METADATA_INVALID');
    const dtd = await admin('PUT', `/sso-connection/${ids.rotation}/saml/metadata`, {
      source: 'upload',
      xml: '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>',
    });
    expect(dtd.json().code).toBe('SAML_METADATA_INVALID');
    const internal = await admin('PUT', `/sso-connection/${ids.rotation}/saml/metadata`, {
      source: 'url',
      url: 'https://10.0.0.1/metadata',
    });
    expect(internal.json().code).toBe('SSO_ISSUER_INVALID');
  });

  it('reads the metadata again every day; a failed read keeps the last good copy and says why', async () => {
    const other = await createSamlIdp({ ...spOf(ids.a), entityId: 'https://idp.acme.example/saml' }).serve();
    await admin('PUT', `/sso-connection/${ids.a}/saml/metadata`, { source: 'url', url: `${other.url}/metadata` });
    await other.close();
    expect(await t.app.services.samlSettings.refreshAll()).toMatchObject({ failed: 1 });
    const failed = (await admin('GET', `/sso-connection/${ids.a}`)).json().connection.saml;
    expect(failed.metadataError).toMatch(/could not be read/);
    expect(failed.metadataFailedAt).not.toBeNull();
    expect(failed.certificates).toHaveLength(1);
    // Back at the first identity provider's address: read, and the failure is gone.
    await t.database.db
      .update(ssoConnections)
      .set({ samlMetadataUrl: `${served.url}/metadata` })
      .where(eq(ssoConnections.id, ids.a));
    expect(await t.app.services.samlSettings.refreshAll()).toMatchObject({ read: 1 });
    const read = (await admin('GET', `/sso-connection/${ids.a}`)).json().connection.saml;
    expect(read).toMatchObject({ metadataError: null, metadataFailedAt: null, certificates: [{ fingerprint: idp.key.fingerprint }] });
  });
});
