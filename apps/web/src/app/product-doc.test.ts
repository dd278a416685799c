/**
 * docs/product.md says what the code does, where the two are cheap to hold side by side: a
 * label it quotes from the English catalogue, a route it describes, a behaviour it names.
 * Each check reads the document as it is written, so an edit of either side that leaves the
 * other behind fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sessionEndReasons } from '@console/contracts/auth-constants';
import { eventsRecordedByReads } from '@console/contracts/events';
import { USER_IMPORT_STATUSES } from '@console/contracts/user-imports';
import { describe, expect, it } from 'vitest';
import { isAuthResult } from '../features/auth/auth-results';
import auth from '../i18n/locales/en/auth.json';
import userImports from '../i18n/locales/en/userImports.json';
import { paths } from '../lib/paths';
import { pages } from './pages';

const product = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/product.md'), 'utf8');

/** The text of a section, from its heading to the next heading of any level. */
function section(heading: string): string {
  const start = product.indexOf(`\n${heading}\n`);
  expect(start, `docs/product.md has "${heading}"`).toBeGreaterThan(-1);
  const next = product.slice(start + heading.length + 2).search(/\n#+ /);
  return product.slice(start, next === -1 ? undefined : start + heading.length + 2 + next);
}

/** A bullet of a list, from `- **<name>**` to the next bullet or the end of its paragraph. */
function bullet(name: string): string {
  const start = product.indexOf(`- **${name}**`);
  expect(start, `docs/product.md has the bullet "${name}"`).toBeGreaterThan(-1);
  const end = product.slice(start + 2).search(/\n(- |\n)/);
  return product.slice(start, start + 2 + end).replace(/\s+/g, ' ');
}

/** The cells of the table row whose first cell is `first`. */
function row(text: string, first: string): string[] {
  const line = text.split('\n').find((l) => l.split('|')[1]?.trim() === first);
  expect(line, `a table row for ${first}`).toBeDefined();
  return (line as string)
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

describe('docs/product.md', () => {
  it('labels each user import status as the screen does', () => {
    const table = section('### How an import runs');
    for (const status of USER_IMPORT_STATUSES) {
      expect(row(table, `\`${status}\``)[1], status).toBe(userImports.status[status]);
    }
  });

  it('describes an organization as a page, which ?mode=edit opens with its edit form', () => {
    const page = pages.find((p) => p.path === 'super/organizations/:id');
    expect(page?.access).toBe('staff');
    const id = '0193a1b2-0000-7000-8000-000000000001';
    expect(paths.organization(id, 'edit')).toBe(`/super/organizations/${id}?mode=edit`);
    const [, screen] = row(section('### Routes'), '`/super/organizations/{id}`');
    expect(screen).toMatch(/^The organization's page/);
    expect(screen).toContain('`?mode=edit`');
  });

  it('says that what a read records (an export, a download) is recorded, never that it records no event', () => {
    for (const action of eventsRecordedByReads) {
      // audit_trail.exported: "export"; analytics_report.downloaded: "download".
      const verb = action.split('.')[1].replace(/ed$/, '');
      const denials = product
        .replace(/\s+/g, ' ')
        .split(/(?<=\.) /)
        .filter((sentence) => sentence.includes('records no event') && sentence.toLowerCase().includes(verb));
      expect(denials, action).toEqual([]);
      expect(product, action).toContain(`| \`${action}\` |`);
    }
  });

  it('says what the web app shows when a session ends: its reason, then the sign-in page that says it again', () => {
    const ends = bullet('Sessions end');
    expect(ends).toContain('`/?signedOut=<reason>`');
    for (const reason of sessionEndReasons) {
      expect(ends, reason).toContain(`\`${reason}\``);
      expect(section('### Sign-in (`/`)').replace(/\s+/g, ' '), reason).toContain(auth.revoked.reasons[reason]);
    }
  });

  it('says the demo sign-in details are printed at every start, a live link only to a terminal (as main.process.test.ts runs it)', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
    const signingIn = readme.slice(readme.indexOf('\n## Signing in\n'), readme.indexOf('\nMake a link for any'));
    for (const text of [bullet('One-time sign-in links'), signingIn.replace(/\s+/g, ' ')]) {
      expect(text).toContain('Every start');
      expect(text).toContain('terminal');
      expect(text).not.toMatch(/first start prints/i);
    }
  });

  it('sends invitations to the page each person is invited to: the console, or the platform’s app', () => {
    const invitations = bullet('Invitations');
    for (const page of ['accept', 'activate']) {
      expect(isAuthResult('invitation', page)).toBe(true);
      expect(invitations).toContain(`/auth/invitation/${page}?token=`);
    }
  });
});
