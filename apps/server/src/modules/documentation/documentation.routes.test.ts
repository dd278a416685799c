import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('GET /api/settings/documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://console.example.com' } });
  });
  afterAll(() => t.close());

  it('gives signed-in admins the URL of the interactive reference, which is served there', async () => {
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const { headers } = await signIn(t, admin.email!);
    const res = await t.app.inject({ url: '/api/settings/documentation', headers });
    expect(res.statusCode).toBe(200);
    const { documentationURL } = res.json();
    expect(documentationURL).toBe('https://console.example.com/api/v1/reference/');
    const page = await t.app.inject(new URL(documentationURL).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="api-reference"');
    expect((await t.app.inject('/api/settings/documentation')).statusCode).toBe(401);
  });
});
