import type { Config } from '../config.js';
import { ownerOnlyUmask, privateDirectory, privateTree } from '../storage/owner-only.js';
import { type Database, openPglite, openPostgres } from './client.js';

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export async function openDatabase(config: Config): Promise<Database> {
  // Uploaded files, reports, keys and the embedded database live here: owner-only, and so is
  // every file made in it from now on, whatever the umask this process was started with. An
  // existing one is tightened too, the embedded database's files with it.
  ownerOnlyUmask();
  privateDirectory(config.dataDir);
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  privateDirectory(config.dbDir);
  const database = await openPglite({
    dataDir: config.dbDir,
    queue: { maxQueued: config.DATABASE_QUEUE_MAX, maxWaitMs: config.DATABASE_QUEUE_WAIT_MS },
  });
  // PGlite writes a new database's files with the modes of its own archive (0666), whatever
  // the umask; Postgres makes the later ones 0600.
  privateTree(config.dbDir);
  return database;
}
