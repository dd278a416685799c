/**
 * The trail's search of target names without accents or case (decision 067), through both of
 * its steps (decision 056: the newest events walked, then the folded names' trigram index):
 * "muller" finds Müller and MÜLLER, "Peña" finds Pena, ß, ø and æ as their plain spellings,
 * and a plain word finds what it found before; the screen's call passes the text as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createEventsTrailRepository, type TrailPosition } from './events-trail.repository.js';

describe('the trail’s search without accents or case', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId: string;
  /** Each target's name, by its event's id; the events newest first. */
  const named = new Map<string, string>();
  let newestFirst: string[] = [];

  const NAMES = [
    'Jürgen Müller',
    'ANNA MÜLLER',
    'Tom Muller',
    'Inés Peña',
    'Jose Pena',
    'Søren Østergaard',
    'Lena Strauß',
    'Æsa Lind',
    'LMS sync',
    'Ana Lima',
    'people-42.csv',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db);
    orgId = org.id;
    const me = await createUser(db, org.id, { displayName: 'Zed Admin' });
    admin = await signIn(t, me.email!);
    // Three rounds of every name, an hour apart: pages of 2 cross the steps' boundary.
    const rows = Array.from({ length: NAMES.length * 3 }, (_, i) => ({
      organizationId: orgId,
      action: 'user.updated',
      actorType: 'user',
      actorId: me.id,
      actorName: 'Zed Admin',
      targets: [{ type: 'user', id: `u-${i}`, name: NAMES[i % NAMES.length] }],
      occurredAt: new Date(Date.UTC(2026, 5, 1, 0, 0, 0) + i * 3_600_000),
    }));
    const made = await db.insert(events).values(rows).returning();
    for (const e of made) named.set(e.id, (e.targets as { name: string }[])[0].name);
    newestFirst = [...made].sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime()).map((e) => e.id);
  });
  afterAll(() => t.close());

  /** Every page of a search of `words`, pages of 2, with the first step walking `searchWalk` events: the names found, newest first. */
  async function search(words: string[], searchWalk: number) {
    const repo = createEventsTrailRepository(t.database.db, { searchWalk });
    const seen: string[] = [];
    let after: TrailPosition | undefined;
    for (;;) {
      const rows = await repo.page(orgId, { words }, { after, limit: 2, order: 'newest' });
      seen.push(...rows.map((r) => r.id));
      after = rows.at(-1)?.position;
      if (rows.length < 2) break;
    }
    return seen;
  }
  const eventsNaming = (...names: string[]) => newestFirst.filter((id) => names.includes(named.get(id)!));

  const cases: [string[], string[]][] = [
    [['muller'], ['Jürgen Müller', 'ANNA MÜLLER', 'Tom Muller']],
    [['MÜLLER'], ['Jürgen Müller', 'ANNA MÜLLER', 'Tom Muller']],
    [['Pena'], ['Inés Peña', 'Jose Pena']],
    [['peña'], ['Inés Peña', 'Jose Pena']],
    [['ines', 'PENA'], ['Inés Peña']],
    [['jürgen'], ['Jürgen Müller']],
    [['strauss'], ['Lena Strauß']],
    [['oster'], ['Søren Østergaard']],
    [['aesa'], ['Æsa Lind']],
    [['lms'], ['LMS sync']],
    [['ana', 'lima'], ['Ana Lima']],
    [['42.csv'], ['people-42.csv']],
    [['4_'], []],
    [['ull'], ['Jürgen Müller', 'ANNA MÜLLER', 'Tom Muller']],
  ];

  for (const searchWalk of [1, 4, 2000]) {
    it(`finds names written with or without accents, in any case, the first step walking ${searchWalk}`, async () => {
      for (const [words, names] of cases) expect(await search(words, searchWalk), words.join(' ')).toEqual(eventsNaming(...names));
    });
  }

  it('answers the screen’s call for "Muller" with Müller’s events', async () => {
    const res = await t.app.inject({ url: '/api/events?q=Muller&limit=50', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((res.json().events as { id: string }[]).map((e) => e.id)).toEqual(eventsNaming('Jürgen Müller', 'ANNA MÜLLER', 'Tom Muller'));
  });
});
