// Gzipped JavaScript and CSS of the production web build, from Vite's manifest: what each page
// of the size budget loads before it shows (scripts/web-budget.mjs, apps/web/size-budget.json),
// what it fetches once idle, and every lazy chunk.
// Usage: npm run build -w apps/web && node bench/web-bundle.mjs [--json] [dist folder]
import path from 'node:path';
import { measure, readBudget } from '../scripts/web-budget.mjs';

const distArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const dist = distArg ? path.resolve(distArg) : undefined;
const { pages, budgets } = readBudget();
// Code that every page fetches once it is idle (notifications), so that the first notice
// does not wait: not needed to show the page, but downloaded. (Menus load on hover or focus.)
const idle = ['src/lib/NotificationsHost.tsx'];
const withIdle = Object.fromEntries(Object.entries(pages).map(([name, loads]) => [`${name} + idle`, [...loads, ...idle]]));
const { sizes, manifest, entry, gzipKB, closure } = measure(dist, { ...pages, ...withIdle });

// Each lazy chunk with what it adds beyond the first script.
const entryFiles = closure(entry, new Set());
const round = (kb) => Math.round(kb * 10) / 10;
const lazy = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry)
  .map(([key, c]) => {
    const added = [...closure(key, new Set())].filter((f) => !entryFiles.has(f)).reduce((s, f) => s + gzipKB(f), 0);
    return { chunk: key.replace(/^src\//, ''), kb: round(gzipKB(c.file)), withDeps: round(added) };
  })
  .sort((a, b) => b.kb - a.kb);

const result = {
  pages: Object.fromEntries(
    Object.entries(sizes).map(([name, s]) => [name, { js: s.js, css: s.css, files: s.files.length, budget: budgets[name] }]),
  ),
  largestLazyChunk: lazy[0],
  lazyChunks: lazy,
};

if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  for (const [name, p] of Object.entries(result.pages)) {
    const budget = p.budget ? ` (budget ${p.budget.js} / ${p.budget.css})` : '';
    console.log(`${name.padEnd(24)} JS ${String(p.js).padStart(6)} KB, CSS ${p.css} KB gzipped, ${p.files} files${budget}`);
  }
  console.log(`largest lazy chunk: ${lazy[0].chunk} ${lazy[0].kb} KB gzipped (${lazy[0].withDeps} KB with the chunks it adds)`);
  for (const c of lazy) console.log(`  ${c.chunk.padEnd(56)} ${String(c.kb).padStart(6)} KB  (+deps ${c.withDeps} KB)`);
}
