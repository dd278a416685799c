import type { Config } from '../config.js';
import { type Database, openPglite, openPostgres } from './client.js';

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function openDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE) : openPglite({ dataDir: config.dbDir });
}
