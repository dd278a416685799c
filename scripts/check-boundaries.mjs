// The module boundaries, checked on every `npm test` (docs/decisions/017-one-shape.md):
//  - a web feature never imports another feature (shared code lives in lib/, composition in app/);
//  - web lib/ imports neither features nor app/;
//  - a server module never imports another module's repository (it asks that module's service);
//  - server http/ and db/ (plumbing) import no module (the demo data set aside);
//  - jobs/ holds the queue and the one registry (index.ts): a module's jobs live beside it;
//  - nothing under modules/, jobs/, storage/ imports the registry (they are given its services: module-context.ts);
//  - the contracts import nothing of the apps;
//  - only the users module writes the users table (the import's set-based apply aside).
// Prints each violation as `file: imports target (rule)` and exits 1 when there is any.
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
    name: 'the contracts import nothing of the apps',
    broken: (file, target) => file.startsWith('packages/contracts/') && target.startsWith('apps/'),
  },
];

/** Statements that write the users table, in drizzle or in SQL. */
const USERS_WRITE = /\.(?:insert|update|delete)\(\s*users\s*\)|\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?users"?(?=[\s(]|$)/gim;
/** Where users may be written outside the users module: a million-row import cannot go one user at a time. */
const USERS_WRITERS_BESIDE = [`${SERVER}modules/user-imports/apply.ts`];

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
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = violations();
  for (const line of found) console.error(line);
  console.log(found.length === 0 ? 'boundaries: ok' : `boundaries: ${found.length} violation(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
