import { ACCESS_KEY_PATTERN, DESCRIPTION_MAX, NAME_MAX } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, everyStoredText } from '../../test/capture.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('access keys routes', () => {
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  const { logger, lines: logLines } = capturedLogger();
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logger });
    const org = await createOrganization(t.database.db);
    const other = await createOrganization(t.database.db);
    const a = await createUser(t.database.db, org.id, { displayName: 'Ada Admin' });
    const b = await createUser(t.database.db, other.id);
    admin = await signIn(t, a.email!);
    otherAdmin = await signIn(t, b.email!);
  });
  afterAll(() => t.close());

  const create = (who: SignedIn, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/integrations', headers: who.headers, payload });

  it('creates a key, shows its secret once, and lists it without the secret', async () => {
    const res = await create(admin, { name: '  LMS sync ', description: 'Nightly' });
    expect(res.statusCode).toBe(201);
    const { integration, accessKey } = res.json();
    secrets.push(accessKey);
    expect(accessKey).toMatch(ACCESS_KEY_PATTERN);
    expect(integration).toMatchObject({
      name: 'LMS sync',
      description: 'Nightly',
      keyLast4: accessKey.slice(-4),
      createdBy: { displayName: 'Ada Admin' },
    });

    const list = await t.app.inject({ url: '/api/integrations?page=1&limit=20', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, integrations: [{ id: integration.id, keyPrefix: accessKey.slice(0, 8) }] });
    expect(list.body).not.toContain(accessKey.slice(8, -4));
    expect(list.json().integrations[0]).not.toHaveProperty('accessKey');
  });

  it('refuses a form with errors and changes nothing', async () => {
    const bad = await create(admin, { name: 'x'.repeat(NAME_MAX + 1), description: 'd'.repeat(DESCRIPTION_MAX + 1) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const paths = bad.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['/name', '/description']));
    const missing = await create(admin, { name: '   ' });
    expect(missing.statusCode).toBe(400);
    const okAtMax = await create(admin, { name: 'x'.repeat(NAME_MAX), description: 'max' });
    expect(okAtMax.statusCode).toBe(201);
    secrets.push(okAtMax.json().accessKey);
    const list = await t.app.inject({ url: '/api/integrations', headers: admin.headers });
    expect(list.json().total).toBe(2);
  });

  it('takes a key without a description, left out or empty, and keeps one given at edit', async () => {
    const left = await create(admin, { name: 'No description' });
    expect(left.statusCode, left.body).toBe(201);
    secrets.push(left.json().accessKey);
    expect(left.json().integration).toMatchObject({ name: 'No description', description: '' });
    const empty = await create(admin, { name: 'Blank', description: '   ' });
    expect(empty.statusCode, empty.body).toBe(201);
    secrets.push(empty.json().accessKey);
    expect(empty.json().integration.description).toBe('');
    const id = left.json().integration.id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/${id}`,
      headers: admin.headers,
      payload: { name: 'Now described', description: 'LMS' },
    });
    expect(put.json().integration).toMatchObject({ name: 'Now described', description: 'LMS' });
    for (const key of [id, empty.json().integration.id]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/integration/${key}`, headers: admin.headers })).statusCode).toBe(200);
    }
  });

  it('pages by page and limit', async () => {
    const p1 = (await t.app.inject({ url: '/api/integrations?page=1&limit=1', headers: admin.headers })).json();
    const p2 = (await t.app.inject({ url: '/api/integrations?page=2&limit=1', headers: admin.headers })).json();
    expect(p1.total).toBe(2);
    expect(p2.total).toBe(2);
    expect(p1.integrations[0].id).not.toBe(p2.integrations[0].id);
    const bad = await t.app.inject({ url: '/api/integrations?limit=1000', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('edits, rolls and deletes a key; another organization cannot touch it', async () => {
    const { integration } = (await create(admin, { name: 'Edit me', description: 'x' })).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/${integration.id}`,
      headers: admin.headers,
      payload: { name: 'Edited', description: 'y' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().integration).toMatchObject({ id: integration.id, name: 'Edited', description: 'y' });
    expect(put.body).not.toContain('accessKey');

    const roll = await t.app.inject({
      method: 'POST',
      url: `/api/integration/${integration.id}/roll`,
      headers: admin.headers,
      payload: { gracePeriod: '24h' },
    });
    expect(roll.statusCode).toBe(200);
    secrets.push(roll.json().accessKey);
    expect(roll.json().integration.previousKeyExpiresAt).not.toBeNull();
    const badGrace = await t.app.inject({
      method: 'POST',
      url: `/api/integration/${integration.id}/roll`,
      headers: admin.headers,
      payload: { gracePeriod: '2h' },
    });
    expect(badGrace.statusCode).toBe(400);

    for (const req of [
      { method: 'PUT' as const, url: `/api/integration/${integration.id}`, payload: { name: 'Hijack', description: 'z' } },
      { method: 'DELETE' as const, url: `/api/integration/${integration.id}` },
      { method: 'POST' as const, url: `/api/integration/${integration.id}/roll`, payload: { gracePeriod: 'now' } },
    ]) {
      const res = await t.app.inject({ ...req, headers: otherAdmin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('INTEGRATION_NOT_FOUND');
    }
    expect((await t.app.inject({ url: '/api/integrations', headers: otherAdmin.headers })).json()).toEqual({ integrations: [], total: 0 });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/integration/${integration.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().removedIntegration).toMatchObject({ id: integration.id, name: 'Edited' });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/integration/${integration.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('is for signed-in Organizational Admins only', async () => {
    expect((await t.app.inject({ url: '/api/integrations' })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: { cookie: admin.headers.cookie },
      payload: { name: 'x', description: 'y' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('checks the caller before the request: a malformed one answers 401 or 403, and 400 only to an admin', async () => {
    const staffViewer = await signInStaff(t, { roles: ['read'] });
    const tooLong = { name: 'x'.repeat(NAME_MAX + 1) };
    const calls = [
      { method: 'POST', url: '/api/integrations', payload: tooLong },
      { method: 'POST', url: '/api/integrations', payload: '{"name":', headers: { 'content-type': 'application/json' } },
      { method: 'PUT', url: '/api/integration/not-a-uuid', payload: tooLong },
      { method: 'GET', url: '/api/integrations?limit=abc' },
    ] as const;
    const as = (call: (typeof calls)[number], headers: Record<string, string>) =>
      t.app.inject({ ...call, headers: { ...headers, ...('headers' in call ? call.headers : {}) } });
    for (const call of calls) {
      const what = `${call.method} ${call.url}`;
      const anonymous = await as(call, {});
      expect(anonymous.statusCode, what).toBe(401);
      expect(anonymous.json(), what).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'You need to sign in.' });
      const notAdmin = await as(call, staffViewer.headers);
      expect(notAdmin.json(), what).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Only Organizational Admins can use this.' });
      if (call.method !== 'GET') {
        const noCsrf = await as(call, { cookie: admin.headers.cookie });
        expect(noCsrf.json(), what).toMatchObject({ statusCode: 403, code: 'CSRF' });
      }
      const byAdmin = await as(call, admin.headers);
      expect(byAdmin.statusCode, what).toBe(400);
      expect(byAdmin.json(), what).toMatchObject({ statusCode: 400, code: expect.stringMatching(/^(VALIDATION_ERROR|BAD_REQUEST)$/) });
    }
  });

  it('never stored or logged a secret', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    expect(logLines.length).toBeGreaterThan(10);
    const stored = await everyStoredText(t);
    expect(stored).toContain('LMS sync');
    for (const secret of secrets) {
      const body = secret.slice(8, -4);
      expect(stored).not.toContain(body);
      for (const line of logLines) expect(line).not.toContain(body);
    }
  });
});
