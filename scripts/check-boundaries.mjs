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
//    files of SQL_PLUMBING, each with its reason;
//  - the server's imports go one way: no cycle between its files (type-only imports count: a type
//    is a dependency too) and none between its modules (a module's tests aside), each cycle
//    printed with its files (decision 061);
//  - no function, method or factory closure passes 200 lines (check-unit-size.mjs).
// Prints each violation as `file: imports target (rule)` or `file: holds SQL on line n, … (rule)` and exits 1 when there is any.
import fs from 'node:fs';
import path from 'node:path';
import { longUnits, MAX_LINES } from './check-unit-size.mjs';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The repository-relative path an import names, or undefined for a package. */
function resolve(root, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return path.relative(root, path.resolve(path.dirname(from), specifier)).replace(/\.js$/, '');
}

/** The specifiers of a file's imports and re-exports (type-only ones too), in order. */
const importsOf = (text) => [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);

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
    name: 'modules, jobs and storage are given their services: none imports the composition root (registry.ts, composition/; their types are in module-context.ts)',
    broken: (file, target) =>
      ['modules/', 'jobs/', 'storage/'].some((dir) => file.startsWith(`${SERVER}${dir}`)) &&
      (target === `${SERVER}registry` || target.startsWith(`${SERVER}composition/`)),
  },
  {
    name: 'only repositories, db/ and set-based/ import db/schema: services ask a repository',
    broken: (file, target) => (target === `${SERVER}db/schema` || target.startsWith(`${SERVER}db/schema/`)) && !mayHoldSql(file),
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

/** Each group of nodes that reach one another (Tarjan's strongly connected components of more than one node), sorted. */
export function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The server file an import names: `x.js` is `x.ts`, a folder its `index.ts`. */
function serverFile(known, target) {
  return [`${target}.ts`, `${target}/index.ts`].find((file) => known.has(file));
}

/** Import cycles on the server: between its files, and between its modules (their tests aside). */
function importCycles(sources) {
  const server = sources.filter((s) => s.file.startsWith(SERVER));
  const known = new Set(server.map((s) => s.file));
  const files = new Map();
  const modules = new Map();
  for (const { file, targets } of server) {
    const to = targets.map((target) => serverFile(known, target)).filter(Boolean);
    files.set(file, to);
    const own = part(file, `${SERVER}modules/`);
    if (own === undefined || TESTS.some((re) => re.test(file))) continue;
    const edges = modules.get(own) ?? new Set();
    for (const target of to) {
      const other = part(target, `${SERVER}modules/`);
      if (other !== undefined && other !== own) edges.add(other);
    }
    modules.set(own, edges);
  }
  return [
    ...cyclesOf(files).map((group) => `import cycle between ${group.length} server files: ${group.join(', ')}`),
    ...cyclesOf(modules).map((group) => `import cycle between server modules: ${group.join(', ')}`),
  ];
}

/** Every broken rule under `root` (the repository; a test hands it a tree of its own). */
export function violations(root = repositoryRoot) {
  const found = [];
  const sources = [];
  for (const full of [...sourceFiles(path.join(root, 'apps')), ...sourceFiles(path.join(root, 'packages'))]) {
    const file = path.relative(root, full);
    const text = fs.readFileSync(full, 'utf8');
    const targets = importsOf(text)
      .map((specifier) => resolve(root, full, specifier))
      .filter(Boolean);
    sources.push({ file, targets });
    for (const target of targets) {
      for (const rule of rules) if (rule.broken(file, target)) found.push(`${file}: imports ${target} (${rule.name})`);
    }
    if (writesUsersOutsideOwner(file, text)) found.push(`${file}: writes the users table (only the users module writes it)`);
    const lines = mayHoldSql(file) ? [] : sqlLines(text);
    if (lines.length > 0) found.push(`${file}: holds SQL on line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} (${SQL_RULE})`);
  }
  return [...found, ...importCycles(sources)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = [
    ...violations(),
    ...longUnits().map((u) => `${u.file}:${u.line}: ${u.name} is ${u.lines} lines (no unit over ${MAX_LINES}: split it into named pieces)`),
  ];
  for (const line of found) console.error(line);
  console.log(found.length === 0 ? 'boundaries: ok' : `boundaries: ${found.length} violation(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
