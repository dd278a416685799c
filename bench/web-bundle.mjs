// Gzipped JavaScript of the production web build, from Vite's manifest:
// what the sign-in page and the dashboard load, and the largest lazy chunk.
// Usage: npm run build -w apps/web && node bench/web-bundle.mjs [--json]
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gz = new Map();
function gzipKB(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
}

/** Every JS file a manifest entry loads before it runs: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

function findKey(suffix) {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no manifest entry ending ${suffix}`);
  return key;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
function pageLoad(...pageSuffixes) {
  const files = closure(entry);
  for (const suffix of pageSuffixes) closure(findKey(suffix), files);
  const kb = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKB(f), 0);
  return { files: files.size, kb: Math.round(kb * 10) / 10 };
}

// Each lazy route chunk with what it adds beyond the entry's closure.
const entryFiles = closure(entry);
const lazy = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry)
  .map(([key, c]) => {
    const own = gzipKB(c.file);
    const added = [...closure(key)].filter((f) => !entryFiles.has(f) && f.endsWith('.js')).reduce((s, f) => s + gzipKB(f), 0);
    return { chunk: key.replace(/^src\//, ''), kb: Math.round(own * 10) / 10, withDeps: Math.round(added * 10) / 10 };
  })
  .sort((a, b) => b.kb - a.kb);

// Code that every page fetches once it is idle (notifications), so that the first notice
// does not wait: not needed to show the page, but downloaded. (Menus load on hover or focus.)
const idle = ['lib/NotificationsHost.tsx'];
const result = {
  signInPage: pageLoad('features/auth/pages/HomePage.tsx'),
  signInPageWithIdle: pageLoad('features/auth/pages/HomePage.tsx', ...idle),
  // The account card is in the dashboard's own chunks (cards.tsx imports it), no lazy chunk of its own.
  dashboard: pageLoad('app/dashboard/DashboardPage.tsx'),
  dashboardWithIdle: pageLoad('app/dashboard/DashboardPage.tsx', ...idle),
  largestLazyChunk: lazy[0],
  lazyChunks: lazy,
};

if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  const line = (name, a, b) =>
    console.log(`${name.padEnd(16)} ${a.kb} KB gzipped to show it (${a.files} files); ${b.kb} KB with what it prefetches when idle`);
  line('sign-in page JS:', result.signInPage, result.signInPageWithIdle);
  line('dashboard JS:', result.dashboard, result.dashboardWithIdle);
  console.log(`largest lazy chunk: ${lazy[0].chunk} ${lazy[0].kb} KB gzipped (${lazy[0].withDeps} KB with the chunks it adds)`);
  for (const c of lazy) console.log(`  ${c.chunk.padEnd(48)} ${String(c.kb).padStart(6)} KB  (+deps ${c.withDeps} KB)`);
}
