/**
 * An identity provider cannot take over the console: its SCIM token cannot deactivate,
 * reactivate, delete, rename, re-address or re-identify an Organizational Admin unless the
 * organization lets it manage them, nor a staff member ever; it provisions no address of the provider's staff
 * domain and makes no one an Organizational Admin. Each refusal is SCIM's 403 or 400 with
 * the reason, changes nothing, and the admin still signs in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scimConfigs, scimEvents, users } from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, PATCH_SCHEMA, scimClient, scimOrganization, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';

describe('Organizational Admins and staff are out of the identity provider reach', () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let acme: Awaited<ReturnType<typeof scimOrganization>>;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await scimOrganization(t);
    scim = scimClient(t, acme.token);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(scimConfigs).where(eq(scimConfigs.organizationId, acme.org.id));
  });

  const patch = (id: string, operations: unknown[]) => scim('PATCH', `/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: operations });
  const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  it('refuses to deactivate, delete, rename or re-address an Organizational Admin, with the reason', async () => {
    const admin = await createUser(t.database.db, acme.org.id, { role: 'org_admin', displayName: 'Ada Admin' });
    const before = await row(admin.id);
    const attacker = uniqueEmail('attacker');
    const attempts = [
      () => patch(admin.id, [{ op: 'replace', path: 'active', value: false }]),
      () => patch(admin.id, [{ op: 'Replace', path: 'active', value: 'False' }]),
      () => patch(admin.id, [{ op: 'replace', value: { active: false } }]),
      () => scim('PUT', `/Users/${admin.id}`, { schemas: [USER_SCHEMA], userName: admin.email, active: false }),
      () => patch(admin.id, [{ op: 'replace', path: 'userName', value: attacker }]),
      () => scim('PUT', `/Users/${admin.id}`, { schemas: [USER_SCHEMA], userName: attacker }),
      () =>
        patch(admin.id, [
          { op: 'replace', path: 'userName', value: 'ada-login' },
          { op: 'add', path: 'emails', value: [{ value: attacker, type: 'work' }] },
        ]),
      () => scim('DELETE', `/Users/${admin.id}`),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status, `${attempt} ${JSON.stringify(response.body)}`).toBe(403);
      expect(response.body.schemas).toEqual([ERROR_SCHEMA]);
      expect(response.body.detail).toMatch(/Organizational Admin/);
    }
    expect(await row(admin.id)).toEqual(before);
    expect((await signIn(t, admin.email!)).user.email).toBe(admin.email);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: attacker, password: 'Abcdefgh-1!' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const events = await t.database.db.select().from(scimEvents).where(eq(scimEvents.resourceId, admin.id));
    expect(events.filter((e) => e.kind === 'refused' && e.status === 403)).toHaveLength(attempts.length);
  });

  /** Every write SCIM Users take that would change who an admin is or whether they may sign in. */
  const reachingWrites = (admin: { id: string; email: string | null }, active: boolean) => {
    const other = uniqueEmail('other');
    const put = (changes: Record<string, unknown>) =>
      scim('PUT', `/Users/${admin.id}`, { schemas: [USER_SCHEMA], userName: admin.email, active, displayName: 'Test User', ...changes });
    return {
      'PATCH active': () => patch(admin.id, [{ op: 'replace', path: 'active', value: !active }]),
      'PATCH active (no path)': () => patch(admin.id, [{ op: 'replace', value: { active: !active } }]),
      'PATCH userName': () => patch(admin.id, [{ op: 'replace', path: 'userName', value: other }]),
      'PATCH work e-mail': () => patch(admin.id, [{ op: 'replace', path: 'emails[type eq "work"].value', value: other }]),
      'PATCH displayName': () => patch(admin.id, [{ op: 'replace', path: 'displayName', value: 'Someone Else' }]),
      'PATCH name.givenName': () => patch(admin.id, [{ op: 'replace', path: 'name.givenName', value: 'Someone' }]),
      'PATCH name.familyName': () => patch(admin.id, [{ op: 'replace', path: 'name.familyName', value: 'Else' }]),
      'PATCH name.formatted': () => patch(admin.id, [{ op: 'replace', path: 'name.formatted', value: 'Someone Else' }]),
      'PATCH externalId': () => patch(admin.id, [{ op: 'add', path: 'externalId', value: 'idp-1234' }]),
      'PUT active': () => put({ active: !active }),
      'PUT userName': () => put({ userName: other }),
      'PUT displayName': () => put({ displayName: 'Someone Else' }),
      'PUT externalId': () => put({ externalId: 'idp-1234' }),
      DELETE: () => scim('DELETE', `/Users/${admin.id}`),
    };
  };

  for (const state of ['enabled', 'disabled'] as const) {
    it(`refuses every write that would change an Organizational Admin (${state}), with the reason`, async () => {
      const admin = await createUser(t.database.db, acme.org.id, {
        role: 'org_admin',
        displayName: 'Test User',
        disabledAt: state === 'disabled' ? new Date('2026-11-01T00:00:00Z') : null,
      });
      const before = await row(admin.id);
      const writes = Object.entries(reachingWrites(admin, state === 'enabled'));
      for (const [name, write] of writes) {
        const response = await write();
        expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(403);
        expect(response.body.schemas).toEqual([ERROR_SCHEMA]);
        expect(response.body.detail, name).toMatch(/Organizational Admin/);
      }
      expect(await row(admin.id)).toEqual(before);
      const events = await t.database.db.select().from(scimEvents).where(eq(scimEvents.resourceId, admin.id));
      expect(events.filter((e) => e.kind === 'refused' && e.status === 403)).toHaveLength(writes.length);
    });
  }

  it('says a disabled admin cannot be reactivated, and reads them as they are', async () => {
    const admin = await createUser(t.database.db, acme.org.id, { role: 'org_admin', disabledAt: new Date('2026-11-01T00:00:00Z') });
    const response = await patch(admin.id, [{ op: 'replace', path: 'active', value: true }]);
    expect(response.status).toBe(403);
    expect(response.body.detail).toMatch(/cannot reactivate/);
    expect((await row(admin.id)).disabledAt).not.toBeNull();
    expect((await scim('GET', `/Users/${admin.id}`)).body.active).toBe(false);
  });

  it('does not take back an admin it deleted once the organization no longer lets it manage them', async () => {
    await t.database.db.insert(scimConfigs).values({ organizationId: acme.org.id, managesAdmins: true });
    const admin = await createUser(t.database.db, acme.org.id, { role: 'org_admin' });
    expect((await scim('DELETE', `/Users/${admin.id}`)).status).toBe(204);
    await t.database.db.update(scimConfigs).set({ managesAdmins: false }).where(eq(scimConfigs.organizationId, acme.org.id));
    const before = await row(admin.id);
    const response = await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: admin.email, active: true });
    expect(response.status).toBe(403);
    expect(response.body.detail).toMatch(/cannot reactivate/);
    expect(await row(admin.id)).toEqual(before);
  });

  it('lets the identity provider change what an admin does, and write them as they are, without touching who they are', async () => {
    const admin = await createUser(t.database.db, acme.org.id, { role: 'org_admin', displayName: 'Bea Admin' });
    const response = await patch(admin.id, [
      { op: 'replace', path: 'title', value: 'Head of Operations' },
      { op: 'replace', path: `${ENTERPRISE_SCHEMA}:department`, value: 'Operations' },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Head of Operations', active: true, userName: admin.email });
    const { id: _id, meta: _meta, groups: _groups, ...same } = response.body;
    expect((await scim('PUT', `/Users/${admin.id}`, same)).status).toBe(200);
    expect((await row(admin.id)).displayName).toBe('Bea Admin');
  });

  it('lets it manage admins where the organization allows it', async () => {
    await t.database.db.insert(scimConfigs).values({ organizationId: acme.org.id, managesAdmins: true });
    const admin = await createUser(t.database.db, acme.org.id, { role: 'org_admin' });
    expect((await patch(admin.id, [{ op: 'replace', path: 'active', value: false }])).status).toBe(200);
    expect((await row(admin.id)).disabledAt).not.toBeNull();
    const renamed = uniqueEmail('renamed-admin');
    expect((await patch(admin.id, [{ op: 'replace', path: 'userName', value: renamed }])).status).toBe(200);
    expect((await row(admin.id)).email).toBe(renamed);
    expect((await scim('DELETE', `/Users/${admin.id}`)).status).toBe(204);
  });

  it('never reaches staff, even where the organization lets it manage admins', async () => {
    await t.database.db.insert(scimConfigs).values({ organizationId: acme.org.id, managesAdmins: true });
    const staff = await createUser(t.database.db, acme.org.id, { role: 'viewer', allowedRoleTypes: ['read'], signInProvider: 'custom' });
    for (const response of [
      await patch(staff.id, [{ op: 'replace', path: 'active', value: false }]),
      await patch(staff.id, [{ op: 'replace', path: 'userName', value: uniqueEmail('not-staff') }]),
      await scim('DELETE', `/Users/${staff.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.detail).toMatch(/staff/);
    }
    expect((await row(staff.id)).disabledAt).toBeNull();
  });

  it("provisions no address of the provider's staff domain, as userName, work e-mail or by a change", async () => {
    const domain = t.deps.config.STAFF_EMAIL_DOMAIN;
    for (const body of [
      { schemas: [USER_SCHEMA], userName: `intruder@${domain}` },
      { schemas: [USER_SCHEMA], userName: `intruder@eu.${domain.toUpperCase()}` },
      { schemas: [USER_SCHEMA], userName: 'intruder-login', emails: [{ value: `intruder@${domain}`, type: 'work' }] },
      { schemas: [USER_SCHEMA], userName: uniqueEmail('worker'), emails: [{ value: `intruder@${domain}`, type: 'work' }] },
    ]) {
      const response = await scim('POST', '/Users', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toMatch(/staff/);
    }
    const worker = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: uniqueEmail('worker') })).body;
    const moved = await patch(worker.id, [{ op: 'replace', path: 'userName', value: `intruder@${domain}` }]);
    expect(moved.status).toBe(400);
    expect((await row(worker.id)).email).toBe(worker.userName);
  });

  it('makes no one an Organizational Admin, whatever the provisioning defaults hold', async () => {
    await t.database.db.insert(scimConfigs).values({ organizationId: acme.org.id, defaultRole: 'org_admin' });
    const created = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: uniqueEmail('promoted'),
      roles: [{ value: 'org_admin' }],
    });
    expect(created.status).toBe(201);
    expect((await row(created.body.id)).role).toBe('viewer');
  });
});
