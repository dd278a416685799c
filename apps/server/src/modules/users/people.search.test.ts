/**
 * The People search's three steps (people.repository.ts) give the same pages as a plain reading
 * of the rule: the users of the organization whose display name, given name, family name or
 * e-mail starts with the text without case or accents, that meet the filters, by name folded in
 * byte order then id, paged by the cursor. Small bounds make every step answer: step 1 (the walk ahead), step 2
 * (the name range and the sorted candidates), step 3 (the walk to the end) and the walk that
 * tests every row (when many e-mails match); each answer is checked page by page against the
 * rule, for searches of every length, case and filter.
 */
import type { PersonStatus, UserSource } from '@console/contracts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { users } from '../../db/schema.js';
import { createOrganization } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createPeopleRepository, type PeopleFilter, type SearchBounds } from './people.repository.js';

const GIVEN = ['Ana', 'ana', 'Andrés', 'Bruno', 'Carla', 'Chen', 'José', 'Josef', 'Mary', 'Mario', 'Zoë', 'Émile'];
const FAMILY = ['Smith', 'Smithers', 'Silva', 'Anders', 'Martínez', 'Marsh', 'Zhou', 'Ösel', 'Brown', 'O’Neil', 'Østergaard', 'Strauß'];
const SOURCES: UserSource[] = ['csv_import', 'scim', 'external_api', 'console'];

interface Person {
  id: string;
  displayName: string;
  givenName: string;
  familyName: string;
  email: string | null;
  source: UserSource;
  status: PersonStatus;
}

