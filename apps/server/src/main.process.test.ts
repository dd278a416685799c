/**
 * The real server process on the embedded database: first start loads demo data, a
 * second start reuses it, a second process on the same directory refuses, and SIGTERM
 * stops it cleanly.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killAllServerProcesses, startServerProcess } from './test/server-process.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-process-'));
const startServer = (port: number) => startServerProcess({ LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: String(port) });

afterAll(() => {
  killAllServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  // Three processes start one after another, the first loading the demo data into a new
  // embedded database: up to a minute on a busy 2-core machine, beyond the suite's bound.
  it('starts, refuses a second process on the same data, stops on SIGTERM, and restarts on the same data', {
    timeout: 240_000,
  }, async () => {
    const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
    const first = startServer(p1);
    await first.healthy(p1);
    await first.printed('sign-in-link staff@workframe.io');
    expect(first.output()).toContain('demo data loaded');
    expect(first.output()).toContain('admin@acme.example');
    // No live sign-in link in the output of a process without a terminal (a log collector's: a secret in the logs);
    // the command that makes one instead.
    // On a port other than 3000 the command names the address, as the tool would otherwise make links for port 3000.
    // On a port other than 3000 and another data directory the command names both, as the tool
    // would otherwise make links for port 3000 signed with ./data's key; pasted as printed, it works.
    const command = `PUBLIC_URL=http://localhost:${p1} DATA_DIR=${dataDir} npm run console -- sign-in-link staff@workframe.io`;
    expect(first.output()).toContain(`staff@workframe.io: a one-time sign-in link with\n    ${command}\n`);
    expect(first.output()).not.toContain('sign-in?token=');
    const { DATA_DIR: _d, PUBLIC_URL: _u, ...ownEnv } = process.env;
    const pasted = spawnSync('sh', ['-c', command], { cwd: repoRoot, env: { ...ownEnv, INIT_CWD: '' }, encoding: 'utf8' });
    expect(pasted.status).toBe(0);
    const token = decodeURIComponent(/sign-in\?token=(\S+)/.exec(pasted.stdout)?.[1] ?? '');
    const exchanged = await fetch(`http://127.0.0.1:${p1}/api/auth/custom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(exchanged.status).toBe(200);

    const second = startServer(p2);
    expect(await second.exited).toBe(75);
    expect(second.output()).toMatch(/data directory .* is in use by another process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const again = startServer(p3);
    await again.healthy(p3);
    await again.printed('admin@acme.example');
    expect(again.output()).not.toContain('demo data loaded');
    expect(again.output()).toContain('admin@acme.example');
    // Every start prints the sign-in details, not only the first (README, "Signing in").
    expect(again.output()).toContain('npm run console -- sign-in-link staff@workframe.io');
    expect(again.output()).not.toContain('sign-in?token=');
    const ready = await fetch(`http://127.0.0.1:${p3}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'pglite' });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
