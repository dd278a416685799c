/**
 * MUI 9's Typography takes `color="textSecondary"` or `"warning"`, and silently ignores a
 * palette path such as `"text.secondary"` (the text comes out black): every secondary line
 * of the console had lost its grey. No component of ours may pass one again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
const PALETTE_PATH_PROP = /\scolor="(?:primary|secondary|error|warning|info|success|text|grey)\.[a-zA-Z0-9]+"/g;

function* components(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* components(full);
    else if (entry.name.endsWith('.tsx')) yield full;
  }
}

describe('colours of text', () => {
  it('are given as MUI 9 reads them (textSecondary, warning), never as a palette path in a color prop', () => {
    const found: string[] = [];
    for (const file of components(src)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(PALETTE_PATH_PROP)) {
        found.push(`${path.relative(src, file)}:${match[0].trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
