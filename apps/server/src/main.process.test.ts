/**
 * The real server process on the embedded database: first start loads demo data, a
 * second start reuses it, a second process on the same directory refuses, and SIGTERM
 * stops it cleanly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killAllServerProcesses, startServerProcess } from './test/server-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-process-'));
const startServer = (port: number) => startServerProcess({ LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: String(port) });

afterAll(() => {
  killAllServerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts, refuses a second process on the same data, stops on SIGTERM, and restarts on the same data', async () => {
    const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
    const first = startServer(p1);
    await first.healthy(p1);
    await first.printed('sign-in-link staff@workframe.io');
    expect(first.output()).toContain('demo data loaded');
    expect(first.output()).toContain('admin@acme.example');
    // No live sign-in link in the output of a process without a terminal (a log collector's: a secret in the logs);
    // the command that makes one instead.
    // On a port other than 3000 the command names the address, as the tool would otherwise make links for port 3000.
    expect(first.output()).toContain(
      `staff@workframe.io: a one-time sign-in link with\n    PUBLIC_URL=http://localhost:${p1} npm run console -- sign-in-link staff@workframe.io\n`,
    );
    expect(first.output()).not.toContain('sign-in?token=');

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
