/**
 * Comments say why the code is as it is, in terms that stay true: figures measured on one
 * machine one day, and the story of what the code did before, go stale in a comment, so they
 * live in bench/history.md (the runs) and the git log (the story). This reads every comment
 * line of the apps, packages and scripts for the words that tell such a story or quote a
 * measure against another.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const folders = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'scripts'];
const sourceFile = /\.(ts|tsx|mjs|js)$/;
const thisFile = path.relative(root, import.meta.filename);

/** What reads as history or as a measure compared with another, in a comment. */
const stale: [string, RegExp][] = [
  ['history ("used to")', /\bused to\b/i],
  ['a measure against another ("80 s instead of 1")', /\d\s?(ms|s|MB|kB|KB)\b[^.]*\b(instead of|against) \d/],
  ['a measure against what it was ("(was 226 MB)")', /\(was \d/],
  ['a date it happened ("since 2026-11-21")', /\b(since|until|on|as of) 20\d\d-\d\d-\d\d\b/],
  ['a measure someone saw ("clients saw a third time out")', /\bsaw (a|an|\d)/],
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules') && file !== thisFile);
}

/** The comment lines of a file: `//` comments and the lines of `/* … *\/` blocks. */
function commentLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: i + 1, text: line.trim() }))
    .filter(({ text: t }) => t.startsWith('//') || t.startsWith('/*') || t.startsWith('* ') || t === '*');
}

describe('comments', () => {
  it('tell no history and quote no measure against another', () => {
    const files = folders.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      commentLines(readFileSync(path.join(root, file), 'utf8')).flatMap(({ line, text }) =>
        stale.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}:${line} ${what}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
