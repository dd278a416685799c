/**
 * Staff's look-up of users by the start of their e-mail (docs/product.md, "Look-up"): every
 * organization's users whose address starts with the text, without case or accents, by address, in
 * keyset pages; the text's LIKE wildcards are letters like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('GET /users?email= (users by the start of their e-mail)', () => {
  let t: TestApp;
  let reader: SignedInStaff;
  let admin: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    reader = await signInStaff(t, { roles: ['read'], provider: 'google' });
    const acme = await createOrganization(db, { name: 'Acme' });
    const globex = await createOrganization(db, { name: 'Globex', disabledAt: new Date('2026-06-01T00:00:00Z') });
    const adminUser = await createUser(db, acme.id, { email: 'boss@acme.example', displayName: 'Boss' });
    admin = await signIn(t, adminUser.email!);
    for (const [key, org, email, extra] of [
      ['ana1', acme.id, 'Ana.Silva@acme.example', {}],
      ['ana2', globex.id, 'ana.souza@globex.example', {}],
      ['ana3', acme.id, 'ANA.Zed@acme.example', { disabledAt: new Date('2026-07-01T00:00:00Z') }],
      ['anabel', acme.id, 'anabel@acme.example', {}],
      ['wild', acme.id, 'a_b%c@acme.example', {}],
      ['abc', acme.id, 'axbyc@acme.example', {}],
    ] as const) {
      ids[key] = (await createUser(db, org, { email, displayName: key, ...extra })).id;
    }
    // A user without an address is never listed.
    await createUser(db, acme.id, { email: null, displayName: 'ana without e-mail' });
  });
  afterAll(() => t.close());

  const search = (query: string, who: { headers: Record<string, string> } = reader) =>
    t.app.inject({ url: `/api/users?${query}`, headers: who.headers });

  it('lists every organization’s users whose e-mail starts with the text, without case, by e-mail', async () => {
    const res = await search('email=%20ANA.%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: [
        {
          id: ids.ana1,
          displayName: 'ana1',
          email: 'Ana.Silva@acme.example',
          disabled: false,
          organization: { id: expect.any(String), name: 'Acme', disabled: false },
        },
        {
          id: ids.ana2,
          displayName: 'ana2',
          email: 'ana.souza@globex.example',
          disabled: false,
          organization: { id: expect.any(String), name: 'Globex', disabled: true },
        },
        {
          id: ids.ana3,
          displayName: 'ana3',
          email: 'ANA.Zed@acme.example',
          disabled: true,
          organization: { id: expect.any(String), name: 'Acme', disabled: false },
        },
      ],
      next: null,
    });
    // A whole address finds that user alone.
    expect((await search('email=anabel%40ACME.example')).json().users.map((u: { id: string }) => u.id)).toEqual([ids.anabel]);
  });

  it('pages by a keyset: `next` is the last address, and the pages neither overlap nor skip', async () => {
    const first = (await search('email=ana&limit=2')).json();
    expect(first.users.map((u: { id: string }) => u.id)).toEqual([ids.ana1, ids.ana2]);
    expect(first.next).toBe('ana.souza@globex.example');
    const second = (await search(`email=ana&limit=2&after=${encodeURIComponent(first.next)}`)).json();
    expect(second.users.map((u: { id: string }) => u.id)).toEqual([ids.ana3, ids.anabel]);
    expect(second.next).toBeNull();
    // The cursor compares without case too.
    const fromUpper = (await search(`email=ana&after=${encodeURIComponent('ANA.SOUZA@GLOBEX.EXAMPLE')}`)).json();
    expect(fromUpper.users.map((u: { id: string }) => u.id)).toEqual([ids.ana3, ids.anabel]);
  });

  it('compares without accents both ways, and pages addresses that fold alike without skipping one', async () => {
    const db = t.database.db;
    const org = await createOrganization(db, { name: 'Accents' });
    for (const email of ['müller@accents.example', 'muller@accents.example', 'MÜLLER.B@accents.example', 'peña@accents.example']) {
      await createUser(db, org.id, { email, displayName: email });
    }
    const emails = async (query: string) => (await search(query)).json().users.map((u: { email: string }) => u.email);
    const mullers = ['MÜLLER.B@accents.example', 'muller@accents.example', 'müller@accents.example'];
    for (const q of ['muller', 'MÜLLER', 'Mul']) expect(await emails(`email=${encodeURIComponent(q)}`), q).toEqual(mullers);
    expect(await emails('email=pena')).toEqual(['peña@accents.example']);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { users: { email: string }[]; next: string | null } = (
        await search(`email=muller&limit=1${after ? `&after=${encodeURIComponent(after)}` : ''}`)
      ).json();
      seen.push(...page.users.map((u) => u.email));
      after = page.next;
    } while (after && seen.length < 10);
    expect(seen).toEqual(mullers);
  });

  it('takes % and _ as the letters they are', async () => {
    expect((await search(`email=${encodeURIComponent('a_b%')}`)).json().users.map((u: { id: string }) => u.id)).toEqual([ids.wild]);
    expect((await search('email=a_')).json().users.map((u: { id: string }) => u.id)).toEqual([ids.wild]);
    expect((await search('email=zzz')).json()).toEqual({ users: [], next: null });
  });

  it('refuses an empty text, a page too large, and anyone but staff', async () => {
    expect((await search('email=%20%20')).statusCode).toBe(400);
    expect((await search('email=ana&limit=101')).statusCode).toBe(400);
    expect((await search('email=ana', admin)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users?email=ana' })).statusCode).toBe(401);
  });
});
