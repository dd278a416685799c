import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../test/factories.js';
import { signIn, signInWithProvider } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { requireOrgAdmin, requireStaff, safeRedirectPath } from './auth.js';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/es/keys?page=2#top')).toBe('/es/keys?page=2#top');
    expect(safeRedirectPath('/a/../super')).toBe('/super');
  });

  it('refuses other hosts, schemes and tricks browsers read as hosts', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\tevil',
      'dashboard',
      '',
      `/${'a'.repeat(2001)}`,
      42,
      undefined,
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
});

describe('the guards', () => {
  let t: TestApp;
  let orgAdmin: { email: string | null };
  let publisher: { email: string | null; id: string };
  let staffReader: { email: string | null };
  let staffEditor: { email: string | null };

  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get('/api/test/regular', { preHandler: requireOrgAdmin }, async (request) => ({ org: request.auth!.organizationId }));
        app.get('/api/test/super', { preHandler: requireStaff('read') }, async (request) => ({ who: request.auth!.email }));
        app.post('/api/test/super', { preHandler: requireStaff('update') }, async () => ({ changed: true }));
      },
    });
    const db = t.database.db;
    const org = await createOrganization(db);
    const staffOrg = await createOrganization(db, { isStaff: true });
    orgAdmin = await createUser(db, org.id);
    publisher = await createUser(db, org.id, { role: 'publisher' });
    staffReader = await createUser(db, staffOrg.id, {
      email: 'rita@workframe.io',
      role: 'viewer',
      allowedRoleTypes: ['read'],
      signInProvider: 'custom',
    });
    staffEditor = await createUser(db, staffOrg.id, {
      email: 'sam@workframe.io',
      role: 'org_admin',
      allowedRoleTypes: ['read', 'update'],
      signInProvider: 'custom',
    });
  });
  afterAll(() => t.close());

  it('lets an Organizational Admin into the regular area, not the Super area', async () => {
    const { headers } = await signIn(t, orgAdmin.email!);
    expect((await t.app.inject({ url: '/api/test/regular', headers })).statusCode).toBe(200);
    const superRes = await t.app.inject({ url: '/api/test/super', headers });
    expect(superRes.statusCode).toBe(403);
    expect(superRes.json().code).toBe('FORBIDDEN');
  });

  it('lets staff with read see the Super area but refuses its writes without update', async () => {
    const { headers } = await signInWithProvider(t, staffReader.email!, 'custom');
    expect((await t.app.inject({ url: '/api/test/super', headers })).json()).toEqual({ who: 'rita@workframe.io' });
    const write = await t.app.inject({ method: 'POST', url: '/api/test/super', headers });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Your staff role allows reading only.' });
    // A staff viewer is no Organizational Admin: the regular area is not theirs.
    expect((await t.app.inject({ url: '/api/test/regular', headers })).statusCode).toBe(403);
  });

  it('lets staff with update write in the Super area', async () => {
    const { headers } = await signInWithProvider(t, staffEditor.email!, 'google');
    expect((await t.app.inject({ method: 'POST', url: '/api/test/super', headers })).json()).toEqual({ changed: true });
  });

  it('treats staff signed in with a password as no staff (spec section 6)', async () => {
    const { headers } = await signInWithProvider(t, staffEditor.email!, 'password');
    expect((await t.app.inject({ url: '/api/test/super', headers })).statusCode).toBe(403);
  });

  it('refuses a staff write without the CSRF header before touching anything', async () => {
    const { sessionSecret } = await signInWithProvider(t, staffEditor.email!, 'custom');
    const res = await t.app.inject({ method: 'POST', url: '/api/test/super', headers: { cookie: `id-token=${sessionSecret}` } });
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'CSRF' });
  });

  it('never opens a session for a publisher, so no guard sees one', async () => {
    await expect(signIn(t, publisher.email!)).rejects.toThrow(/403/);
  });
});
