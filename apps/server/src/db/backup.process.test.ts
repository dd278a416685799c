/**
 * Backup and restore of the embedded database through the console CLI (db/backup.ts), with
 * the server running: the backup is made by the running server and holds what was written
 * before it, not after; a restore is refused while a server holds the directory; restored
 * into another data directory, a server started on it serves the backed-up data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killAllServerProcesses, runCli, startServerProcess } from '../test/server-process.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-backup-'));

afterAll(() => {
  killAllServerProcesses();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The demo Organizational Admin's session on the server at `base` (the web app's sign-in). */
async function signIn(base: string) {
  const email = 'admin@acme.example';
  const first = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-Console-2026!' }),
  });
  expect(first.status).toBe(200);
  const { idToken } = (await first.json()) as { idToken: string };
  const session = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ idToken, email }),
  });
  expect(session.status).toBe(200);
  const cookie = session.headers.getSetCookie().find((c) => c.startsWith('id-token='));
  return { cookie: cookie!.split(';')[0], [CSRF_HEADER]: CSRF_HEADER_VALUE };
}

async function createKey(base: string, headers: Record<string, string>, name: string) {
  const res = await fetch(`${base}/api/integrations`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name, description: 'made by the backup test' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function keyNames(base: string, headers: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${base}/api/integrations?limit=100`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { integrations: { name: string }[] }).integrations.map((k) => k.name);
}

const cli = (args: string[], dataDir: string) => runCli(args, { DATA_DIR: dataDir });
const startServer = (env: Record<string, string>) => startServerProcess({ LOG_LEVEL: 'info', ...env });

describe('backup and restore of the embedded database', () => {
  it('backs up the running server, refuses to restore under it, and restores into a directory a server then serves', async () => {
    const first = path.join(root, 'first');
    const second = path.join(root, 'second');
    const file = path.join(root, 'console.backup.tar.gz');
    const port = await freePort();
    const server = startServer({ DATA_DIR: first, PORT: String(port) });
    await server.healthy(port);
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    await createKey(base, headers, 'Key before the backup');

    const backup = await cli(['backup', file], first);
    expect(backup.output).toContain('made by the running server');
    expect(backup.code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain('database backup served');
    await createKey(base, headers, 'Key after the backup');
    // The server kept serving through the backup, and still does.
    expect(await keyNames(base, headers)).toEqual(expect.arrayContaining(['Key before the backup', 'Key after the backup']));

    const refused = await cli(['restore', file], first);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/in use by another process .* Stop the server before restoring/);

    const restored = await cli(['restore', file], second);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    const port2 = await freePort();
    const copy = startServer({ DATA_DIR: second, PORT: String(port2) });
    await copy.healthy(port2);
    const base2 = `http://127.0.0.1:${port2}`;
    const names = await keyNames(base2, await signIn(base2));
    expect(names).toContain('Key before the backup');
    expect(names).not.toContain('Key after the backup');
    // The demo data was not loaded again: the restored database is not empty.
    expect(copy.output()).not.toContain('demo data loaded');

    // Stopped, a server's directory is backed up from the directory itself; restoring over a
    // database keeps the one it replaces.
    copy.child.kill('SIGTERM');
    expect(await copy.exited).toBe(0);
    const offline = await cli(['backup', path.join(root, 'offline.tar.gz')], second);
    expect(offline.output).toContain('read from the stopped database');
    expect(offline.code).toBe(0);
    const over = await cli(['restore', file], second);
    expect(over.code).toBe(0);
    expect(fs.readdirSync(root).some((n) => n.startsWith('second'))).toBe(true);
    expect(fs.readdirSync(second).filter((n) => n.startsWith('db.replaced-'))).toHaveLength(1);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('refuses a file that is not a backup, and leaves the database as it was', async () => {
    const dir = path.join(root, 'bad');
    const junk = path.join(root, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup at all');
    const res = await cli(['restore', junk], dir);
    expect(res.code).toBe(1);
    expect(res.output).toContain('is not a backup of the embedded database');
    expect(fs.existsSync(path.join(dir, 'db', 'PG_VERSION'))).toBe(false);
    expect(fs.readdirSync(dir).filter((n) => n.includes('restoring'))).toEqual([]);
  });
});
