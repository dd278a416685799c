import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

describe('the HTTP server', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers health and readiness, the latter from the database', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers an unknown API path with the error envelope, not the SPA', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('serves the SPA with history fallback and caches hashed assets for good', async () => {
    const page = await t.app.inject({ url: '/es/keys', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SPA</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
  });

  it('sends security headers and a request id, keeping a sane one from the caller', async () => {
    // A document: helmet's set with the console's content security policy.
    const page = await t.app.inject({ url: '/es/keys', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // An API answer: the short set of a JSON API, nothing allowed and nothing cached.
    const res = await t.app.inject({ url: '/api/app-config', headers: { 'x-request-id': 'abc-12345-xyz' } });
    expect(res.json()).toEqual({ productName: 'Workframe', ssoProviders: [], platformAppUrl: null });
    expect(res.headers['x-request-id']).toBe('abc-12345-xyz');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
    const forged = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors and unknown paths carry the same headers.
    for (const url of ['/api/no-such-thing', '/api/integrations']) {
      const refused = await t.app.inject({ url, headers: { 'x-request-id': 'err-12345-xyz' } });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers['x-request-id']).toBe('err-12345-xyz');
      expect(refused.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
      expect(refused.headers['strict-transport-security']).toBe(res.headers['strict-transport-security']);
    }
    const missingAsset = await t.app.inject('/assets/missing.js');
    expect(missingAsset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });
});

describe('transport security follows PUBLIC_URL', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  async function headersAt(publicUrl: string) {
    const a = await createTestApp({ config: { PUBLIC_URL: publicUrl } });
    apps.push(a);
    const document = await a.app.inject('/healthz');
    const api = await a.app.inject('/api/app-config');
    return { document: document.headers, api: api.headers };
  }

  it('sends neither HSTS nor upgrade-insecure-requests when the console is served over http', async () => {
    const { document, api } = await headersAt('http://localhost:3000');
    expect(document['strict-transport-security']).toBeUndefined();
    expect(api['strict-transport-security']).toBeUndefined();
    expect(document['content-security-policy']).toContain("default-src 'self'");
    expect(document['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends both when the console is served over https', async () => {
    const { document, api } = await headersAt('https://console.example.com');
    expect(document['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(api['strict-transport-security']).toBe(document['strict-transport-security']);
    expect(document['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
