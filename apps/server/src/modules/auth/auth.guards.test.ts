import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, requireOrgAdmin, requireStaff } from '../../http/guards.js';
import { safeRedirectPath } from '../../http/redirects.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

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

  it('refuses paths whose locale prefix hides a protocol-relative URL', () => {
    for (const bad of ['/es//evil.example/phish', '/fr//evil.example', '/a/..//evil.example', '/es/%2f%2fevil.example', '/es/%5cevil']) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
});

describe('the guards', () => {
  let t: TestApp;
  let orgAdmin: { email: string | null };
  let publisher: { email: string | null; id: string };
  let staffReader: SignedInStaff;
  let staffEditor: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get('/api/test/regular', { onRequest: requireOrgAdmin }, async (request) => ({ org: authOf(request).organizationId }));
        app.get('/api/test/super', { onRequest: requireStaff('read') }, async (request) => ({ who: authOf(request).email }));
        app.post('/api/test/super', { onRequest: requireStaff('update') }, async () => ({ changed: true }));
      },
    });
    const db = t.database.db;
    const org = await createOrganization(db);
    orgAdmin = await createUser(db, org.id);
    publisher = await createUser(db, org.id, { role: 'publisher' });
    staffReader = await signInStaff(t, { roles: ['read'], email: 'rita@workframe.io' });
    staffEditor = await signInStaff(t, { roles: ['read', 'update'] });
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
    const { headers } = staffReader;
    expect((await t.app.inject({ url: '/api/test/super', headers })).json()).toEqual({ who: 'rita@workframe.io' });
    const write = await t.app.inject({ method: 'POST', url: '/api/test/super', headers });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Your staff role allows reading only.' });
    // A staff viewer is no Organizational Admin: the regular area is not theirs.
    expect((await t.app.inject({ url: '/api/test/regular', headers })).statusCode).toBe(403);
  });

  it('lets staff with update write in the Super area', async () => {
    const { headers } = await signInWithProvider(t, staffEditor.email, 'google');
    expect((await t.app.inject({ method: 'POST', url: '/api/test/super', headers })).json()).toEqual({ changed: true });
  });

  // Staff prove who they are through an identity provider or a one-time link, whichever (decision 027).
  for (const provider of ['google', 'microsoft', 'oidc', 'custom'] as const) {
    it(`lets staff signed in with ${provider} into the Super area, as staff`, async () => {
      const { headers, user } = await signInWithProvider(t, staffEditor.email, provider);
      expect(user).toMatchObject({ isStaff: true, signInProvider: provider });
      expect((await t.app.inject({ url: '/api/test/super', headers })).json()).toEqual({ who: staffEditor.email });
      expect((await t.app.inject({ method: 'POST', url: '/api/test/super', headers })).json()).toEqual({ changed: true });
      const me = await t.app.inject({ url: '/api/auth/me', headers });
      expect(me.json().user).toMatchObject({ isStaff: true, signInProvider: provider });
    });
  }

  it('treats staff signed in with a password as no staff (docs/product.md, "Roles and access")', async () => {
    const { headers } = await signInWithProvider(t, staffEditor.email, 'password');
    expect((await t.app.inject({ url: '/api/test/super', headers })).statusCode).toBe(403);
  });

  it('refuses a staff write without the CSRF header before touching anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/super',
      headers: { cookie: `id-token=${staffEditor.sessionSecret}` },
    });
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'CSRF' });
  });

  it('run before validation on every guarded module: a malformed request answers 401/403 unless the caller is let in', async () => {
    const admin = await signIn(t, orgAdmin.email!);
    const malformed = [
      { method: 'GET', url: '/api/auth/sessions?userId=nope', letIn: admin },
      { method: 'DELETE', url: '/api/auth/sessions/nope', letIn: admin },
      { method: 'POST', url: '/api/auth/track-activity', payload: { userId: 5 }, letIn: admin },
      { method: 'GET', url: '/api/analytics-data-download?prefix=nope', letIn: admin },
      { method: 'GET', url: '/api/analytics-data-download/generations/nope', letIn: admin },
      { method: 'GET', url: '/api/analytics-data-download/files/nope/x.csv?expires=abc', letIn: admin },
      { method: 'GET', url: '/api/organizations?limit=abc', letIn: staffReader, refused: admin },
      { method: 'GET', url: '/api/organization/nope/settings', letIn: staffReader, refused: admin },
      { method: 'GET', url: '/api/user-import/nope', letIn: admin, refused: staffReader },
    ] as const;
    for (const entry of malformed) {
      const { method, url } = entry;
      const request = { method, url, payload: 'payload' in entry ? entry.payload : undefined };
      const { letIn } = entry;
      const what = `${method} ${url}`;
      const anonymous = await t.app.inject(request);
      expect(anonymous.json(), what).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'You need to sign in.' });
      if ('refused' in entry) {
        const refused = await t.app.inject({ ...request, headers: entry.refused.headers });
        expect(refused.json(), what).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      }
      if (method !== 'GET') {
        const noCsrf = await t.app.inject({ ...request, headers: { cookie: letIn.headers.cookie } });
        expect(noCsrf.json(), what).toMatchObject({ statusCode: 403, code: 'CSRF' });
      }
      const admitted = await t.app.inject({ ...request, headers: letIn.headers });
      expect(admitted.json(), what).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    // Opening a session: the sign-in budget, then the CSRF check, then the body.
    const session = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth', headers, payload: { email: 'not an e-mail' } });
    expect((await session({})).json()).toMatchObject({ statusCode: 403, code: 'CSRF' });
    expect((await session({ [CSRF_HEADER]: CSRF_HEADER_VALUE })).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  it('never opens a session for a publisher, so no guard sees one', async () => {
    await expect(signIn(t, publisher.email!)).rejects.toThrow(/403/);
  });
});
