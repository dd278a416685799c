// The module boundaries, checked on every `npm test` (docs/decisions/017-one-shape.md):
//  - a web feature never imports another feature (shared code lives in lib/, composition in app/);
//  - web lib/ imports neither features nor app/;
//  - a server module never imports another module's repository (it asks that module's service);
//  - server http/ and db/ (plumbing) import no module (the demo data set aside);
//  - jobs/ holds the queue and the one registry (index.ts): a module's jobs live beside it;
//  - nothing under modules/, jobs/, storage/ imports the registry (they are given its services: module-context.ts);
//  - the contracts import nothing of the apps;
//  - only the users module writes the users table (the import's set-based apply aside);
//  - SQL lives in repositories: on the server only a `*.repository.ts`, db/ (plumbing) and the
//    user import's set-based steps (modules/user-imports/set-based/) import db/schema or hold
//    SQL, that is drizzle's query builders called on an executor (`db.`, `tx.`, `root.`), a
//    sql`…` template or `executeSql(`; tests and their fixtures aside, and the few plumbing
//    files of SQL_PLUMBING, each with its reason.
// Prints each violation as `file: imports target (rule)` or `file: holds SQL on line n, … (rule)` and exits 1 when there is any.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The repository-relative path an import names, or undefined for a package. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return path.relative(root, path.resolve(path.dirname(from), specifier)).replace(/\.js$/, '');
}

const part = (file, prefix) => (file.startsWith(prefix) ? file.slice(prefix.length).split('/')[0] : undefined);

const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';

const rules = [
  {
    name: 'a web feature imports only itself, lib/ and i18n/',
    broken: (file, target) => {
      const own = part(file, `${WEB}features/`);
      const other = part(target, `${WEB}features/`);
      return own !== undefined && other !== undefined && other !== own;
    },
  },
  {
    name: 'web lib/ imports no feature and nothing of app/',
    broken: (file, target) => file.startsWith(`${WEB}lib/`) && (target.startsWith(`${WEB}features/`) || target.startsWith(`${WEB}app/`)),
  },
  {
    name: "a server module never imports another module's repository",
    broken: (file, target) => {
      const own = part(file, `${SERVER}modules/`);
      const other = part(target, `${SERVER}modules/`);
      return own !== undefined && other !== undefined && other !== own && /\.repository$/.test(target);
    },
  },
  {
    name: 'server http/ and db/ are plumbing: they import no module',
    broken: (file, target) =>
      (file.startsWith(`${SERVER}http/`) || file.startsWith(`${SERVER}db/`)) &&
      !/\.test\.ts$/.test(file) &&
      // The demo data makes users with the auth module's password hash.
      !file.startsWith(`${SERVER}db/demo-data/`) &&
      target.startsWith(`${SERVER}modules/`),
  },
  {
    name: 'jobs live beside their module: only jobs/index.ts (the registry) imports modules',
    broken: (file, target) =>
      file.startsWith(`${SERVER}jobs/`) &&
      !/\.test\.ts$/.test(file) &&
      file !== `${SERVER}jobs/index.ts` &&
      target.startsWith(`${SERVER}modules/`),
  },
  {
    name: 'modules, jobs and storage are given their services: none imports registry.ts (their types are in module-context.ts)',
    broken: (file, target) =>
      ['modules/', 'jobs/', 'storage/'].some((dir) => file.startsWith(`${SERVER}${dir}`)) && target === `${SERVER}registry`,
  },
  {
    name: 'only repositories, db/ and set-based/ import db/schema: services ask a repository',
    broken: (file, target) => target === `${SERVER}db/schema` && !mayHoldSql(file),
  },
  {
    name: 'the contracts import nothing of the apps',
    broken: (file, target) => file.startsWith('packages/contracts/') && target.startsWith('apps/'),
  },
];

/** Where SQL and db/schema belong: repositories, the db/ plumbing (the demo data among it), the import's set-based steps. */
const SQL_PLACES = [/\.repository\.ts$/, new RegExp(`^${SERVER}db/`), new RegExp(`^${SERVER}modules/user-imports/set-based/`)];
/** Tests reach the database directly to set up and check what they assert. */
const TESTS = [/\.test\.ts$/, /\.fixtures\.ts$/, new RegExp(`^${SERVER}test/`)];
/** Plumbing outside db/ that holds SQL of tables no repository owns, each with its reason. */
const SQL_PLUMBING = [
  // pg-boss's own tables (schema pgboss): the queue hands pg-boss its executeSql and is their one reader beside it.
  `${SERVER}jobs/queue.ts`,
];

function mayHoldSql(file) {
  if (!file.startsWith(SERVER)) return true;
  return SQL_PLACES.some((re) => re.test(file)) || TESTS.some((re) => re.test(file)) || SQL_PLUMBING.includes(file);
}

/**
 * SQL in a line of code: a drizzle query builder called on an executor (the names every
 * repository and service gives a database or transaction: db, tx, root), a sql`…` template
 * (drizzle's), or a raw executeSql( call. Comments are left out first.
 */
const SQL_CODE =
  /\b(?:db|tx|root)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query|\$count)\b|\bsql\s*`|\bsql\.raw\s*\(|\bexecuteSql\s*\(/;

const SQL_RULE = 'SQL only in repositories, db/ and set-based/: drizzle builders on db/tx/root, sql`…`, sql.raw, executeSql';

/** Line numbers (1-based) of the lines that hold SQL, comments aside. */
function sqlLines(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found = [];
  code.split('\n').forEach((line, i) => {
    if (SQL_CODE.test(line.replace(/(?:^|\s)\/\/.*$/, ''))) found.push(i + 1);
  });
  return found;
}

/** Statements that write the users table, in drizzle or in SQL. */
const USERS_WRITE = /\.(?:insert|update|delete)\(\s*users\s*\)|\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?users"?(?=[\s(]|$)/gim;
/** Where users may be written outside the users module: a million-row import cannot go one user at a time. */
const USERS_WRITERS_BESIDE = [`${SERVER}modules/user-imports/set-based/apply.ts`];

function writesUsersOutsideOwner(file, text) {
  if (!file.startsWith(SERVER) || !/\.ts$/.test(file) || /\.test\.ts$/.test(file)) return false;
  if (file.startsWith(`${SERVER}modules/users/`) || file.startsWith(`${SERVER}db/`) || file.startsWith(`${SERVER}test/`)) return false;
  if (USERS_WRITERS_BESIDE.includes(file)) return false;
  USERS_WRITE.lastIndex = 0;
  return USERS_WRITE.test(text);
}

export function violations(files = [...sourceFiles(path.join(root, 'apps')), ...sourceFiles(path.join(root, 'packages'))]) {
  const found = [];
  for (const full of files) {
    const file = path.relative(root, full);
    const text = fs.readFileSync(full, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(full, m[1] ?? m[2] ?? m[3]);
      if (!target) continue;
      for (const rule of rules) if (rule.broken(file, target)) found.push(`${file}: imports ${target} (${rule.name})`);
    }
    if (writesUsersOutsideOwner(file, text)) found.push(`${file}: writes the users table (only the users module writes it)`);
    const lines = mayHoldSql(file) ? [] : sqlLines(text);
    if (lines.length > 0) found.push(`${file}: holds SQL on line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} (${SQL_RULE})`);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = violations();
  for (const line of found) console.error(line);
  console.log(found.length === 0 ? 'boundaries: ok' : `boundaries: ${found.length} violation(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
