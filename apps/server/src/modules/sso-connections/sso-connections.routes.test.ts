/** The Single sign-on screen's calls: an organization's connections, their events, the secret never answered, bad input refused. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff } from '../../test/sign-in.js';
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
});
