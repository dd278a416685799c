/**
 * Browser tests in the system Chromium against the built console (apps/server/dist with
 * apps/web/dist), started on the embedded database in a fresh data directory with the
 * demo data, on a free port. `npm test` builds first and reads the JSON report from
 * PLAYWRIGHT_JSON_OUTPUT_NAME.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

// The config is read again in each worker: the first read (the runner) decides, and the
// workers inherit its environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
// The DNS server that the single sign-on test starts, on a UDP port free now; the console asks it to verify domains.
process.env.E2E_DNS_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:dgram').createSocket('udp4');s.bind(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(os.tmpdir(), 'console-e2e-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ${JSON.stringify(path.join(root, 'apps/server/dist/main.js'))}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      PLATFORM_APP_URL: 'https://app.workframe.example',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_DATA: 'true',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // Every browser test signs in from the same loopback address; the per-IP sign-in
      // limit itself is tested in the server suite.
      SIGN_IN_RATE_LIMIT_MAX: '10000',
      // The webhooks' browser test delivers to a receiver it starts on 127.0.0.1 over plain HTTP.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // A console-wide single sign-on provider, offered on the sign-in page; it is discovered only
      // when someone signs in with it, which no browser test does ("SSO login only" follows the
      // organization's own connections, which switches-that-warn.spec.ts sets up).
      OIDC_ISSUER_URL: 'https://idp.workframe.example',
      OIDC_CLIENT_ID: 'console-e2e',
      OIDC_CLIENT_SECRET: 'console-e2e-secret',
      // The organizations' own identity providers of the single sign-on test run on 127.0.0.1 over
      // plain HTTP, and the domains it verifies are published on its own DNS server.
      SSO_CONNECTIONS_ALLOW_LOOPBACK: 'true',
      DOMAIN_VERIFICATION_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
    },
  },
});
