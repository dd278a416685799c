/**
 * Who may call SCIM, and what provisioning does to a user's access: a token opens one
 * organization and nothing else; a user deactivated by SCIM can neither sign in nor use
 * an open session or the external API from the next request, and reactivation restores
 * sign-in; new users get the organization's provisioning defaults and, when chosen, the
 * invitation e-mail (a real SMTP peer); every write and refusal is an event.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, scimConfigs, scimEvents, users, userWorkspaces } from '../../db/schema.js';
import { createScimToken, createWorkspace, TEST_PASSWORD } from '../../test/factories.js';
import { createMailTestApp, type MailTestApp } from '../../test/mail-test-app.js';
import { idTokenFor, signIn } from '../../test/sign-in.js';
import { createTestApp } from '../../test/test-app.js';
import { hashPassword } from '../auth/password.js';
import { ERROR_SCHEMA, PATCH_SCHEMA, SCIM, scimClient, scimOrganization, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';
import { generateScimToken } from './scim-token.js';

describe('SCIM access and its effect on sign-in', () => {
  let t: MailTestApp;
  let acme: Awaited<ReturnType<typeof scimOrganization>>;
  let globex: Awaited<ReturnType<typeof scimOrganization>>;
  let scim: ReturnType<typeof scimClient>;

  beforeAll(async () => {
    t = await createMailTestApp({ config: { API_UNKNOWN_KEY_RATE_LIMIT: '1000' } });
    acme = await scimOrganization(t);
    globex = await scimOrganization(t);
    scim = scimClient(t, acme.token);
  });
  afterAll(() => t.close());

  const raw = (authorization?: string) => t.app.inject({ url: `${SCIM}/Users`, headers: authorization ? { authorization } : {} });

  it('refuses a missing, malformed, unknown, revoked or expired token with 401 in SCIM format', async () => {
    const { db } = t.database;
    const revoked = await createScimToken(db, acme.org.id, { revokedAt: new Date() });
    const expired = await createScimToken(db, acme.org.id, { expiresAt: new Date(Date.now() - 1000) });
    for (const header of [
      undefined,
      'Bearer wfs_nonsense',
      `Bearer ${generateScimToken().secret}`,
      `Bearer ${revoked.secret}`,
      `Bearer ${expired.secret}`,
      `Basic ${acme.token}`,
    ]) {
      const response = await raw(header);
      expect(response.statusCode, header).toBe(401);
      expect(response.json(), header).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
      expect(response.headers['www-authenticate']).toContain('Bearer');
    }
    expect((await raw(`Bearer ${acme.token}`)).statusCode).toBe(200);
  });

  it("keeps each organization's users to its own token", async () => {
    const theirs = (await scimClient(t, globex.token)('POST', '/Users', { schemas: [USER_SCHEMA], userName: uniqueEmail('globex') })).body;
    expect((await scim('GET', `/Users/${theirs.id}`)).status).toBe(404);
    expect(
      (
        await scim('PATCH', `/Users/${theirs.id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        })
      ).status,
    ).toBe(404);
    expect((await scim('DELETE', `/Users/${theirs.id}`)).status).toBe(404);
    const [stillActive] = await t.database.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, theirs.id));
    expect(stillActive.disabledAt).toBeNull();
    const listed = (await scim('GET', '/Users')).body.Resources.map((u: { id: string }) => u.id);
    expect(listed).not.toContain(theirs.id);
  });

  it("gives new users the organization's default role and workspaces, and e-mails an invitation when chosen", async () => {
    const { db } = t.database;
    const workspace = await createWorkspace(db, acme.org.id, { name: 'Assembly' });
    await db
      .insert(scimConfigs)
      .values({ organizationId: acme.org.id, defaultRole: 'publisher', defaultWorkspaceIds: [workspace.id], sendInvitations: true });
    const userName = uniqueEmail('invited');
    const created = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName,
      name: { givenName: 'Ivy', familyName: 'Invited' },
      active: true,
    });
    expect(created.status).toBe(201);
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, created.body.id));
    expect(row.role).toBe('publisher');
    expect(await db.select().from(userWorkspaces).where(eq(userWorkspaces.userId, created.body.id))).toEqual([
      { userId: created.body.id, workspaceId: workspace.id },
    ]);
    await expect.poll(() => t.smtp.messages.filter((m) => m.to.includes(userName)).length).toBe(1);
    await db.delete(scimConfigs).where(eq(scimConfigs.organizationId, acme.org.id));
  });

  it('a user deactivated by SCIM cannot sign in, use a session or call the API; reactivated, signs in again', async () => {
    const { db } = t.database;
    const userName = uniqueEmail('leaver');
    const created = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName, active: true });
    // As if the user had accepted their invitation and been made an admin (the console admits admins only),
    // in an organization that lets its identity provider manage Organizational Admins.
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(TEST_PASSWORD), role: 'org_admin' })
      .where(eq(users.id, created.body.id));
    await db.insert(scimConfigs).values({ organizationId: acme.org.id, managesAdmins: true });
    const session = await signIn(t, userName);
    const idToken = await idTokenFor(t, userName);
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: (await signIn(t, acme.admin.email!)).headers,
        payload: { name: 'Sync', description: 'SCIM test' },
      })
    ).json().accessKey;
    const api = () => t.app.inject({ url: '/api/v1/workspaces', headers: { apikey: key, authorization: `Bearer ${idToken}` } });
    const me = () => t.app.inject({ url: '/api/auth/me', headers: session.headers });
    expect((await me()).statusCode).toBe(200);
    expect((await api()).statusCode).toBe(200);

    const off = await scim('PATCH', `/Users/${created.body.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);
    expect((await me()).statusCode).toBe(401);
    expect((await api()).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: userName, password: TEST_PASSWORD } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    await scim('PATCH', `/Users/${created.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: true } }] });
    expect((await signIn(t, userName)).user.email).toBe(userName);

    const kinds = await db
      .select({ kind: scimEvents.kind })
      .from(scimEvents)
      .where(and(eq(scimEvents.organizationId, acme.org.id), eq(scimEvents.resourceId, created.body.id)))
      .orderBy(scimEvents.at, scimEvents.id);
    expect(kinds.map((k) => k.kind)).toEqual(['created', 'deactivated', 'reactivated']);
    await db.delete(scimConfigs).where(eq(scimConfigs.organizationId, acme.org.id));
  });

  it('records refused writes with their reason', async () => {
    await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: acme.admin.email });
    const [event] = await t.database.db
      .select()
      .from(scimEvents)
      .where(and(eq(scimEvents.organizationId, acme.org.id), eq(scimEvents.kind, 'refused'), eq(scimEvents.method, 'POST')));
    expect(event).toMatchObject({
      resourceType: 'User',
      resourceName: acme.admin.email,
      method: 'POST',
      status: 409,
      reason: 'A user with this userName already exists.',
    });
  });

  it('refuses every call of a disabled organization with 403', async () => {
    await t.database.db.update(organizations).set({ disabledAt: new Date() }).where(eq(organizations.id, globex.org.id));
    const response = await raw(`Bearer ${globex.token}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '403' });
  });
});

describe('the OpenAPI reference', () => {
  it('documents /scim/v2 with its own bearer token', async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
      expect(
        Object.keys(doc.paths)
          .filter((p) => p.startsWith('/api/scim/v2'))
          .sort(),
      ).toEqual([
        '/api/scim/v2/Groups',
        '/api/scim/v2/Groups/{id}',
        '/api/scim/v2/ResourceTypes',
        '/api/scim/v2/Schemas',
        '/api/scim/v2/ServiceProviderConfig',
        '/api/scim/v2/Users',
        '/api/scim/v2/Users/{id}',
      ]);
      expect(doc.paths['/api/scim/v2/Users'].post.security).toEqual([{ scimToken: [] }]);
      expect(doc.components.securitySchemes.scimToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    } finally {
      await t.close();
    }
  });
});
