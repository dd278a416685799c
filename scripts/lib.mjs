// Shared by start.mjs and test.mjs: install and build only what is missing or stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Installs exactly the lock file (`npm ci`) when node_modules is missing or older than it.
 * npm writes node_modules/.package-lock.json last, so after an `npm ci` (the CI's, say)
 * nothing is installed again. The lock file holds every platform's optional binaries
 * (biome is pinned to a version whose binaries the registry serves for all of them).
 */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (fs.existsSync(marker) && newestMtime(marker) >= newestMtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies...');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

const builds = [
  {
    dir: 'apps/web',
    out: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'],
  },
  { dir: 'apps/server', out: 'apps/server/dist/main.js', inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/contracts/src'] },
];

/** Builds the web app and the server (or only the builds of `dirs`) when their sources are newer than their output. */
export function ensureBuilt(dirs = builds.map((b) => b.dir)) {
  for (const b of builds.filter((x) => dirs.includes(x.dir))) {
    const built = newestMtime(path.join(root, b.out));
    const source = Math.max(...b.inputs.map((i) => newestMtime(path.join(root, i))), newestMtime(path.join(root, 'package-lock.json')));
    if (built >= source) continue;
    console.log(`Building ${b.dir}...`);
    if (run('npm', ['run', 'build', '-w', b.dir]) !== 0) process.exit(1);
  }
}
