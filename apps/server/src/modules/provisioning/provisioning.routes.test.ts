/**
 * The Provisioning screen's calls: only an Organizational Admin of the organization, CSRF
 * on writes; a token's secret is answered once and stored hashed, works for SCIM at once,
 * keeps working for a roll's grace period and stops at a revocation; the defaults refuse
 * another organization's workspace and change nothing then; events are paged newest first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimConfigs, scimTokens, users } from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { scimClient, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';
import { hashScimToken } from './scim-token.js';

describe('the Provisioning screen’s calls', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId: string;
  let workspaceId: string;
  let foreignWorkspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://console.example.com' } });
    const { db } = t.database;
    const org = await createOrganization(db);
    orgId = org.id;
    workspaceId = (await createWorkspace(db, org.id, { name: 'Assembly' })).id;
    foreignWorkspaceId = (await createWorkspace(db, (await createOrganization(db)).id)).id;
    admin = await signIn(t, (await createUser(db, org.id)).email!);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = admin.headers,
  ) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined && { payload }) });

  it('refuses anyone but an Organizational Admin, and writes without the CSRF header', async () => {
    const { db } = t.database;
    // Signed in as an admin, then made a publisher: the next request is judged by the new role.
    const made = await createUser(db, orgId);
    const publisher = await signIn(t, made.email!);
    await db.update(users).set({ role: 'publisher' }).where(eq(users.id, made.id));
    expect((await call('GET', '/provisioning', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/provisioning', undefined, publisher.headers)).statusCode).toBe(403);
    const { cookie } = admin.headers as Record<string, string>;
    expect((await call('POST', '/provisioning/tokens', { name: 'Okta' }, { cookie })).json().code).toBe('CSRF');
  });

  it('shows the base URL, no token and the defaults at first', async () => {
    const response = await call('GET', '/provisioning');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      baseUrl: 'https://console.example.com/api/scim/v2',
      tokens: [],
      config: { defaultRole: 'viewer', defaultWorkspaceIds: [], sendInvitations: false, managesAdmins: false },
      workspaces: [{ id: workspaceId, name: 'Assembly' }],
      lastCallAt: null,
    });
  });

  it('creates a token whose secret is answered once, stored hashed, and works for SCIM; at most two', async () => {
    const created = await call('POST', '/provisioning/tokens', { name: 'Okta production' });
    expect(created.statusCode).toBe(201);
    const { token, secret } = created.json();
    expect(secret).toMatch(/^wfs_[0-9A-Za-z]{38}$/);
    expect(secret.startsWith(token.prefix)).toBe(true);
    const [stored] = await t.database.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(stored.tokenHash).toBe(hashScimToken(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify((await call('GET', '/provisioning')).json())).not.toContain(secret);

    expect((await scimClient(t, secret)('GET', '/Users')).status).toBe(200);
    expect((await call('GET', '/provisioning')).json().lastCallAt).not.toBeNull();

    expect((await call('POST', '/provisioning/tokens', { name: 'Entra ID production' })).statusCode).toBe(201);
    const third = await call('POST', '/provisioning/tokens', { name: 'OneLogin' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'SCIM_TOKEN_LIMIT_REACHED', details: { max: 2 } });
    // Make room for the next tests.
    for (const t2 of (await call('GET', '/provisioning')).json().tokens.slice(1)) await call('DELETE', `/provisioning/token/${t2.id}`);
  });

  it('rolls a token: the new secret works, the old one for its grace period; revoking stops it at once', async () => {
    const [current] = (await call('GET', '/provisioning')).json().tokens;
    const rolled = await call('POST', `/provisioning/token/${current.id}/roll`, { gracePeriod: '1h' });
    expect(rolled.statusCode).toBe(200);
    const { secret } = rolled.json();
    const tokens = (await call('GET', '/provisioning')).json().tokens;
    expect(tokens).toHaveLength(2);
    expect(tokens.find((x: { id: string }) => x.id === current.id).expiresAt).not.toBeNull();
    expect((await scimClient(t, secret)('GET', '/Users')).status).toBe(200);

    const revoked = await call('DELETE', `/provisioning/token/${rolled.json().token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await scimClient(t, secret)('GET', '/Users')).status).toBe(401);
    expect((await call('DELETE', `/provisioning/token/${rolled.json().token.id}`)).json().code).toBe('SCIM_TOKEN_NOT_FOUND');

    const rolledNow = await call('POST', `/provisioning/token/${current.id}/roll`, { gracePeriod: 'now' });
    expect(rolledNow.statusCode).toBe(200);
    expect((await call('GET', '/provisioning')).json().tokens.map((x: { id: string }) => x.id)).toEqual([rolledNow.json().token.id]);
  });

  it('saves the defaults, and refuses a workspace of another organization or org_admin, changing nothing', async () => {
    const good = { defaultRole: 'publisher', defaultWorkspaceIds: [workspaceId], sendInvitations: true };
    expect((await call('PUT', '/provisioning/config', good)).json()).toEqual({ config: good });
    const foreign = await call('PUT', '/provisioning/config', { ...good, defaultWorkspaceIds: [foreignWorkspaceId] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('SCIM_WORKSPACE_UNKNOWN');
    expect((await call('PUT', '/provisioning/config', { ...good, defaultRole: 'org_admin' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(scimConfigs).where(eq(scimConfigs.organizationId, orgId));
    expect(row).toMatchObject(good);
  });

  it('lists what provisioning did, newest first, a page at a time', async () => {
    const secret = (await call('POST', '/provisioning/tokens', { name: 'Okta' })).json().secret;
    const scim = scimClient(t, secret);
    const first = uniqueEmail('first');
    const created = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: first })).body;
    await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: first });
    await scim('DELETE', `/Users/${created.id}`);
    const page = (await call('GET', '/provisioning/events?limit=2')).json();
    expect(page.total).toBe(3);
    expect(page.events.map((e: { kind: string }) => e.kind)).toEqual(['deleted', 'refused']);
    expect(page.events[1]).toMatchObject({ resourceName: first, status: 409, reason: 'A user with this userName already exists.' });
    expect((await call('GET', '/provisioning/events?page=2&limit=2')).json().events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
    ]);
  });
});
