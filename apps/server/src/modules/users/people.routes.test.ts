/**
 * The People screen's calls: only an Organizational Admin, only their organization's users
 * (never another's, never staff); status and source as the product says; keyset pages that
 * neither overlap nor skip, ties of names included; search by the start of any name or the
 * e-mail without case, wildcards taken literally; filters by status and source; a forged
 * cursor is a 400; one person with their profile, manager (by name) and teams.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, users, userTeams } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { encodeCursor } from './people.service.js';

type Row = { id: string; name: string; email: string | null; role: string; status: string; source: string; updatedAt: string };
type Page = { people: Row[]; next: string | null };

describe('the People screen’s calls', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId: string;
  let adminId: string;
  const made: Record<string, string> = {};

  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db);
    orgId = org.id;
    const me = await createUser(db, org.id, { displayName: 'Zoe Admin', email: 'zoe.admin@people.example' });
    adminId = me.id;
    admin = await signIn(t, me.email!);

    /** The organization's people by the key the cases name them with. */
    const people: Record<string, Partial<typeof users.$inferInsert>> = {
      ana: { displayName: 'Ana Lima', email: 'ana.lima@people.example', source: 'csv_import', createdAt: at('2026-01-01T10:00:00Z') },
      bob: {
        displayName: 'bob stone',
        email: 'b.stone@people.example',
        source: 'scim',
        givenName: 'Robert',
        familyName: 'Stone',
        createdAt: at('2026-01-02T10:00:00Z'),
        updatedAt: at('2026-02-02T10:00:00Z'),
      },
      carla: { displayName: 'Carla Díaz', email: 'carla@people.example', source: 'external_api', disabledAt: at('2026-03-01T00:00:00Z') },
      dan: { displayName: 'Dan 100%_Sure', email: 'dan@people.example', source: 'scim', scimDeletedAt: at('2026-03-01T00:00:00Z') },
      eve: { displayName: 'Eve Invited', email: 'eve@people.example', invitedAt: at('2026-03-01T00:00:00Z') },
      eve2: {
        displayName: 'EVE INVITED',
        email: 'eve2@people.example',
        invitedAt: at('2026-03-01T00:00:00Z'),
        lastLoginAt: at('2026-03-02T00:00:00Z'),
      },
      noMail: { displayName: 'Frank Nomail', email: null, employeeId: 'E-7' },
    };
    // One at a time, in this order: ids are time-ordered, and ties of names are ordered by id.
    for (const [key, values] of Object.entries(people)) {
      made[key] = (await createUser(db, org.id, { role: 'viewer', ...values })).id;
    }

    // Another organization's people and staff never show.
    const other = await createOrganization(db);
    await createUser(db, other.id, { displayName: 'Ana Other', email: 'ana.other@elsewhere.example' });
    await signInStaff(t, { roles: ['read'] });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = admin.headers) => t.app.inject({ url: `/api${url}`, headers });
  const list = async (query = '') => {
    const res = await get(`/people${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const names = (page: Page) => page.people.map((p) => p.name);

  it('refuses anyone but an Organizational Admin', async () => {
    const { db } = t.database;
    const user = await createUser(db, orgId, { displayName: 'Paul Publisher' });
    const publisher = await signIn(t, user.email!);
    await db.update(users).set({ role: 'publisher' }).where(eq(users.id, user.id));
    expect((await get('/people', {})).statusCode).toBe(401);
    expect((await get('/people', publisher.headers)).statusCode).toBe(403);
    expect((await get(`/person/${made.ana}`, publisher.headers)).statusCode).toBe(403);
    await db.delete(users).where(eq(users.id, user.id));
  });

  it('lists the organization’s people by name without case, with status, source and last change', async () => {
    const page = await list();
    expect(names(page)).toEqual([
      'Ana Lima',
      'bob stone',
      'Carla Díaz',
      'Dan 100%_Sure',
      // Equal without case: by id, in the order they were made (ids are time-ordered).
      'Eve Invited',
      'EVE INVITED',
      'Frank Nomail',
      'Zoe Admin',
    ]);
    expect(page.next).toBeNull();
    const byName = Object.fromEntries(page.people.map((p) => [p.name, p]));
    expect(byName['Ana Lima']).toEqual({
      id: made.ana,
      name: 'Ana Lima',
      email: 'ana.lima@people.example',
      role: 'viewer',
      status: 'active',
      source: 'csv_import',
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
    expect(byName['bob stone'].updatedAt).toBe('2026-02-02T10:00:00.000Z');
    expect(byName['Carla Díaz'].status).toBe('deactivated');
    expect(byName['Dan 100%_Sure'].status).toBe('deactivated');
    expect(byName['Eve Invited'].status).toBe('invited');
    expect(byName['EVE INVITED'].status).toBe('active');
    expect(byName['Frank Nomail'].email).toBeNull();
    expect(byName['Zoe Admin']).toMatchObject({ id: adminId, role: 'org_admin', source: 'console' });
  });

  it('pages by a keyset that neither overlaps nor skips, ties of names included', async () => {
    const all = names(await list());
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let after: string | null = null;
      let calls = 0;
      do {
        const page: Page = await list(`?limit=${limit}${after ? `&after=${after}` : ''}`);
        expect(page.people.length).toBeLessThanOrEqual(limit);
        seen.push(...names(page));
        after = page.next;
        calls++;
      } while (after && calls < 20);
      expect(seen, `limit ${limit}`).toEqual(all);
      expect(calls).toBe(Math.ceil(all.length / limit));
    }
  });

  it('searches the start of the display, given or family name or of the e-mail, without case; nothing is a wildcard', async () => {
    expect(names(await list('?q=LIMA'))).toEqual(['Ana Lima']);
    expect(names(await list('?q=robert'))).toEqual(['bob stone']);
    expect(names(await list('?q=Sto'))).toEqual(['bob stone']);
    expect(names(await list('?q=b.stone@'))).toEqual(['bob stone']);
    expect(names(await list('?q=zoe.admin@people.example'))).toEqual(['Zoe Admin']);
    expect(names(await list('?q=d%C3%ADaz'))).toEqual(['Carla Díaz']);
    // Dan's family name, taken from his display name, is "100%_Sure": % and _ match only themselves.
    expect(names(await list('?q=100%25_'))).toEqual(['Dan 100%_Sure']);
    expect(names(await list('?q=100%25x'))).toEqual([]);
    expect(names(await list('?q=_'))).toEqual([]);
    expect(names(await list('?q=%25'))).toEqual([]);
    expect(names(await list('?q=%20%20'))).toEqual(names(await list()));
    expect(names(await list('?q=ana'))).toEqual(['Ana Lima']);
    expect(names(await list('?q=ima'))).toEqual([]);
    expect(names(await list('?q=nobody-at-all'))).toEqual([]);
    expect(names(await list('?q=inv&limit=1'))).toEqual(['Eve Invited']);
  });

  it('filters by status and by source, with a search and across pages', async () => {
    expect(names(await list('?status=deactivated'))).toEqual(['Carla Díaz', 'Dan 100%_Sure']);
    expect(names(await list('?status=invited'))).toEqual(['Eve Invited']);
    expect(names(await list('?status=active'))).toEqual(['Ana Lima', 'bob stone', 'EVE INVITED', 'Frank Nomail', 'Zoe Admin']);
    expect(names(await list('?source=scim'))).toEqual(['bob stone', 'Dan 100%_Sure']);
    expect(names(await list('?source=scim&status=active'))).toEqual(['bob stone']);
    expect(names(await list('?source=console&q=eve'))).toEqual(['Eve Invited', 'EVE INVITED']);
    const first = await list('?source=console&limit=2');
    expect(names(first)).toEqual(['Eve Invited', 'EVE INVITED']);
    expect(names(await list(`?source=console&limit=2&after=${first.next}`))).toEqual(['Frank Nomail', 'Zoe Admin']);
  });

  it('refuses a cursor it did not make, a bad filter and a page too large, with 400', async () => {
    const forged = [
      'not-a-cursor',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["x","not-a-uuid"]').toString('base64url'),
      Buffer.from('["x\\u0000","00000000-0000-4000-8000-000000000000"]').toString('base64url'),
    ];
    for (const after of forged) {
      const res = await get(`/people?after=${after}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().code).toBe('PEOPLE_CURSOR_INVALID');
    }
    expect((await get('/people?after=a+b')).statusCode).toBe(400);
    expect((await get('/people?status=gone')).statusCode).toBe(400);
    expect((await get('/people?source=ldap')).statusCode).toBe(400);
    expect((await get('/people?limit=101')).statusCode).toBe(400);
    expect((await get(`/people?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    // A cursor past everything: an empty last page.
    const end = encodeCursor({ sortName: '\uffff', id: '00000000-0000-4000-8000-000000000000' });
    expect(await list(`?after=${end}`)).toEqual({ people: [], next: null });
  });

  it('shows one person with their profile, manager by name and teams', async () => {
    const { db } = t.database;
    /** The profile's fields that People shows under the names they are stored with. */
    const profile = {
      formattedName: 'Mr. Robert Stone',
      userName: 'bstone',
      workEmail: 'robert.stone@work.example',
      title: 'Line lead',
      phone: '+1 555 0100',
      department: 'Assembly',
      costCenter: 'CC-12',
      division: 'Motors',
    };
    await db
      .update(users)
      .set({
        ...profile,
        organizationName: 'Acme Motors',
        employeeId: 'E-1',
        managerId: made.ana,
        lastLoginAt: at('2026-02-03T00:00:00Z'),
      })
      .where(eq(users.id, made.bob));
    const [welding, assembly] = await db
      .insert(teams)
      .values([
        { organizationId: orgId, name: 'welding' },
        { organizationId: orgId, name: 'Assembly line' },
      ])
      .returning();
    await db.insert(userTeams).values([
      { userId: made.bob, teamId: welding.id },
      { userId: made.bob, teamId: assembly.id },
    ]);

    const res = await get(`/person/${made.bob}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person).toEqual({
      id: made.bob,
      name: 'bob stone',
      givenName: 'Robert',
      familyName: 'Stone',
      ...profile,
      email: 'b.stone@people.example',
      organization: 'Acme Motors',
      employeeNumber: 'E-1',
      manager: { id: made.ana, name: 'Ana Lima' },
      role: 'viewer',
      status: 'active',
      source: 'scim',
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-02-02T10:00:00.000Z',
      lastLoginAt: '2026-02-03T00:00:00.000Z',
      groups: [
        { id: assembly.id, name: 'Assembly line' },
        { id: welding.id, name: 'welding' },
      ],
      moreGroups: 0,
      workspaces: [],
      moreWorkspaces: 0,
      skills: [],
      moreSkills: 0,
      // Made with a password by the test's factory: nothing to invite them to.
      invitation: {
        state: 'accepted',
        sentAt: null,
        expiresAt: null,
        acceptedAt: null,
        sendFailed: false,
        canResend: false,
        refusal: 'accepted',
      },
    });

    // Given and family name come from the display name when none were sent (migration 0010).
    const ana = (await get(`/person/${made.ana}`)).json().person;
    expect(ana).toMatchObject({ givenName: 'Ana', familyName: 'Lima', manager: null, groups: [], moreGroups: 0, lastLoginAt: null });
  });

  it('answers 404 for another organization’s person and an unknown id, 400 for a malformed one', async () => {
    const { db } = t.database;
    const other = await createOrganization(db);
    const stranger = await createUser(db, other.id, { displayName: 'Stranger' });
    const otherAdmin = await signIn(t, (await createUser(db, other.id)).email!);
    expect((await get(`/person/${stranger.id}`)).statusCode).toBe(404);
    expect((await get(`/person/${made.ana}`, otherAdmin.headers)).json().code).toBe('PERSON_NOT_FOUND');
    expect((await get('/person/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/person/nope')).statusCode).toBe(400);
    // A manager of another organization (never written so by the console) is not shown.
    await db.update(users).set({ managerId: stranger.id }).where(eq(users.id, made.carla));
    expect((await get(`/person/${made.carla}`)).json().person.manager).toBeNull();
    // The other organization's admin sees only their own people.
    const theirs = (await get('/people', otherAdmin.headers)).json() as Page;
    expect(theirs.people.map((p) => p.name).sort()).toEqual(['Stranger', 'Test User']);
  });
});
