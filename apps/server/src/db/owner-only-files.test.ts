/**
 * The files of the embedded database and of backups are their owner's only (0700 folders,
 * 0600 files) whatever umask the process was started with: the data directory's db/, keys/,
 * blobs/ and outbox/, a backup's file and the database a restore unpacks. A backup's archive
 * holds relative names; a backup into a folder that does not exist fails with one clear line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { createMailer } from '../mail/mailer.js';
import { createIdTokens } from '../modules/auth/id-token.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { downloadUrlSecret } from '../storage/signed-urls.js';
import { runCli } from '../test/server-process.js';
import { BackupError, backupTo, restoreFrom } from './backup.js';
import { openDatabase } from './open.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-owner-only-'));
const startedWith = process.umask();

/** Every folder and file under `dir` (itself included) with a mode other than owner-only. */
function openEntries(dir: string): string[] {
  const open: string[] = [];
  const walk = (at: string) => {
    const stat = fs.lstatSync(at);
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.isDirectory() || stat.isFile()) && (stat.mode & 0o777) !== wanted) open.push(`${at} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
  return open;
}

/** The names in a gzipped tar (ustar: a long name is split between `prefix` and `name`). */
function tarNames(gzipped: Buffer): string[] {
  const tar = gunzipSync(gzipped);
  const field = (header: Buffer, at: number, length: number) => header.toString('latin1', at, at + length).replace(/\0.*$/s, '');
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const prefix = field(header, 345, 155);
    names.push(prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    at += 512 + Math.ceil(Number.parseInt(field(header, 124, 12).trim() || '0', 8) / 512) * 512;
  }
  return names;
}

describe('files on disk', () => {
  // As open as a umask gets: any mode asked for is the mode made.
  beforeEach(() => {
    process.umask(0o000);
  });
  afterAll(() => {
    process.umask(startedWith);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("are the owner's only in the data directory, whatever the umask", async () => {
    const config = testConfig({ DATA_DIR: path.join(root, 'data') });
    const database = await openDatabase(config);
    // A database of the console, as a restore checks: its migrations' journal.
    await database.executeSql('create schema drizzle; create table drizzle.__drizzle_migrations (id int)', []);
    await database.executeSql('create table kept (note text)', []);
    await database.executeSql("insert into kept values ('before the backup')", []);
    await database.close();
    process.umask(0o000);
    await createIdTokens(config);
    downloadUrlSecret(config);
    const blobs = await createBlobStore(config);
    await blobs.put('reports/2026/report.csv', Buffer.from('a,b\n'));
    const mailer = createMailer(config);
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    mailer.close();

    for (const folder of ['db', 'keys', 'blobs', 'outbox']) expect(fs.existsSync(path.join(config.dataDir, folder)), folder).toBe(true);
    expect(openEntries(config.dataDir)).toEqual([]);
  });

  it("writes a backup the owner's only, with relative names, that restores owner-only", async () => {
    const config = testConfig({ DATA_DIR: path.join(root, 'data') });
    const file = path.join(root, 'console.backup.tar.gz');
    await backupTo(config, file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const names = tarNames(fs.readFileSync(file));
    expect(names).toContain('PG_VERSION');
    expect(names.filter((n) => n.startsWith('/') || n.split('/').includes('..'))).toEqual([]);

    process.umask(0o000);
    const elsewhere = testConfig({ DATA_DIR: path.join(root, 'restored') });
    await restoreFrom(elsewhere, file);
    expect(openEntries(elsewhere.dataDir)).toEqual([]);
    const restored = await openDatabase(elsewhere);
    try {
      expect((await restored.executeSql('select note from kept', [])).rows).toEqual([{ note: 'before the backup' }]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a backup into a folder that does not exist, in one line', async () => {
    const config = testConfig({ DATA_DIR: path.join(root, 'data') });
    const missing = path.join(root, 'no-such-folder', 'console.backup.tar.gz');
    await expect(backupTo(config, missing)).rejects.toThrow(BackupError);
    await expect(backupTo(config, missing)).rejects.toThrow(`The folder ${path.dirname(missing)} does not exist`);

    const cli = await runCli(['backup', missing], { DATA_DIR: config.dataDir });
    expect(cli.code).toBe(1);
    expect(cli.output.trim().split('\n')).toEqual([
      `The folder ${path.dirname(missing)} does not exist: make it first, or give another file.`,
    ]);
  });
});
