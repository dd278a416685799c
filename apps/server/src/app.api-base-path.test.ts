import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_META, CSRF_HEADER, CSRF_HEADER_VALUE, ID_TOKEN_COOKIE } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexHtmlFor } from './http/web-index.js';
import { createOrganization, createUser, TEST_PASSWORD } from './test/factories.js';
import { createTestApp, type TestApp } from './test/test-app.js';

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Integrations</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('one web build under any API_BASE_PATH (decision 028)', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), BUILT_INDEX);
    t = await createTestApp({ config: { WEB_DIST_DIR: webDist, API_BASE_PATH: '/console-api' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('hands the base path to the web app in every index.html it serves', async () => {
    for (const url of ['/', '/index.html', '/es/keys', '/super/organizations']) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain(`<meta name="${API_BASE_META}" content="/console-api" />`);
      expect(page.body).toContain('src="/assets/index-abc123.js"');
    }
  });

  it('serves the console API under that path, and not under /api', async () => {
    expect((await t.app.inject('/console-api/app-config')).json()).toMatchObject({ productName: 'Workframe' });
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/console-api/auth/sign-in',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    const session = await t.app.inject({
      method: 'POST',
      url: '/console-api/auth',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { idToken: signedIn.json().idToken, email: admin.email },
    });
    const cookie = session.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
    const me = await t.app.inject({ url: '/console-api/auth/me', headers: { cookie: `${ID_TOKEN_COOKIE}=${cookie.value}` } });
    expect(me.json().user).toMatchObject({ email: admin.email });
    expect((await t.app.inject({ url: '/api/app-config', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });
});

describe('indexHtmlFor', () => {
  it('puts the meta in the head, with or without a written head', () => {
    expect(indexHtmlFor(BUILT_INDEX, '/api')).toMatch(/<meta name="api-base-path" content="\/api" \/>\n {2}<\/head>/);
    expect(indexHtmlFor('<!doctype html><title>SPA</title>', '/x')).toBe(
      '<!doctype html><meta name="api-base-path" content="/x" /><title>SPA</title>',
    );
  });

  it('refuses a base path that could break out of the attribute', () => {
    for (const bad of ['/a"><script>', 'api', '/api/', '/a b', '//evil']) expect(() => indexHtmlFor(BUILT_INDEX, bad)).toThrow();
  });
});
