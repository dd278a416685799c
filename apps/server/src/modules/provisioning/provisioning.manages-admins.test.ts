/**
 * The Provisioning setting that lets the identity provider change Organizational Admins:
 * off until an Organizational Admin turns it on, changed only by its own call (never by
 * saving the defaults of new users), each change an audit row of its own, written in the
 * change's transaction, and the SCIM service's next call follows it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimConfigs, users } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PATCH_SCHEMA, scimClient } from './scim.fixtures.js';

describe('who may change Organizational Admins through provisioning', () => {
  let t: TestApp;
  let admin: SignedIn;
  let adminId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    orgId = (await createOrganization(db)).id;
    const made = await createUser(db, orgId);
    adminId = made.id;
    admin = await signIn(t, made.email!);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined && { payload: payload as object }) });
  const setManagesAdmins = (value: unknown, headers?: Record<string, string>) =>
    call('PUT', '/provisioning/config/managesAdmins', { managesAdmins: value }, headers);
  const stored = async (organizationId = orgId) =>
    (await t.database.db.select().from(scimConfigs).where(eq(scimConfigs.organizationId, organizationId)))[0]?.managesAdmins;
  const auditRows = (organizationId = orgId) => eventsOf(t.database.db, { organizationId, action: 'scim.manages_admins.changed' });

  it('is off at first', async () => {
    const response = await call('GET', '/provisioning');
    expect(response.statusCode).toBe(200);
    expect(response.json().config).toEqual({
      defaultRole: 'viewer',
      defaultWorkspaceIds: [],
      sendInvitations: false,
      managesAdmins: false,
    });
    expect(await stored()).toBeUndefined();
  });

  it('is turned on and off, each change an event of who changed it from what to what; the same value again records nothing', async () => {
    const on = await setManagesAdmins(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ managesAdmins: true });
    expect((await call('GET', '/provisioning')).json().config.managesAdmins).toBe(true);
    expect(await stored()).toBe(true);
    // Saved on its own, the defaults of new users keep theirs.
    expect((await call('GET', '/provisioning')).json().config).toMatchObject({ defaultRole: 'viewer', sendInvitations: false });

    expect((await setManagesAdmins(true)).json()).toEqual({ managesAdmins: true });
    const off = await setManagesAdmins(false);
    expect(off.json()).toEqual({ managesAdmins: false });
    expect(await stored()).toBe(false);

    const rows = await auditRows();
    expect(rows.map((r) => r.data)).toEqual([
      { before: false, after: true },
      { before: true, after: false },
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        actor: { type: 'user', id: adminId, ip: '127.0.0.1' },
        targets: [{ type: 'organization', id: orgId }],
        occurredAt: expect.any(String),
      });
  });

  it('is not changed by saving the defaults of new users, whatever their body says', async () => {
    const before = (await auditRows()).length;
    const defaults = { defaultRole: 'publisher', defaultWorkspaceIds: [], sendInvitations: true };
    const saved = await call('PUT', '/provisioning/config', { ...defaults, managesAdmins: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ config: defaults });
    expect(await stored()).toBe(false);

    // Turned on, it stays on when a form loaded before saves the defaults again.
    await setManagesAdmins(true);
    await call('PUT', '/provisioning/config', { ...defaults, sendInvitations: false, managesAdmins: false });
    expect(await stored()).toBe(true);
    expect((await call('GET', '/provisioning')).json().config).toEqual({ ...defaults, sendInvitations: false, managesAdmins: true });
    expect(await auditRows()).toHaveLength(before + 1);
    await setManagesAdmins(false);
  });

  it('records one change when two requests turn it on at once', async () => {
    const before = (await auditRows()).length;
    const answers = await Promise.all([setManagesAdmins(true), setManagesAdmins(true)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.data).toEqual({ before: false, after: true });
    await setManagesAdmins(false);
  });

  it('is not changed when its event cannot be recorded', async () => {
    const { db } = t.database;
    const before = (await auditRows()).length;
    await db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger refuse_audit before insert on events for each row execute function refuse_audit()`);
    try {
      expect((await setManagesAdmins(true)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_audit on events`);
      await db.execute(sql`drop function refuse_audit()`);
    }
    expect(await stored()).toBe(false);
    expect(await auditRows()).toHaveLength(before);
  });

  it('decides, from the next SCIM call on, whether the identity provider may deactivate an Organizational Admin', async () => {
    const { db } = t.database;
    const otherAdmin = await createUser(db, orgId);
    const secret = (await call('POST', '/provisioning/tokens', { name: 'Okta' })).json().secret as string;
    const scim = scimClient(t, secret);
    const deactivate = () =>
      scim('PATCH', `/Users/${otherAdmin.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'active', value: false }] });

    const refused = await deactivate();
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/Organizational Admin.*Provisioning screen/);
    expect((await db.select().from(users).where(eq(users.id, otherAdmin.id)))[0].disabledAt).toBeNull();

    await setManagesAdmins(true);
    expect((await deactivate()).status).toBe(200);
    expect((await db.select().from(users).where(eq(users.id, otherAdmin.id)))[0].disabledAt).not.toBeNull();
    await setManagesAdmins(false);
  });

  it('refuses a body that is not one boolean, changing nothing', async () => {
    const before = (await auditRows()).length;
    for (const body of [{}, { managesAdmins: 'true' }, { managesAdmins: 1 }, { managesAdmins: null }]) {
      const response = await call('PUT', '/provisioning/config/managesAdmins', body);
      expect(response.statusCode).toBe(400);
    }
    expect(await stored()).toBe(false);
    expect(await auditRows()).toHaveLength(before);
  });

  it('is only for an Organizational Admin, of their own organization, with the CSRF header', async () => {
    const { db } = t.database;
    const before = (await auditRows()).length;
    // Signed in as an admin, then made a publisher: the next request is judged by the new role.
    const made = await createUser(db, orgId);
    const publisher = await signIn(t, made.email!);
    await db.update(users).set({ role: 'publisher' }).where(eq(users.id, made.id));
    const { cookie } = admin.headers;

    expect((await setManagesAdmins(true, {})).statusCode).toBe(401);
    expect((await setManagesAdmins(true, publisher.headers)).statusCode).toBe(403);
    expect((await setManagesAdmins(true, { cookie })).json().code).toBe('CSRF');
    expect(await stored()).toBe(false);
    expect(await auditRows()).toHaveLength(before);

    // Another organization's admin changes their own organization, never this one.
    const otherOrgId = (await createOrganization(db)).id;
    const other = await signIn(t, (await createUser(db, otherOrgId)).email!);
    expect((await setManagesAdmins(true, other.headers)).statusCode).toBe(200);
    expect(await stored(otherOrgId)).toBe(true);
    expect(await stored()).toBe(false);
    expect(await auditRows(otherOrgId)).toHaveLength(1);
    expect(await auditRows()).toHaveLength(before);
  });
});
