/**
 * Backups of the embedded (PGlite) database (decision 034, docs/operations.md "Backups"):
 * `npm run console -- backup <file>` and `restore <file>`.
 *
 * Only the process that holds the data directory may read the database: a copy of its files
 * from outside would catch pages half written. So a running server answers backups itself,
 * on a Unix socket in DATA_DIR (`backup.sock`), which only the directory's owner can reach
 * (DATA_DIR is 0700): whoever may copy the data directory may ask for a backup, no one else.
 * When no server runs, the CLI opens the database itself (taking the directory's lock).
 *
 * A backup is PGlite's dump of its data directory (a gzipped tar), taken while no
 * transaction is open and every query waits: a committed state, as after a clean stop. Its
 * names are relative and its entries owner-only (backup-archive.ts); the file is the owner's
 * only, whatever the umask, and a backup into a folder that does not exist fails at once.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { OWNER_ONLY_FILE, ownerOnlyUmask, privateDirectory, privateTree } from '../storage/owner-only.js';
import { ownerOnlyRelativeTar } from './backup-archive.js';
import { type Database, openPglite } from './client.js';
import { acquireDirectoryLock, DirectoryLockedError, LOCK_FILE } from './lock.js';

export const BACKUP_SOCKET = 'backup.sock';
/** Longest path a Unix socket takes on Linux and macOS, with room to spare. */
const MAX_SOCKET_PATH = 100;

export class BackupError extends Error {}

/** The data directory's dump, taken between transactions (queries wait while it runs). */
async function dumpEmbedded(database: Database): Promise<Blob> {
  const pglite = database.pglite;
  if (!pglite) throw new BackupError('Only the embedded database is backed up by the console; on PostgreSQL use pg_dump.');
  // PGlite's transaction() holds its transaction lock: no transaction of the app is open
  // meanwhile, and every other query waits for it. An empty BEGIN changes nothing on disk.
  const tar = await pglite.transaction(() => pglite.dumpDataDir('none'));
  return new Blob([await promisify(gzip)(ownerOnlyRelativeTar(new Uint8Array(await tar.arrayBuffer())))]);
}

/** Serves backups to the CLI while this process holds the embedded database. */
export async function serveBackups(
  database: Database,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> } | undefined> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, 'DATA_DIR is too long a path for the backup socket: back up with the server stopped');
    return undefined;
  }
  // This process holds the directory's lock, so a socket file left here is a dead process's.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    dumpEmbedded(database).then(
      (dump) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': dump.size });
        Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream).pipe(res);
        log.info({ bytes: dump.size, ms: Math.round(performance.now() - started) }, 'database backup served');
      },
      (err: Error) => {
        log.error({ err }, 'database backup failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message);
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    // The console runs without it; only backups while it runs are lost.
    log.warn({ err, socketPath }, 'the backup socket could not be opened: back up with the server stopped');
    server.close();
    return undefined;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks the running server for a backup; undefined when none listens on this data directory. */
function requestBackup(dataDir: string): Promise<http.IncomingMessage | undefined> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  if (!fs.existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: '/backup' }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) =>
      // A socket file without a listener: the server that made it is gone.
      err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(undefined) : reject(err),
    );
  });
}

/** Writes `source` to `file` whole or not at all (owner-only: a backup holds password hashes). */
async function writeWhole(source: Readable, file: string): Promise<number> {
  const partial = `${file}.partial`;
  let bytes = 0;
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  try {
    // A partial file a killed run left would keep its mode: this one is made anew.
    fs.rmSync(partial, { force: true });
    await pipeline(source, fs.createWriteStream(partial, { mode: OWNER_ONLY_FILE }));
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return bytes;
}

/** `backup <file>`: from the running server when there is one, else from the directory itself. */
export async function backupTo(config: Config, file: string): Promise<{ bytes: number; from: 'server' | 'directory' }> {
  if (config.DATABASE_URL) throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, "Backups").');
  const folder = path.dirname(path.resolve(file));
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BackupError(`The folder ${folder} does not exist: make it first, or give another file.`);
  }
  // Opening the stopped database writes in its directory (PGlite asks for 0666).
  ownerOnlyUmask();
  const res = await requestBackup(config.dataDir);
  if (res) {
    if (res.statusCode !== 200) {
      const text = await new Response(Readable.toWeb(res) as ReadableStream).text();
      throw new BackupError(`The server could not make the backup: ${text || res.statusCode}`);
    }
    const bytes = await writeWhole(res, file);
    if (bytes !== Number(res.headers['content-length'])) throw new BackupError('The backup was cut short; nothing was written.');
    return { bytes, from: 'server' };
  }
  if (!fs.existsSync(path.join(config.dbDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${config.dbDir}.`);
  const database = await openPglite({ dataDir: config.dbDir }).catch((err) => {
    // Locked but no socket: a server whose DATA_DIR path is too long for one.
    if (err instanceof DirectoryLockedError) throw new BackupError(`${err.message} It offers no backup socket (${BACKUP_SOCKET}).`);
    throw err;
  });
  try {
    const dump = await dumpEmbedded(database);
    return {
      bytes: await writeWhole(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream), file),
      from: 'directory',
    };
  } finally {
    await database.close();
  }
}

/**
 * `restore <file>`: the server must be stopped. The backup is loaded into a new directory
 * beside the database and checked; then the database in use moves aside (kept, named with
 * the time) and the new one takes its place. The next start migrates it forward if it is older.
 */
export async function restoreFrom(config: Config, file: string): Promise<{ replaced?: string }> {
  if (config.DATABASE_URL)
    throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backups").');
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  ownerOnlyUmask();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const { dbDir } = config;
  privateDirectory(config.dataDir);
  // Held until the new database is in place: a server cannot start on the directory meanwhile.
  let lock: ReturnType<typeof acquireDirectoryLock>;
  try {
    lock = acquireDirectoryLock(dbDir);
  } catch (err) {
    if (err instanceof DirectoryLockedError) throw new BackupError(`${err.message} Stop the server before restoring.`);
    throw err;
  }
  const incoming = `${dbDir}.restoring-${stamp}`;
  let moved = false;
  try {
    const loaded = await openPglite({ dataDir: incoming, loadDataDir: new Blob([fs.readFileSync(file)]) }).catch((err: Error) => {
      throw new BackupError(`${file} is not a backup of the embedded database: ${err.message}`);
    });
    try {
      // A database of the console: its migrations' journal is there.
      await loaded.executeSql('select count(*) from drizzle.__drizzle_migrations', []).catch(() => {
        throw new BackupError(`${file} holds a database, but not the console's.`);
      });
    } finally {
      await loaded.close();
    }
    const replaced = fs.existsSync(path.join(dbDir, 'PG_VERSION')) ? `${dbDir}.replaced-${stamp}` : undefined;
    // The database in use moves aside with this lock inside it, so no server can start on
    // it in between; only the new one's rename could then fail (a server started meanwhile).
    if (replaced) fs.renameSync(dbDir, replaced);
    else fs.rmSync(dbDir, { recursive: true, force: true });
    moved = true;
    if (replaced) fs.rmSync(path.join(replaced, LOCK_FILE), { force: true });
    fs.renameSync(incoming, dbDir);
    // A backup unpacks with the modes of its archive (an older one's are PGlite's 0666).
    privateTree(dbDir);
    return { replaced };
  } catch (err) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw err;
  } finally {
    if (!moved) lock.release();
  }
}
