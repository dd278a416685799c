/**
 * One clock per timestamp (docs/decisions/044-one-clock-per-timestamp.md): a time the SQL
 * sets or compares with the database's `now()` is one the decision gives to the database's
 * clock. Every other timestamp is written and compared with the console's injected clock, so
 * a `now()` beside any other column is a time compared with two clocks. The list below is
 * the decision's table; a new `now()` is either added there with its reason or is a mix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

/** Decision 044's table: per file, the columns whose time is the database's. */
const DATABASE_CLOCK: Record<string, string[]> = {
  'modules/user-imports/user-imports.repository.ts': ['finished_at', 'deleted_at', 'updated_at'],
  'modules/user-imports/user-import-actions.ts': ['confirmed_at'],
  'modules/user-imports/user-import-preferences.repository.ts': ['updated_at'],
  'modules/user-imports/pipeline.ts': ['finished_at', 'started_at'],
  'modules/user-imports/user-import-leases.repository.ts': ['lease_until'],
  'modules/user-imports/user-import-invitations.repository.ts': ['updated_at'],
  'modules/user-imports/set-based/apply.ts': ['disabled_at', 'updated_at', 'invited_at'],
  'modules/workflow-imports/workflow-import-items.repository.ts': ['updated_at'],
  'modules/workflow-imports/workflow-imports.repository.ts': ['finished_at'],
  'modules/webhooks/webhook-delivery-leases.repository.ts': ['leased_until', 'next_attempt_at'],
  'modules/webhooks/webhook-delivery-log.repository.ts': ['leased_until', 'next_attempt_at'],
  'modules/webhooks/webhook-delivery-retention.repository.ts': ['leased_until'],
  'modules/external-api/idempotency.repository.ts': ['running_until'],
};

/** A SQL `now()` (not `clock.now()`, `Date.now()` or a function of the file called `now`). */
const SQL_NOW = /(?<![\w.$])now\(\)|dbNow\(\)/;

/** The column each SQL `now()` of a line sets or is compared with. */
const COLUMN_AT_NOW = [
  // col = now(), col < now(), col = coalesce(col, now()), col: sql`now()`, col: dbNow()
  /(\w+)["`}]?\s*(?:=|<|>|<=|>=|:)\s*(?:coalesce\([\w.]+,\s*|sql`)?(?:now|dbNow)\(\)/g,
  // ${table.column} < now()
  /\$\{\w+\.(\w+)\}\s*(?:<|>|<=|>=|=)\s*now\(\)/g,
  // lease_until - now()
  /(\w+)\s*-\s*now\(\)/g,
];

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/^\w+\./, '');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `file:line column` for each SQL `now()` of `text`; `?` where no column is named beside it. */
function nowColumns(text: string): { line: number; column: string }[] {
  // Only code that writes SQL has a SQL now(); elsewhere `now()` is a function of the file (a clock's).
  if (!text.includes('sql`') && !text.includes('dbNow(')) return [];
  const found: { line: number; column: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$|^\s*\*.*$/, '');
    if (!SQL_NOW.test(code)) return;
    const columns = new Set<string>();
    for (const pattern of COLUMN_AT_NOW) for (const match of code.matchAll(pattern)) columns.add(snake(match[1] as string));
    if (columns.size === 0) columns.add('?');
    for (const column of columns) found.push({ line: index + 1, column });
  });
  return found;
}

describe('one clock per timestamp', () => {
  it("sets and compares with the database's now() only the times decision 044 gives to the database's clock", () => {
    const mixes: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const allowed = new Set(DATABASE_CLOCK[relative] ?? []);
      for (const { line, column } of nowColumns(fs.readFileSync(file, 'utf8'))) {
        // A `now()` on a line of its own continues the statement above (`- now()` of an interval's end).
        if (column === '?' && allowed.size > 0) continue;
        if (!allowed.has(column)) mixes.push(`${relative}:${line} ${column}`);
      }
    }
    expect(mixes).toEqual([]);
  });

  it('finds the column of each form a now() takes in the SQL', () => {
    expect(nowColumns('sql`UPDATE x SET updated_at = now() WHERE a`')).toEqual([{ line: 1, column: 'updated_at' }]);
    expect(nowColumns('  .set({ finishedAt: sql`now()` })')).toEqual([{ line: 1, column: 'finished_at' }]);
    expect(nowColumns('sql`CASE WHEN w.previous_secret_expires_at > now() THEN 1 END`')).toEqual([
      { line: 1, column: 'previous_secret_expires_at' },
    ]);
    expect(nowColumns(['sql`$', '{userImports.leaseUntil} < now()`'].join(''))).toEqual([{ line: 1, column: 'lease_until' }]);
    expect(nowColumns('const values = { status, finishedAt: dbNow() };')).toEqual([{ line: 1, column: 'finished_at' }]);
    expect(nowColumns('sql`SELECT 1`; const at = clock.now(); const t = Date.now();')).toEqual([]);
    expect(nowColumns('const { now } = clock; const at = now();')).toEqual([]);
  });
});