/** A small deterministic generator (the same users and searches every run). */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  return { next, pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

/** The rule's folding read plainly (search_fold(), migration 0031): marks away, lower case, the letters that do not decompose spelt out. */
const SPELT: Record<string, string> = { ø: 'o', đ: 'd', ð: 'd', ł: 'l', ħ: 'h', ı: 'i', ŧ: 't', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[øđðłħıŧßæœþ]/g, (c) => SPELT[c]);
const bytes = (s: string) => Buffer.from(fold(s), 'utf8');
const byNameThenId = (a: Person, b: Person) =>
  Buffer.compare(bytes(a.displayName), bytes(b.displayName)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const starts = (value: string | null, q: string) => (value === null ? false : fold(value).startsWith(fold(q)));

describe('the People search, step by step', () => {
  let t: TestApp;
  let orgId: string;
  const people: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    orgId = (await createOrganization(db)).id;
    const other = (await createOrganization(db)).id;
    const r = random(25);
    const rows: (typeof users.$inferInsert)[] = [];
    for (let i = 0; i < 240; i++) {
      const given = r.pick(GIVEN);
      const family = r.pick(FAMILY);
      // Most display names are "given family"; some "family, given"; some a nickname.
      const shape = r.next();
      const displayName = shape < 0.7 ? `${given} ${family}` : shape < 0.9 ? `${family}, ${given}` : `${r.pick(['Bo', 'Jo', 'Smitty'])}`;
      const email = r.next() < 0.1 ? null : `${r.pick(['', 'x.', 'j'])}${given.toLowerCase()}.${i}@${r.pick(['acme', 'smith'])}.example`;
      const source = r.pick(SOURCES);
      const kind = r.next();
      rows.push({
        organizationId: orgId,
        displayName,
        givenName: given,
        familyName: family,
        email,
        source,
        role: 'viewer',
        disabledAt: kind < 0.1 ? new Date() : null,
        scimDeletedAt: kind < 0.03 ? new Date() : null,
        invitedAt: kind >= 0.1 && kind < 0.3 ? new Date() : null,
      });
    }
    const made = await db.insert(users).values(rows).returning();
    for (const u of made) {
      people.push({
        id: u.id,
        displayName: u.displayName,
        givenName: u.givenName!,
        familyName: u.familyName!,
        email: u.email,
        source: u.source as UserSource,
        status: u.disabledAt || u.scimDeletedAt ? 'deactivated' : u.invitedAt && !u.lastLoginAt ? 'invited' : 'active',
      });
    }
    // Another organization with the very same people: never in the answers.
    await db.insert(users).values(rows.map((row, i) => ({ ...row, organizationId: other, email: row.email && `other.${i}.${row.email}` })));
  });
  afterAll(() => t.close());

  /** What the rule says a whole search is, in order. */
  const expected = (f: Omit<PeopleFilter, 'limit' | 'after'>) =>
    people
      .filter(
        (p) =>
          (!f.q || [p.displayName, p.givenName, p.familyName, p.email].some((v) => starts(v, f.q!))) &&
          (!f.status || p.status === f.status) &&
          (!f.source || p.source === f.source),
      )
      .sort(byNameThenId)
      .map((p) => p.id);

  /** The test database's connection, through a handle that writes down each statement it runs (drizzle's logger). */
  function loggedDb(statements: string[]): Db {
    const logger = { logQuery: (query: string) => statements.push(query) };
    const { pglite, pool } = t.database;
    return (pglite ? drizzlePglite(pglite, { schema, logger }) : drizzlePg(pool!, { schema, logger })) as unknown as Db;
  }

  /**
   * Which step answered a page, from its statements: the last step that ran (1: the walk ahead,
   * 2: the name range and the candidates, 3: the walk to the end; each a `WITH emails …`
   * statement; none without a search), unless a walk that tests every row came after it (4: many e-mails matched).
   * The page's rows of a step are read by their ids (`in (…)`); the walk reads them by the search.
   */
  function answeringStep(statements: string[]): number | undefined {
    const last = statements.findLastIndex((s) => s.startsWith('WITH emails AS ('));
    if (last < 0) return undefined;
    const step = statements[last].includes('walk AS (') ? 1 : statements[last].includes('others AS (') ? 2 : 3;
    const after = statements[last + 1];
    return after === undefined || / in \(/.test(after) ? step : 4;
  }

  /** Every page of a search with these bounds, and the steps that answered. */
  async function pages(bounds: SearchBounds, f: Omit<PeopleFilter, 'after'>) {
    const steps = new Set<number>();
    const statements: string[] = [];
    const repo = createPeopleRepository(loggedDb(statements), bounds);
    const seen: string[] = [];
    let after: PeopleFilter['after'];
    for (let n = 0; n < 300; n++) {
      statements.length = 0;
      const rows = await repo.page(orgId, { ...f, after });
      const step = answeringStep(statements);
      if (step) steps.add(step);
      expect(rows.length).toBeLessThanOrEqual(f.limit + 1);
      const shown = rows.slice(0, f.limit);
      seen.push(...shown.map((row) => row.id));
      if (rows.length <= f.limit) break;
      const last = shown.at(-1)!;
      after = { sortName: last.sortName, id: last.id };
    }
    return { seen, steps };
  }

  const searches = (seed: number) => {
    const r = random(seed);
    const texts = [
      'a',
      'A',
      'an',
      'ANA',
      'and',
      'jos',
      'José',
      'j',
      'x.',
      'sm',
      'SMITH',
      'smithers',
      'mar',
      'ö',
      'é',
      'o’',
      'zz',
      'bo',
      '1',
      'x.mary.',
      'zoe',
      'ZOË',
      'emile',
      'andres',
      'MARTINEZ',
      'osel',
      'Øster',
      'oster',
      'strauss',
      'STRAUS',
    ];
    return Array.from({ length: 40 }, () => ({
      q: r.pick(texts),
      status: r.next() < 0.3 ? r.pick(['active', 'deactivated', 'invited'] as const) : undefined,
      source: r.next() < 0.3 ? r.pick(SOURCES) : undefined,
      limit: 1 + Math.floor(r.next() * 7),
    }));
  };

  for (const [name, bounds, wanted] of [
    ['the walk ahead (step 1)', { walkRows: 2_000, candidatesMax: 10_000 }, [1]],
    ['the name range and the sorted candidates (step 2)', { walkRows: 3, candidatesMax: 10_000 }, [2]],
    ['the walk to the end (step 3) and the walk that tests every row (many e-mails)', { walkRows: 3, candidatesMax: 2 }, [3, 4]],
  ] as const) {
    it(`answers as the rule says through ${name}`, async () => {
      const steps = new Set<number>();
      for (const f of searches(wanted[0] * 7)) {
        const got = await pages(bounds, f);
        expect(got.seen, JSON.stringify(f)).toEqual(expected(f));
        for (const s of got.steps) steps.add(s);
      }
      for (const step of wanted) expect([...steps]).toContain(step);
    });
  }

  it('starts a search after any cursor, one before the matching names included', async () => {
    const everyone = [...people].sort(byNameThenId);
    const repo = (bounds: SearchBounds) => createPeopleRepository(t.database.db, bounds);
    for (const at of [0, 17, 120]) {
      const from = everyone[at];
      const after = { sortName: fold(from.displayName), id: from.id };
      const rank = (p: Person) => byNameThenId(p, from) > 0;
      for (const q of ['smith', 'jos', 'x.', 'b', 'zz', 'zoe', 'strauss']) {
        const want = expected({ q })
          .filter((id) => rank(people.find((p) => p.id === id)!))
          .slice(0, 5);
        for (const bounds of [
          { walkRows: 2_000, candidatesMax: 10_000 },
          { walkRows: 3, candidatesMax: 10_000 },
          { walkRows: 3, candidatesMax: 2 },
        ]) {
          const rows = await repo(bounds).page(orgId, { q, limit: 5, after });
          expect(
            rows.slice(0, 5).map((r) => r.id),
            `${q} after #${at} ${JSON.stringify(bounds)}`,
          ).toEqual(want);
        }
      }
    }
  });

  it('lists everyone in order without a search, by source and by status', async () => {
    for (const f of [{ limit: 7 }, { limit: 5, source: 'scim' as const }, { limit: 3, status: 'invited' as const }]) {
      expect((await pages({ walkRows: 3, candidatesMax: 2 }, f)).seen).toEqual(expected(f));
    }
  });
});
