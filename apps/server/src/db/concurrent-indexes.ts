/**
 * Index changes on large tables that the migrations leave to the step after them: the drizzle
 * migrator applies every pending migration in one transaction, where PostgreSQL refuses
 * CREATE INDEX CONCURRENTLY and DROP INDEX CONCURRENTLY, and a plain CREATE INDEX holds every
 * write to its table (a DROP INDEX every read as well) until the whole migration commits. So
 * an index on a table that may hold millions of rows (users, events, memberships) is declared
 * in the schema as usual, its statement is taken out of the generated migration, and it is
 * listed here: migrateDatabase runs the list once the migrations are committed, under the
 * same lock, so replicas do it one at a time (decision 006, "Amended").
 *
 * Every step is idempotent and runs at every start: an index that is there and valid is
 * left; one that a stopped build left invalid is dropped and built again; a dropped one is
 * dropped "if it exists". The embedded database has one process and no other reader to
 * spare: it runs the same steps plainly.
 */

export type ConcurrentIndexStep =
  /** An index the schema no longer has. */
  | { drop: string }
  /** An index the schema has: `definition` is what follows `ON table` in CREATE INDEX. */
  | { create: string; on: string; definition: string };

/** In the order they run. The schema (db/schema/*.ts) says which migration each goes with. */
export const concurrentIndexSteps: readonly ConcurrentIndexStep[] = [
  // Migration 0039: nothing looks users up by who made or invited them, and an import wrote
  // its admin's id into both for every user it made.
  { drop: 'users_created_by_idx' },
  { drop: 'users_invited_by_idx' },
];

/** Runs a statement on a connection outside any transaction. */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

/** Whether an index of that name is in the current schema, and whether it is valid (a build stopped half way leaves it not). */
async function indexState(query: Query, name: string): Promise<'valid' | 'invalid' | 'absent'> {
  const { rows } = await query(
    `SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
     WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
    [name],
  );
  if (rows.length === 0) return 'absent';
  return rows[0].valid ? 'valid' : 'invalid';
}

/**
 * Runs the steps (`concurrently` on PostgreSQL); answers what it changed, `drop:<name>`,
 * `create:<name>` (a second run answers nothing). A create whose table is not there yet (a
 * database migrated only part of the way, as a migration's test does) waits for a later run.
 */
export async function runConcurrentIndexSteps(
  query: Query,
  concurrently: boolean,
  steps: readonly ConcurrentIndexStep[] = concurrentIndexSteps,
): Promise<string[]> {
  const how = concurrently ? 'CONCURRENTLY ' : '';
  const done: string[] = [];
  for (const step of steps) {
    if ('drop' in step) {
      if ((await indexState(query, step.drop)) === 'absent') continue;
      await query(`DROP INDEX ${how}IF EXISTS ${ident(step.drop)}`);
      done.push(`drop:${step.drop}`);
      continue;
    }
    const { rows } = await query('SELECT to_regclass($1) IS NOT NULL AS there', [step.on]);
    if (!rows[0].there) continue;
    const state = await indexState(query, step.create);
    if (state === 'valid') continue;
    if (state === 'invalid') await query(`DROP INDEX ${how}IF EXISTS ${ident(step.create)}`);
    await query(`CREATE INDEX ${how}${ident(step.create)} ON ${ident(step.on)} ${step.definition}`);
    done.push(`create:${step.create}`);
  }
  return done;
}
