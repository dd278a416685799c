/**
 * Queries read on every request (the session look-up, the most read lists): prepared once
 * on the pool under a name, so drizzle builds their SQL once and PostgreSQL plans them once
 * per pooled connection. In a transaction (another `db`) the same query runs unnamed: a
 * named statement belongs to the pool's connections, not to the transaction's.
 */
import type { Db } from './client.js';

export function preparedOn<P>(root: Db, name: string, query: (db: Db) => { prepare(name: string): P }): (db: Db) => P {
  const named = query(root).prepare(name);
  return (db) => (db === root ? named : query(db).prepare(''));
}
