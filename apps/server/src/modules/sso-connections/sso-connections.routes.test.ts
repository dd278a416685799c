/**
 * The Single sign-on screen's calls: an organization's connections, their events, the secret
 * never answered, bad input refused, and the last connection that signs people in kept while
 * "SSO login only" is on.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createSsoConnection, createUser } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const SECRET = 'the-providers-client-secret-XYZW';

describe('single sign-on connections', () => {
  let t: TestApp;
  let admin: SignedIn;
  let other: SignedIn;
  let staff: SignedInStaff;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://console.example' } });
    const org = await createOrganization(t.database.db);
    orgId = org.id;
    const otherOrg = await createOrganization(t.database.db);
    admin = await signIn(t, (await createUser(t.database.db, org.id)).email!);
    other = await signIn(t, (await createUser(t.database.db, otherOrg.id)).email!);
    staff = await signInStaff(t, { roles: ['read'] });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedIn = admin, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined && { payload }) });
  const body = { kind: 'oidc', name: 'Okta', issuer: 'https://login.acme.example/', clientId: 'console', clientSecret: SECRET };

  it('creates, reads, changes, rotates and deletes a connection, each an event without the secret', async () => {
    const created = await call('POST', '/api/sso-connections', admin, body);
    expect(created.statusCode).toBe(201);
    const connection = created.json().connection;
    expect(connection).toMatchObject({
      kind: 'oidc',
      name: 'Okta',
      issuer: 'https://login.acme.example',
      clientSecretLast4: 'XYZW',
      enabled: false,
      jit: false,
      jitRole: 'viewer',
      callbackUrl: `https://console.example/api/auth/sso/connections/${connection.id}/callback`,
    });
    expect(created.body).not.toContain(SECRET);
    const id = connection.id;
    expect((await call('GET', '/api/sso-connections')).json()).toMatchObject({ total: 1, connections: [{ id }] });
    const changed = await call('PATCH', `/api/sso-connection/${id}`, admin, {
      enabled: true,
      jit: true,
      groupRoles: [{ group: 'Editors', role: 'publisher' }],
    });
    expect(changed.json().connection).toMatchObject({ enabled: true, jit: true, groupRoles: [{ group: 'Editors', role: 'publisher' }] });
    const rotated = await call('POST', `/api/sso-connection/${id}/secret`, admin, { clientSecret: 'a-brand-new-secret-9876' });
    expect(rotated.json().connection.clientSecretLast4).toBe('9876');
    expect((await call('GET', `/api/sso-connection/${id}/refusals`)).json()).toEqual({ refusals: [] });
    expect((await call('GET', `/api/sso-connection/${id}/test`)).json()).toEqual({ test: null });
    // Staff read it on the organization's page; another organization's admin finds nothing.
    const read = await t.app.inject({ url: `/api/organization/${orgId}/sso-connections`, headers: staff.headers });
    expect(read.json().connections).toHaveLength(1);
    expect((await call('GET', `/api/sso-connection/${id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/sso-connection/${id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/sso-connection/${id}`)).json().removedConnection.id).toBe(id);
    const events = await eventsOf(t.database.db, { organizationId: orgId, action: 'sso_connection.%' });
    expect(events.map((e) => e.action)).toEqual([
      'sso_connection.created',
      'sso_connection.updated',
      'sso_connection.secret_rotated',
      'sso_connection.deleted',
    ]);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(events)).not.toContain('a-brand-new-secret');
  });

  it('refuses issuers the console may not call, and Organizational Admin as a first-arrival role, changing nothing', async () => {
    for (const [issuer, reason] of [
      ['http://login.acme.example', 'not_https'],
      ['https://10.1.2.3', 'private_address'],
      ['https://localhost:8443', 'private_address'],
      ['https://user:pw@login.acme.example', 'credentials'],
    ]) {
      const res = await call('POST', '/api/sso-connections', admin, { ...body, issuer });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SSO_ISSUER_INVALID', details: { reason } });
    }
    const admins = await call('POST', '/api/sso-connections', admin, { ...body, jitRole: 'org_admin' });
    expect(admins.statusCode).toBe(400);
    const mapped = await call('POST', '/api/sso-connections', admin, { ...body, groupRoles: [{ group: 'IT', role: 'org_admin' }] });
    expect(mapped.statusCode).toBe(400);
    expect((await call('GET', '/api/sso-connections')).json().total).toBe(0);
  });

  it('keeps a SAML connection disabled until its identity provider is set up', async () => {
    const created = await call('POST', '/api/sso-connections', admin, { kind: 'saml', name: 'ADFS' });
    expect(created.statusCode).toBe(201);
    expect(created.json().connection).toMatchObject({ kind: 'saml', samlConfigured: false, issuer: null, clientSecretLast4: null });
    const id = created.json().connection.id;
    const enabled = await call('PATCH', `/api/sso-connection/${id}`, admin, { enabled: true });
    expect(enabled.statusCode).toBe(409);
    expect(enabled.json().code).toBe('SSO_CONNECTION_INCOMPLETE');
    expect((await call('POST', `/api/sso-connection/${id}/secret`, admin, { clientSecret: 'x' })).statusCode).toBe(409);
    expect((await call('GET', `/api/sso-connection/${id}`)).json().connection.enabled).toBe(false);
  });

  describe('while "SSO login only" is on', () => {
    /** An organization whose connections `signedIn` (enabled, someone signed in through each) and `unproven`, with "SSO login only" turned on by staff. */
    async function ssoOnlyOrganization(signedIn: number) {
      const db = t.database.db;
      const org = await createOrganization(db);
      // Signed in through a connection, as people of such an organization are: a password session would end.
      const boss = await signInWithProvider(t, (await createUser(db, org.id, { signInProvider: 'oidc' })).email!, 'oidc');
      const proven = [];
      for (let i = 0; i < signedIn; i += 1) proven.push((await createSsoConnection(db, org.id, { lastSignInAt: new Date() })).id);
      const unproven = (await createSsoConnection(db, org.id)).id;
      const editor = await signInStaff(t, { roles: ['read', 'update'] });
      const turn = (value: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/organization/${org.id}/settings/ssoLoginOnly`,
          headers: editor.headers,
          payload: { value },
        });
      expect((await turn(true)).statusCode).toBe(200);
      return { org, boss, proven, unproven, turn };
    }

    it('keeps the last enabled connection someone signed in through: disabling or deleting it is refused, changing nothing', async () => {
      const { org, boss, proven, unproven, turn } = await ssoOnlyOrganization(2);
      const [first, last] = proven;
      // One of two goes, the other still signs people in; one nobody signed in through goes freely.
      expect((await call('PATCH', `/api/sso-connection/${first}`, boss, { enabled: false })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/sso-connection/${unproven}`, boss)).statusCode).toBe(200);

      const recorded = (await eventsOf(t.database.db, { organizationId: org.id })).length;
      const disabling = await call('PATCH', `/api/sso-connection/${last}`, boss, { enabled: false });
      expect(disabling.statusCode).toBe(409);
      expect(disabling.json()).toMatchObject({ code: 'SSO_LOGIN_ONLY_LAST_CONNECTION' });
      expect(disabling.json().message).toMatch(/Ask support to turn "SSO login only" off first/);
      const deleting = await call('DELETE', `/api/sso-connection/${last}`, boss);
      expect(deleting.statusCode).toBe(409);
      expect(deleting.json().code).toBe('SSO_LOGIN_ONLY_LAST_CONNECTION');
      expect((await call('GET', `/api/sso-connection/${last}`, boss)).json().connection).toMatchObject({ enabled: true });
      expect(await eventsOf(t.database.db, { organizationId: org.id })).toHaveLength(recorded);
      // Its other changes go on.
      expect((await call('PATCH', `/api/sso-connection/${last}`, boss, { name: 'Okta (main)' })).statusCode).toBe(200);

      // Another connection that has signed someone in takes its place: then it may go.
      expect((await call('PATCH', `/api/sso-connection/${first}`, boss, { enabled: true })).statusCode).toBe(200);
      expect((await call('PATCH', `/api/sso-connection/${last}`, boss, { enabled: false })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/sso-connection/${first}`, boss)).statusCode).toBe(409);
      // Once staff turn "SSO login only" off, nothing holds it.
      expect((await turn(false)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/sso-connection/${first}`, boss)).statusCode).toBe(200);
    });

    it('lets only one of two admins take away the last two such connections at once', async () => {
      const { boss, proven } = await ssoOnlyOrganization(2);
      const answers = await Promise.all([
        call('PATCH', `/api/sso-connection/${proven[0]}`, boss, { enabled: false }),
        call('DELETE', `/api/sso-connection/${proven[1]}`, boss),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const left = (await call('GET', '/api/sso-connections', boss)).json().connections as { id: string; enabled: boolean }[];
      expect(left.filter((c) => proven.includes(c.id) && c.enabled)).toHaveLength(1);
    });
  });
});
