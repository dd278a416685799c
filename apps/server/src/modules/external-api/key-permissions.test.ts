/**
 * An access key's permissions (docs/decisions/069-access-key-permissions-and-integrations.md),
 * on both databases: made with the key or changed later by an Organizational Admin, shown with
 * it, recorded as events, and enforced on the external API before a call's input is read.
 * The authorization matrix walks every call at every level; this file follows one key.
 */
import { type AccessKeyAreaLevels, NO_AREAS } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('access key permissions', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId = '';
  let idToken = '';
  const usersRead: AccessKeyAreaLevels = { ...NO_AREAS, users: 'read' };

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createOrganization(t.database.db);
    orgId = org.id;
    const a = await createUser(t.database.db, org.id, { displayName: 'Ada Admin' });
    admin = await signIn(t, a.email!);
    idToken = await idTokenFor(t, a.email!);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/integrations', headers: admin.headers, payload });
  const update = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/integration/${id}`, headers: admin.headers, payload });
  const api = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { apiKey, authorization: `Bearer ${idToken}` }, payload });
  const newUser = (n: string) => ({ email: `perm.${n}.${Date.now()}@example.com`, displayName: `Perm ${n}` });

  it('gives full access to a key made without permissions, and keeps the ones chosen', async () => {
    const full = await create({ name: 'Full' });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json().integration.permissions).toBe('full');
    const chosen = await create({ name: 'HR sync', permissions: usersRead });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().integration.permissions).toEqual(usersRead);
    const list = await t.app.inject({ url: '/api/integrations', headers: admin.headers });
    const byName = Object.fromEntries(
      (list.json().integrations as { name: string; permissions: unknown }[]).map((k) => [k.name, k.permissions]),
    );
    expect(byName).toEqual({ Full: 'full', 'HR sync': usersRead });
    const [created] = await eventsOf(t.database.db, { action: 'access_key.created', targetId: chosen.json().integration.id });
    expect(created.data).toEqual({ permissions: usersRead, actsAlone: false });
  });

  it('refuses a read-only key every write of its area and every other area, naming the missing permission, and allows its reads', async () => {
    const { accessKey } = (await create({ name: 'Reader', permissions: usersRead })).json();
    expect((await api(accessKey, 'GET', '/users')).statusCode).toBe(200);
    // A body that is not even a user: refused before it is read.
    const write = await api(accessKey, 'POST', '/users', { email: 42 });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'ACCESS_KEY_PERMISSION_DENIED',
      message: 'This access key may not write users: it has users: read.',
      details: { area: 'users', needed: 'write', has: 'read' },
    });
    const other = await api(accessKey, 'GET', '/workflows');
    expect([other.statusCode, other.json().message]).toEqual([403, 'This access key may not read workflows: it has workflows: none.']);
    const webhooks = await api(accessKey, 'GET', '/webhooks');
    expect([webhooks.statusCode, webhooks.json().message]).toEqual([403, 'This access key may not read webhooks: it has webhooks: none.']);
  });

  it('records a change of permissions as its own event, applies it at the next call, and keeps them through a rename', async () => {
    const { integration, accessKey } = (await create({ name: 'Sync', permissions: usersRead })).json();
    expect((await api(accessKey, 'POST', '/users', newUser('a'))).statusCode).toBe(403);

    const usersWrite = { ...usersRead, users: 'write' };
    const changed = await update(integration.id, { name: 'Sync', permissions: usersWrite });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().integration.permissions).toEqual(usersWrite);
    const created = await api(accessKey, 'POST', '/users', newUser('b'));
    expect(created.statusCode, created.body).toBe(201);

    // A rename leaves them as they are; full access is a permission like another.
    const renamed = await update(integration.id, { name: 'Nightly sync', description: 'HR' });
    expect(renamed.json().integration.permissions).toEqual(usersWrite);
    await update(integration.id, { name: 'Nightly sync', description: 'HR', permissions: 'full' });
    expect((await api(accessKey, 'GET', '/workflows')).statusCode).toBe(200);

    const events = await eventsOf(t.database.db, { organizationId: orgId, targetId: integration.id });
    expect(events.map((e) => e.action)).toEqual([
      'access_key.created',
      'access_key.permissions_changed',
      'access_key.updated',
      'access_key.permissions_changed',
    ]);
    expect(events[1].data).toEqual({ before: usersRead, after: usersWrite });
    expect(events[1].actor).toMatchObject({ type: 'user', name: 'Ada Admin' });
    expect(events[3].data).toEqual({ before: usersWrite, after: 'full' });
  });

  it("leaves a key's permissions untouched when its change is refused", async () => {
    const { integration } = (await create({ name: 'Kept', permissions: usersRead })).json();
    const bad = await update(integration.id, { name: 'Kept', permissions: { ...usersRead, billing: 'write' } });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const level = await update(integration.id, { name: 'Kept', permissions: { ...usersRead, users: 'admin' } });
    expect(level.statusCode).toBe(400);
    const list = await t.app.inject({ url: '/api/integrations?limit=100', headers: admin.headers });
    const kept = (list.json().integrations as { id: string; permissions: unknown }[]).find((k) => k.id === integration.id);
    expect(kept?.permissions).toEqual(usersRead);
    expect(await eventsOf(t.database.db, { action: 'access_key.permissions_changed', targetId: integration.id })).toEqual([]);
  });
});
