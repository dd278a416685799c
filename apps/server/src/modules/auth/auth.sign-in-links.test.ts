import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../deps.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignInLink } from './sign-in-links.service.js';

const serverDir = path.resolve(import.meta.dirname, '../../..');

describe('custom provider: one-time sign-in links', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-link-'));
  let now = new Date();
  const clock: Clock = { now: () => new Date(now) };
  let t: TestApp;
  let staffEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { DATA_DIR: dataDir, PUBLIC_URL: 'https://console.example.com' } });
    const staffOrg = await createOrganization(t.database.db, { isStaff: true });
    staffEmail = (
      await createUser(t.database.db, staffOrg.id, {
        email: 'sam@workframe.io',
        role: 'viewer',
        allowedRoleTypes: ['read', 'update'],
        signInProvider: 'custom',
        passwordHash: null,
      })
    ).email!;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const exchange = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/custom', payload: { token } });

  it('are made by the command-line tool, work once, and sign staff in with provider custom', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sign-in-link', 'Sam@workframe.io'], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://console.example.com', INIT_CWD: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const url = /https:\/\/console\.example\.com\/auth\/custom\/sign-in\?token=(\S+)/.exec(run.stdout);
    expect(url).not.toBeNull();
    const token = decodeURIComponent(url![1]);

    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const { idToken } = first.json();
    expect(await t.deps.idTokens.verify(idToken)).toMatchObject({ signInProvider: 'custom', email: 'sam@workframe.io' });
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { idToken, email: staffEmail },
    });
    expect(session.json().user).toMatchObject({ isStaff: true, signInProvider: 'custom', allowedRoleTypes: ['read', 'update'] });

    const second = await exchange(token);
    expect(second.statusCode).toBe(401);
    expect(second.json().code).toBe('INVALID_TOKEN');
  });

  it('expire after 15 minutes', async () => {
    now = new Date();
    const { token } = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, staffEmail);
    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    const res = await exchange(token);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
    now = new Date();
  });

  it('are not idTokens, and idTokens are not links', async () => {
    const { token } = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, staffEmail);
    await expect(t.deps.idTokens.verify(token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const [user] = await t.database.executeSql('select id from users where email = $1', [staffEmail]).then((r) => r.rows);
    const { idToken } = await t.deps.idTokens.issue({ id: String(user.id), email: staffEmail });
    expect((await exchange(idToken)).json().code).toBe('INVALID_TOKEN');
  });

  it('refuse an unknown person and a person the console is not for', async () => {
    const unknown = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, 'ghost@workframe.io');
    expect((await exchange(unknown.token)).json()).toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
      message: 'User was not found',
    });
    const org = await createOrganization(t.database.db);
    const viewer = await createUser(t.database.db, org.id, { role: 'viewer' });
    const link = await createSignInLink(t.deps.idTokens, t.config.PUBLIC_URL, viewer.email!);
    expect((await exchange(link.token)).json()).toMatchObject({ statusCode: 403, code: 'APP_ACCOUNT' });
  });

  it('open the console in the language the command-line tool is asked for', async () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sign-in-link', 'sam@workframe.io', ...args], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://console.example.com', INIT_CWD: '' },
        encoding: 'utf8',
      });
    const es = cli('--locale', 'es');
    expect(es.status).toBe(0);
    expect(es.stdout).toMatch(/https:\/\/console\.example\.com\/es\/auth\/custom\/sign-in\?token=\S+/);
    expect(cli('--locale=pt').stdout).toMatch(/https:\/\/console\.example\.com\/pt\/auth\/custom\/sign-in\?token=/);
    const wrong = cli('--locale', 'de');
    expect(wrong.status).toBe(64);
    expect(wrong.stderr).toContain('--locale must be one of en, es, fr, pt');
  });

  it('the command-line tool refuses a data directory no console has used, and leaves no key there', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-link-unused-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sign-in-link', 'sam@workframe.io'], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: elsewhere, PUBLIC_URL: 'https://console.example.com', INIT_CWD: '' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(78);
      expect(run.stderr).toContain(`No console has run with DATA_DIR=${elsewhere}`);
      expect(run.stdout).not.toContain('token=');
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('the command-line tool explains its usage', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sign-in-link'], {
      cwd: serverDir,
      encoding: 'utf8',
      env: { ...process.env, INIT_CWD: '' },
    });
    expect(run.status).toBe(64);
    expect(run.stderr).toContain('Usage: npm run console -- <command>');
  });
});
