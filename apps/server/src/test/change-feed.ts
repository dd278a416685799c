/**
 * For tests of the caches on the change feed (db/change-feed.ts): SQL past the app, with or
 * without the triggers, and waiting for the feed to tell of a change (as an event, never for
 * a time).
 */
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import type { TestApp } from './test-app.js';

/** Resolves when `events` reported this change (an organization id, `user_imports`) or a change of everything. */
export function heardChange(events: EventEmitter, payload: string): Promise<void> {
  return new Promise((resolve) => {
    const seen = (p: string) => {
      if (p !== payload && p !== '*') return;
      events.off('change', seen);
      resolve();
    };
    events.on('change', seen);
  });
}

export interface RawSql {
  /** SQL on a connection of its own (PostgreSQL) or straight on PGlite, past the app. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** SQL that fires no trigger (`session_replication_role = replica`): nobody is told, so a cached answer stays. */
  unannounced(statement: string, values?: unknown[]): Promise<unknown>;
  /** SQL that resolves once the app's feed has told of `payload`. */
  heard(payload: string, statement: string, values?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export async function rawSqlOf(t: TestApp): Promise<RawSql> {
  let client: pg.Client | undefined;
  let query: RawSql['query'];
  if (t.database.kind === 'postgres') {
    const own = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
    await own.connect();
    client = own;
    query = (text, values) => own.query(text, values);
  } else {
    query = (text, values) => t.database.executeSql(text, values);
  }
  return {
    query,
    unannounced: (statement, values = []) =>
      t.database.kind === 'postgres'
        ? (async () => {
            await query('BEGIN');
            await query('SET LOCAL session_replication_role = replica');
            await query(statement, values);
            await query('COMMIT');
          })()
        : t.database.pglite!.transaction(async (tx) => {
            await tx.query('SET LOCAL session_replication_role = replica');
            await tx.query(statement, values);
          }),
    async heard(payload, statement, values = []) {
      const told = heardChange(t.deps.changes!.events, payload);
      await query(statement, values);
      await told;
    },
    close: async () => {
      await client?.end();
    },
  };
}
