// Small units: no function, method or factory closure of the apps and the contracts passes
// MAX_LINES lines (tests aside: a describe block grows with its cases). A factory that grows past
// it is split into named pieces a reader can take in one at a time. Run by check-boundaries.mjs,
// so `npm test` and `npm run lint` catch the next one; run alone it lists every unit over the limit.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 200;
/** Units let past the limit, each with its reason (`file:name`): none. */
const ALLOWED = new Set();
const root = path.resolve(import.meta.dirname, '..');
const DIRS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
const TEST = /\.(test|spec)\.tsx?$|\/test\//;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'migrations') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The name a reader knows a function by: its own, or that of what holds it. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function-like unit over `maxLines` lines, those of ALLOWED only when asked: `{ file, line, name, lines }`. */
export function longUnits(maxLines = MAX_LINES, { withAllowed = false } = {}) {
  const found = [];
  for (const dir of DIRS) {
    for (const full of sourceFiles(path.join(root, dir))) {
      const file = path.relative(root, full);
      if (TEST.test(file)) continue;
      const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, kind);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > maxLines && (withAllowed || !ALLOWED.has(`${file}:${nameOf(node)}`)))
            found.push({ file, line: start + 1, name: nameOf(node), lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Run alone, it lists the allowed ones too: what is left to split.
  const found = longUnits(MAX_LINES, { withAllowed: true });
  for (const u of found) console.log(`${u.file}:${u.line} ${u.name} (${u.lines} lines)`);
  console.log(`${found.length} unit(s) over ${MAX_LINES} lines`);
}
