// What each page the budget names loads before it shows (its JavaScript and CSS, gzip level 9,
// read from Vite's manifest of the production build), against the budgets of
// apps/web/size-budget.json. `npm test` runs it after the build (scripts/test.mjs); alone:
//   npm run build -w apps/web && node scripts/web-budget.mjs [dist folder, default apps/web/dist]
// It exits 1 naming each page and kind (JavaScript, CSS) over its budget, by how much, and that
// page's files largest first. bench/web-bundle.mjs prints the same figures and every lazy chunk.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
export const budgetFile = path.join(root, 'apps/web/size-budget.json');

/** The sizes of a build's pages: `pages` maps a page's name to the manifest entries it loads before it shows. */
export function measure(dist = path.join(root, 'apps/web/dist'), pages = readBudget().pages) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const gzipKB = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
    return gz.get(file);
  };
  const key = (suffix) => {
    // A source file by the end of its path; a chunk of a group (`_i18n-en-rest-`) by its name.
    const found = Object.keys(manifest).find((k) => (suffix.startsWith('_') ? k.startsWith(suffix) : k.endsWith(suffix)));
    if (!found) throw new Error(`no manifest entry ending ${suffix}: was it renamed? (apps/web/size-budget.json)`);
    return found;
  };
  /** A manifest entry's JavaScript and CSS with its static imports', recursively. */
  const closure = (k, files) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) closure(dep, files);
    return files;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const sizes = {};
  for (const [name, loads] of Object.entries(pages)) {
    const files = closure(entry, new Set());
    for (const suffix of loads) closure(key(suffix), files);
    const of = (ext) => [...files].filter((f) => f.endsWith(ext)).map((file) => ({ file, kb: round(gzipKB(file)) }));
    const js = of('.js').sort((a, b) => b.kb - a.kb);
    const css = of('.css').sort((a, b) => b.kb - a.kb);
    sizes[name] = { js: round(sum(js)), css: round(sum(css)), files: [...js, ...css] };
  }
  return { sizes, manifest, entry, gzipKB, closure };
}

export function readBudget() {
  return JSON.parse(fs.readFileSync(budgetFile, 'utf8'));
}

/** Each page and kind over its budget: a line naming it, by how much, and its files. */
export function overBudget(sizes, budgets) {
  const lines = [];
  for (const [name, budget] of Object.entries(budgets)) {
    for (const [kind, label] of [
      ['js', 'JavaScript'],
      ['css', 'CSS'],
    ]) {
      const size = sizes[name]?.[kind];
      if (size === undefined || budget[kind] === undefined || size <= budget[kind]) continue;
      const files = sizes[name].files.filter((f) => f.file.endsWith(kind === 'js' ? '.js' : '.css'));
      lines.push(
        `${name}: ${label} ${size} KB gzipped, over its budget of ${budget[kind]} KB by ${round(size - budget[kind])} KB` +
          ` (its files: ${files.map((f) => `${path.basename(f.file)} ${f.kb} KB`).join(', ')})`,
      );
    }
  }
  return lines;
}

const sum = (files) => files.reduce((s, f) => s + f.kb, 0);
const round = (kb) => Math.round(kb * 10) / 10;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pages, budgets } = readBudget();
  const { sizes } = measure(process.argv[2] ? path.resolve(process.argv[2]) : undefined, pages);
  for (const [name, s] of Object.entries(sizes)) {
    const b = budgets[name] ?? {};
    console.log(
      `${name.padEnd(16)} JS ${String(s.js).padStart(6)} KB (budget ${b.js ?? '-'})  CSS ${String(s.css).padStart(5)} KB (budget ${b.css ?? '-'})`,
    );
  }
  const over = overBudget(sizes, budgets);
  for (const line of over) console.error(`OVER BUDGET ${line}`);
  process.exit(over.length ? 1 : 0);
}
