/**
 * Every decision record in docs/decisions has the parts docs/decisions/README.md promises, in
 * its order: a record that skips the alternatives it weighed reads as if there were none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../../../../docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const parts = [
  { name: 'Context', heading: /^## Context$/ },
  { name: 'Decision', heading: /^## Decisions?$/ },
  { name: 'Alternatives weighed', heading: /^## Alternatives( weighed)?$/ },
  { name: 'Consequences', heading: /^## Consequences$/ },
];
const partNames = parts.map((part) => part.name).join(', ');

/** The text under the heading `line`, up to the next heading of its level. */
function body(text: string, line: string): string {
  const rest = text.slice(text.indexOf(`\n${line}\n`) + line.length + 2);
  const next = rest.search(/\n## /);
  return (next === -1 ? rest : rest.slice(0, next)).trim();
}

describe('docs/decisions', () => {
  it('has records to read', () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)('%s has its context, decision, alternatives weighed and consequences, in order', (name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    const headings = text.split('\n').filter((line) => line.startsWith('## '));
    const found = parts.map((part) => headings.findIndex((h) => part.heading.test(h)));
    expect(
      found.every((index) => index !== -1),
      `${name} has ${partNames}: ${headings.join(' | ')}`,
    ).toBe(true);
    expect(
      [...found].sort((a, b) => a - b),
      `${name} keeps the order ${partNames}`,
    ).toEqual(found);
    for (const index of found) {
      expect(body(text, headings[index]).length, `${name}: "${headings[index]}" has text`).toBeGreaterThan(0);
    }
  });
});
