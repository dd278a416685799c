import fs from 'node:fs';
import type { Config } from '../config.js';
import { type Database, openPglite, openPostgres } from './client.js';

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function openDatabase(config: Config): Promise<Database> {
  // Uploaded files, reports, keys and the embedded database live here: owner-only, whatever
  // modes the files inside get (PGlite writes some 0666). An existing one is tightened too.
  privateDirectory(config.dataDir);
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  privateDirectory(config.dbDir);
  return openPglite({
    dataDir: config.dbDir,
    queue: { maxQueued: config.DATABASE_QUEUE_MAX, maxWaitMs: config.DATABASE_QUEUE_WAIT_MS },
  });
}

function privateDirectory(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}
