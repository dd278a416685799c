/** A light first load: the web app's files sent precompressed, API answers compressed above 1 KB, no source maps. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './db/schema.js';
import { indexHtmlFor } from './http/web-index.js';
import { importCsv } from './modules/user-imports/user-imports.fixtures.js';
import { heardChange } from './test/change-feed.js';
import { createOrganization, createUser, createWorkspace } from './test/factories.js';
import { createAccessKey, idTokenFor, signIn } from './test/sign-in.js';
import { createTestApp, type TestApp } from './test/test-app.js';

const BROWSER = 'gzip, deflate, br, zstd';

describe('compression', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  const script = `export const words = ${JSON.stringify('lorem ipsum '.repeat(200))};\n`;
  const html = `<!doctype html><title>SPA</title><script type="module" src="/assets/app-abc123.js"></script>${' '.repeat(2000)}`;

  beforeAll(async () => {
    // What the web build makes (apps/web/vite.config.ts, `precompress`): each file with its
    // .br and .gz copies, here distinguishable from the file by their bytes.
    const assets = path.join(webDist, 'assets');
    fs.mkdirSync(assets);
    const write = (file: string, data: string) => {
      fs.writeFileSync(file, data);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data));
    };
    write(path.join(webDist, 'index.html'), html);
    write(path.join(assets, 'app-abc123.js'), script);
    fs.writeFileSync(path.join(assets, 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    fs.writeFileSync(path.join(assets, 'small-abc123.js'), 'export {};\n');
    t = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends a built file as its brotli copy when accepted, else gzip, else as it is; hashed files are cached for good', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': BROWSER } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(script);

    // A file the build left without copies (under 1 KB) is sent as it is.
    const small = await t.app.inject({ url: '/assets/small-abc123.js', headers: { 'accept-encoding': BROWSER } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};\n');
  });

  it('sends the page of every history-fallback path compressed, with the document security headers', async () => {
    const page = await t.app.inject({ url: '/fr/dashboard', headers: { accept: 'text/html', 'accept-encoding': BROWSER } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // The page as served: the built one with the API's base path in it (decision 028).
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(indexHtmlFor(html, '/api'));
    expect(page.headers.vary).toContain('accept-encoding');
  });

  it('serves the page of a web app rebuilt while the server runs, not the one it started with', async () => {
    const file = path.join(webDist, 'index.html');
    const rebuilt = html.replace('app-abc123.js', 'app-def456.js');
    fs.writeFileSync(file, rebuilt);
    // A build writes a new file: a later modification time than the one served.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    try {
      const page = await t.app.inject({ url: '/fr/keys', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtmlFor(rebuilt, '/api'));
    } finally {
      fs.writeFileSync(file, html);
    }
  });

  it('serves neither source maps nor the compressed copies as files of their own', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });

  it('compresses an API answer of 1 KB or more, keeping the API security headers, and not a small one', async () => {
    const big = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': BROWSER } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    expect(big.headers['cache-control']).toBe('no-store');
    expect(big.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const doc = zlib.brotliDecompressSync(big.rawPayload);
    expect(doc.length).toBeGreaterThan(1024);
    expect(big.rawPayload.length).toBeLessThan(doc.length / 3);
    expect(JSON.parse(doc.toString()).openapi).toBe('3.1.0');

    const gz = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).openapi).toBe('3.1.0');

    const plain = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBe('3.1.0');

    const small = await t.app.inject({ url: '/api/app-config', headers: { 'accept-encoding': BROWSER } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ssoProviders: [] });
  });

  it("sends the external API's cached workflow page compressed once, in the encoding each client asks for", async () => {
    const { db } = t.database;
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id, { email: 'api@compress.example' });
    const ws = await createWorkspace(db, org.id);
    const titles = Array.from({ length: 30 }, (_, i) => `Pallet wrapping, station ${i}`);
    await db.insert(schema.workflows).values(titles.map((title) => ({ organizationId: org.id, workspaceId: ws.id, title })));
    const { accessKey } = await createAccessKey(t, (await signIn(t, admin.email!)).headers, 'Gzip');
    const auth = { apiKey: accessKey, authorization: `Bearer ${await idTokenFor(t, admin.email!)}` };
    const list = (acceptEncoding?: string) =>
      t.app.inject({
        url: '/api/v1/workflows?limit=50',
        headers: { ...auth, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const titlesOf = (json: Buffer) => (JSON.parse(json.toString()) as { workflows: { title: string }[] }).workflows.map((w) => w.title);

    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(titlesOf(plain.rawPayload).sort()).toEqual([...titles].sort());

    // The second call is answered from memory, each in its client's encoding.
    for (const [acceptEncoding, encoding, decompress] of [
      [BROWSER, 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await list(acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decompress(res.rawPayload).equals(plain.rawPayload), acceptEncoding).toBe(true);
    }

    // A renamed workflow is in the next page, compressed anew.
    const told = heardChange(t.deps.changes!.events, org.id);
    await db.update(schema.workflows).set({ title: 'Pallet wrapping, renamed' }).where(eq(schema.workflows.title, titles[0]));
    await told;
    const after = await list(BROWSER);
    expect(after.headers['content-encoding']).toBe('br');
    expect(titlesOf(zlib.brotliDecompressSync(after.rawPayload))).toContain('Pallet wrapping, renamed');
  });

  it('compresses a streamed CSV download and keeps it a download', async () => {
    const org = await createOrganization(t.database.db);
    const { headers } = await signIn(t, (await createUser(t.database.db, org.id, { email: 'admin@compress.example' })).email!);
    const rows = Array.from({ length: 40 }, (_, i) => `user${i}@compress.example,User ${i},boss`).join('\n');
    const done = await importCsv(t, headers, `email,name,role\n${rows}\n`);
    expect(done.status).toBe('validation_error');

    const plain = await t.app.inject({ url: `/api/user-import/${done.id}/errors.csv`, headers });
    const csv = await t.app.inject({ url: `/api/user-import/${done.id}/errors.csv`, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('.csv');
    const body = zlib.gunzipSync(csv.rawPayload).toString();
    expect(body).toBe(plain.body);
    expect(body.trim().split('\r\n')).toHaveLength(41);
  });
});
