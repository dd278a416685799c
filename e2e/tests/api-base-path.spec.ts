/**
 * One build under another API_BASE_PATH (decision 028): this spec starts its own server with
 * API_BASE_PATH=/console-api (the shared one runs under /api) and uses the app through it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAdmin, expectDashboard, signInWithPassword } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | undefined;
let baseURL = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = execFileSync(process.execPath, [
    '-e',
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-base-path-'));
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      API_BASE_PATH: '/console-api',
    },
  });
  // Ready when the database answers (the demo data is seeded before the server listens).
  for (;;) {
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null) throw new Error(`the server stopped: ${server.exitCode}`);
    // Often: the spec waits on nothing else meanwhile, and each poll is one local request.
    await new Promise((r) => setTimeout(r, 50));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await stopped;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('under API_BASE_PATH=/console-api the built app signs in and every call goes there', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === baseURL && request.resourceType() === 'fetch') calls.push(url.pathname);
  });
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  await page.goto(`${baseURL}/es`);
  await signInWithPassword(page, demoAdmin, {
    email: 'Correo electrónico',
    next: 'Siguiente',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
  });
  await expectDashboard(page, 'Panel');
  await page.goto(`${baseURL}/es/keys`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(calls.length).toBeGreaterThan(3);
  expect(calls.filter((p) => !p.startsWith('/console-api/'))).toEqual([]);
  expect(failed).toEqual([]);
});
