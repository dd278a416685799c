/**
 * The People search without accents or case (decision 067): "Muller" finds Müller, "Pena"
 * Peña, "muller" MÜLLER, and a text typed with accents finds names written without them, by
 * the display, given or family name and the e-mail; ß, ø and æ as their plain spellings; the
 * order puts an accented initial among its letter; a plain search finds what it found before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('the People search without accents or case', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db);
    const me = await createUser(db, org.id, { displayName: 'Zed Admin', email: 'zed.admin@accents.example' });
    admin = await signIn(t, me.email!);
    const people: [string, string, string, string][] = [
      ['Jürgen Müller', 'Jürgen', 'Müller', 'j.mueller@accents.example'],
      ['ANNA MÜLLER', 'ANNA', 'MÜLLER', 'anna.m@accents.example'],
      ['Tom Muller', 'Tom', 'Muller', 'tom@accents.example'],
      ['Inés Peña', 'Inés', 'Peña', 'ines@accents.example'],
      ['Jose Pena', 'Jose', 'Pena', 'jose@accents.example'],
      ['Émile Zola', 'Émile', 'Zola', 'emile@accents.example'],
      ['Søren Østergaard', 'Søren', 'Østergaard', 'soren@accents.example'],
      ['Lena Strauß', 'Lena', 'Strauß', 'lena@accents.example'],
      ['Æsa Lind', 'Æsa', 'Lind', 'aesa@accents.example'],
      ['Ana Lima', 'Ana', 'Lima', 'ana.lima@accents.example'],
      ['Eve Adams', 'Eve', 'Adams', 'eve@accents.example'],
      ['Zoë Ng', 'Zoë', 'Ng', 'zoë.ng@accents.example'],
    ];
    for (const [displayName, givenName, familyName, email] of people) {
      await createUser(db, org.id, { displayName, givenName, familyName, email });
    }
  });
  afterAll(() => t.close());

  const names = async (q: string) => {
    const res = await t.app.inject({ url: `/api/people?q=${encodeURIComponent(q)}&limit=50`, headers: admin.headers });
    expect(res.statusCode, q).toBe(200);
    return (res.json().people as { name: string }[]).map((p) => p.name);
  };

  const muellers = ['ANNA MÜLLER', 'Jürgen Müller', 'Tom Muller'];
  /** Each case: what it shows, and the texts typed with the names each one finds. */
  const searches: [string, [string, string[]][]][] = [
    [
      'finds Müller by "Muller" and "muller", and MÜLLER and Muller by "Müller", by the family name',
      ['Muller', 'muller', 'MULLER', 'Müller', 'MÜLLER', 'mü'].map((q) => [q, muellers]),
    ],
    [
      'finds Peña by "Pena" and Pena by "Peña", by the given and display name too',
      [
        ...['Pena', 'peña', 'PEÑ'].map((q): [string, string[]] => [q, ['Inés Peña', 'Jose Pena']]),
        ['ines', ['Inés Peña']],
        ['JOSÉ', ['Jose Pena']],
        ['jurgen', ['Jürgen Müller']],
      ],
    ],
    [
      'spells ß, ø and æ as ss, o and ae, both ways',
      [
        ['strauss', ['Lena Strauß']],
        ['STRAUß', ['Lena Strauß']],
        ['oster', ['Søren Østergaard']],
        ['soren', ['Søren Østergaard']],
        ['ae', ['Æsa Lind']],
        ['Æs', ['Æsa Lind']],
      ],
    ],
    [
      'finds an e-mail typed without its accents',
      [
        ['zoe.ng@', ['Zoë Ng']],
        ['ZOË.NG@ACCENTS', ['Zoë Ng']],
      ],
    ],
    [
      'finds by a plain search what it found before',
      [
        ['ana', ['Ana Lima']],
        ['LIM', ['Ana Lima']],
        ['tom@', ['Tom Muller']],
        ['ull', []],
        ['x', []],
      ],
    ],
  ];
  for (const [title, cases] of searches) {
    it(title, async () => {
      for (const [q, found] of cases) expect(await names(q), q).toEqual(found);
    });
  }

  it('orders an accented initial among its letter', async () => {
    const res = await t.app.inject({ url: '/api/people?limit=50', headers: admin.headers });
    const order = (res.json().people as { name: string }[]).map((p) => p.name);
    expect(order.indexOf('Émile Zola')).toBe(order.indexOf('Eve Adams') - 1);
    expect(order.at(-2)).toBe('Zed Admin');
    expect(order.at(-1)).toBe('Zoë Ng');
  });
});
