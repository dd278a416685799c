/**
 * Reading the events: the audit trail's pages (an Organizational Admin's own organization, staff's
 * view of any, read-only staff included), newest first, keyset pages that neither overlap nor
 * skip however many events share an instant, the filters (actions, actor, target, words of
 * target names taken literally, dates), forged cursors refused; its export as CSV and JSON lines
 * across the export's batches; the events API's order, `after` and `types`, of the key's
 * organization only.
 */
import { type EventView, eventView, staffAsCustomersSeeThem } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, type SignedIn, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createEventsTrailRepository, type TrailFilter, type TrailPosition } from './events-trail.repository.js';
import { EXPORT_BATCH, EXPORT_COLUMNS } from './events-trail.service.js';

type Page = { events: EventView[]; next: string | null };
type NewRow = typeof events.$inferInsert;

describe('reading the events', () => {
  let t: TestApp;
  let admin: SignedIn;
  let orgId: string;
  let otherOrgId: string;
  let adminId: string;
  let api: { apikey: string; authorization: string };
  /** Every event of the organization as inserted, newest first (occurred_at, id). */
  let all: { id: string; occurredAt: Date; action: string; actorId: string | null; names: string[]; targetIds: string[] }[] = [];

  /** In the database .123456 (see beforeAll); a Date holds .123. */
  const tie = new Date('2026-06-01T12:00:00.123Z');
  const actorA = '0190a000-0000-7000-8000-00000000000a';
  const actorB = '0190a000-0000-7000-8000-00000000000b';

  const row = (over: Partial<NewRow> & { occurredAt: Date }): NewRow => ({
    organizationId: orgId,
    action: 'access_key.rolled',
    actorType: 'user',
    actorId: actorA,
    actorName: 'Nadia Fischer',
    targets: [{ type: 'access_key', id: 'key-1', name: 'LMS sync' }],
    data: {},
    ...over,
  });

  async function insert(rows: NewRow[]) {
    remember(await t.database.db.insert(events).values(rows).returning());
  }

  /** The organization's events among `rows`, kept in `all`, newest first. */
  function remember(rows: (typeof events.$inferSelect)[]) {
    for (const r of rows.filter((m) => m.organizationId === orgId)) {
      const targets = r.targets as { id: string; name: string }[];
      all.push({
        id: r.id,
        occurredAt: r.occurredAt,
        action: r.action,
        actorId: r.actorId,
        names: targets.map((x) => x.name),
        targetIds: targets.map((x) => x.id),
      });
    }
    // Newest first by instant then id: uuids compare as their hex text.
    all.sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  const get = (url: string, headers: Record<string, string> = admin.headers) => t.app.inject({ url, headers });
  async function pageOf(url: string, headers?: Record<string, string>): Promise<Page> {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }
  /** Every page of a query, following `next`. */
  async function walk(query: string, headers?: Record<string, string>, base = '/api/events'): Promise<string[]> {
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const sep = query ? '&' : '';
      const page = await pageOf(`${base}?${query}${sep}limit=3${next ? `&after=${next}` : ''}`, headers);
      expect(page.events.length).toBeLessThanOrEqual(3);
      seen.push(...page.events.map((e) => e.id));
      next = page.next;
    } while (next);
    return seen;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db);
    orgId = org.id;
    otherOrgId = (await createOrganization(db)).id;
    const me = await createUser(db, orgId, { displayName: 'Trail Admin' });
    adminId = me.id;
    admin = await signIn(t, me.email!);
    const key = await createAccessKey(t, admin.headers, 'Trail key');
    api = { apikey: key.accessKey, authorization: `Bearer ${await idTokenFor(t, me.email!)}` };
    all = [];
    // What signing in and making the key recorded belongs to the trail too.
    remember(await db.select().from(events));
    await insert([
      // Seven events of one instant, to the microsecond: pages of three split them.
      ...Array.from({ length: 7 }, (_, i) => row({ occurredAt: tie, data: { i } })),
      row({
        occurredAt: new Date('2026-05-01T00:00:00Z'),
        action: 'user.created',
        actorId: actorB,
        targets: [{ type: 'user', id: 'u-1', name: 'Ana 100% Lima' }],
      }),
      row({
        occurredAt: new Date('2026-04-01T00:00:00Z'),
        action: 'user.disabled',
        actorId: actorB,
        targets: [{ type: 'user', id: 'u-2', name: 'Bo_b Stone' }],
      }),
      row({
        occurredAt: new Date('2026-03-01T00:00:00Z'),
        action: 'user_import.completed',
        actorType: 'system',
        actorId: null,
        actorName: 'system',
        targets: [
          { type: 'user_import', id: 'imp-1', name: 'People.csv' },
          { type: 'user', id: 'u-1', name: 'Ana Lima' },
        ],
        data: { created: 3 },
      }),
      // Another organization's events, with the same names, actors and instants.
      row({ organizationId: otherOrgId, occurredAt: tie }),
      row({
        organizationId: otherOrgId,
        occurredAt: new Date('2026-05-01T00:00:00Z'),
        action: 'user.created',
        actorId: actorB,
        targets: [{ type: 'user', id: 'u-1', name: 'Ana Lima' }],
      }),
    ]);
    // A Date holds milliseconds: the tied events move to .123456, as the database's clock may stamp them.
    await t.database.executeSql(`UPDATE events SET occurred_at = occurred_at + interval '456 microseconds' WHERE data ? 'i'`);
  });
  afterAll(() => t?.close());

  /** The exports' own events (each export records one), kept in `all` as the trail has them. */
  async function rememberExports() {
    remember(
      await t.database.db
        .select()
        .from(events)
        .where(eq(events.action, 'audit_trail.exported'))
        .then((rows) => rows.filter((r) => !all.some((a) => a.id === r.id))),
    );
  }

  const ids = (keep: (e: (typeof all)[number]) => boolean = () => true) => all.filter(keep).map((e) => e.id);

  it('answers an Organizational Admin with their organization’s events, newest first, as eventView', async () => {
    const page = await pageOf('/api/events?limit=200');
    expect(page.events.map((e) => e.id)).toEqual(ids());
    expect(page.next).toBeNull();
    for (const e of page.events) {
      expect(eventView.parse(e)).toEqual(e);
      expect(e.organizationId).toBe(orgId);
    }
    const imported = page.events.find((e) => e.action === 'user_import.completed');
    expect(imported).toMatchObject({ actor: { type: 'system', id: null, name: 'system' }, data: { created: 3 } });
  });

  it('walks pages of three that neither overlap nor skip, through events of one instant', async () => {
    expect(await walk('')).toEqual(ids());
    const firstPage = await pageOf('/api/events?limit=3');
    expect(firstPage.events).toHaveLength(3);
    expect(firstPage.next).toEqual(expect.any(String));
  });

  it('filters by one action, several actions, the actor, a target and dates, with paging', async () => {
    expect(await walk('actions=access_key.rolled')).toEqual(ids((e) => e.action === 'access_key.rolled'));
    expect(await walk('actions=user.created,%20user.disabled,user_import.completed')).toEqual(
      ids((e) => ['user.created', 'user.disabled', 'user_import.completed'].includes(e.action)),
    );
    expect(await walk(`actorId=${actorB}`)).toEqual(ids((e) => e.actorId === actorB));
    expect(await walk(`actorId=${adminId}`)).toEqual(ids((e) => e.actorId === adminId));
    expect(await walk('targetId=u-1')).toEqual(ids((e) => e.targetIds.includes('u-1')));
    expect(await walk(`actorId=${actorB}&actions=user.disabled`)).toEqual(ids((e) => e.actorId === actorB && e.action === 'user.disabled'));
    const from = '2026-04-01T00:00:00Z';
    const inRange = (e: (typeof all)[number]) => e.occurredAt >= new Date(from) && e.occurredAt < tie;
    // `to` is exclusive, to the microsecond: the tied events are at .123456.
    expect(await walk(`from=${from}&to=${encodeURIComponent('2026-06-01T12:00:00.123456Z')}`)).toEqual(ids(inRange));
    expect(await walk(`from=${from}&to=${encodeURIComponent('2026-06-01T12:00:00.123457Z')}`)).toEqual(
      ids((e) => inRange(e) || e.occurredAt.getTime() === tie.getTime()),
    );
    expect(await walk(`from=${encodeURIComponent('2026-06-01T14:00:00.123456+02:00')}`)).toEqual(ids((e) => e.occurredAt >= tie));
    expect(await walk(`from=${encodeURIComponent('2026-06-01T14:00:00.123457+02:00')}`)).toEqual(ids((e) => e.occurredAt > tie));
  });

  it('searches words of target names as they were, without case, taking % and _ literally', async () => {
    expect(await walk('q=lms%20SYNC')).toEqual(ids((e) => e.names.some((n) => n.toLowerCase().includes('lms sync'))));
    expect(await walk('q=sync%20lms')).toEqual(ids((e) => e.names.some((n) => n.toLowerCase().includes('lms sync'))));
    expect(await walk('q=ana')).toEqual(ids((e) => e.names.some((n) => n.toLowerCase().includes('ana'))));
    expect(await walk('q=100%25')).toEqual(ids((e) => e.names.includes('Ana 100% Lima')));
    expect(await walk('q=0%25')).toEqual(ids((e) => e.names.includes('Ana 100% Lima')));
    expect(await walk('q=o_b')).toEqual(ids((e) => e.names.includes('Bo_b Stone')));
    expect(await walk('q=o%5Fb%20stone')).toHaveLength(1);
    expect(await walk('q=ob')).toEqual([]);
    expect(await walk('q=people.csv&actions=user_import.completed')).toHaveLength(1);
    // The actor's name is not a target's.
    expect(await walk('q=nadia')).toEqual([]);
  });

  it('finds the same pages of a search whether its first step (the newest events walked) fills them or the index goes on', async () => {
    const named = (word: string) => (e: (typeof all)[number]) => e.names.some((n) => n.toLowerCase().includes(word));
    const searches: [TrailFilter, (e: (typeof all)[number]) => boolean][] = [
      [{ words: ['lms'] }, named('lms')],
      [{ words: ['ana'] }, named('ana')],
      [{ words: ['ana', 'lima'], actions: ['user.created'] }, (e) => named('ana')(e) && named('lima')(e) && e.action === 'user.created'],
      [
        { words: ['sync'], actorId: actorA, from: '2026-06-01T12:00:00.123456Z' },
        (e) => named('sync')(e) && e.actorId === actorA && e.occurredAt >= tie,
      ],
      [{ words: ['nadia'] }, () => false],
    ];
    for (const searchWalk of [1, 2, 5, 2000]) {
      const repo = createEventsTrailRepository(t.database.db, { searchWalk });
      for (const [filter, keep] of searches)
        for (const order of ['newest', 'oldest'] as const) {
          const seen: string[] = [];
          let after: TrailPosition | undefined;
          for (;;) {
            const rows = await repo.page(orgId, filter, { after, limit: 3, order });
            seen.push(...rows.map((r) => r.id));
            after = rows.at(-1)?.position;
            if (rows.length < 3) break;
          }
          const expected = ids(keep);
          expect(seen, `${JSON.stringify(filter)} ${order}, walking ${searchWalk}`).toEqual(
            order === 'newest' ? expected : expected.reverse(),
          );
        }
    }
  });

  it('refuses a cursor it did not make, and bad filters, with a 400', async () => {
    const forged = [
      'garbage',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{"__proto__":{"x":1}}').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-02-30T10:00:00.000000Z', actorA])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01T10:00:00.000Z', actorA])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01T10:00:00.000000Z', 'not-a-uuid'])).toString('base64url'),
    ];
    for (const after of forged) {
      const res = await get(`/api/events?after=${after}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json()).toMatchObject({ code: 'EVENTS_CURSOR_INVALID' });
    }
    for (const query of [
      'actions=user.created,no.such_action',
      'limit=1e309',
      'limit=201',
      'from=2026-02-30T00:00:00Z',
      'from=0000-01-01T00:00:00Z',
      'from=2026-01-01T00:00:00%2B16:00',
      'to=9999-12-31T23:59:59-23:59',
      'actorId=x',
      'q=a%00b',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await get(`/api/events?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    // The export checks before it starts, so a refused filter is a 400, not a file cut off after its header.
    const export16h = await get('/api/events/export?format=csv&from=2026-01-01T00:00:00%2B16:00');
    expect(export16h.statusCode).toBe(400);
  });

  it('shows staff, read-only too, any organization’s trail, and nobody else', async () => {
    const reader = await signInStaff(t, { roles: ['read'] });
    const staffPage = await pageOf(`/api/organization/${orgId}/events?limit=200`, reader.headers);
    expect(staffPage.events.map((e) => e.id)).toEqual(ids());
    expect(await walk('actions=access_key.rolled', reader.headers, `/api/organization/${orgId}/events`)).toEqual(
      ids((e) => e.action === 'access_key.rolled'),
    );
    const missing = await get('/api/organization/00000000-0000-4000-8000-000000000000/events', reader.headers);
    expect(missing.statusCode).toBe(404);
    // An Organizational Admin is not staff, even of their own organization's page.
    expect((await get(`/api/organization/${orgId}/events`)).statusCode).toBe(403);
    // Staff read an organization's trail on its page, not as an Organizational Admin of the staff organization's.
    const other = await signIn(t, (await createUser(t.database.db, otherOrgId, {})).email!);
    const theirs = await pageOf('/api/events?limit=200', other.headers);
    expect(theirs.events.length).toBeGreaterThan(0);
    expect(theirs.events.every((e) => e.organizationId === otherOrgId)).toBe(true);
  });

  it('exports the filtered trail as CSV and as JSON lines, across batches, with a file name', async () => {
    const many = Array.from({ length: EXPORT_BATCH + 7 }, (_, i) =>
      row({
        occurredAt: new Date(Date.UTC(2025, 0, 1) + (i % 500) * 1000),
        action: 'session.signed_in',
        targets: [{ type: 'user', id: `bulk-${i}`, name: `Bulk ${i}` }],
      }),
    );
    await insert(many);
    const csv = await get('/api/events/export?format=csv&actions=session.signed_in');
    await rememberExports();
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(`\uFEFF${EXPORT_COLUMNS.join(',')}`);
    const expected = ids((e) => e.action === 'session.signed_in');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected);

    const jsonl = await get('/api/events/export?format=jsonl');
    await rememberExports();
    expect(jsonl.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(jsonl.headers['content-disposition']).toMatch(/filename="audit-trail-\d{4}-\d{2}-\d{2}\.jsonl"/);
    const read = jsonl.body
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => eventView.parse(JSON.parse(l)));
    expect(read.map((e) => e.id)).toEqual(ids());
    const listed = await pageOf('/api/events?limit=200');
    expect(read.slice(0, 200)).toEqual(listed.events);

    // Staff export any organization's; a filter that matches nothing gives the header alone.
    const reader = await signInStaff(t, { roles: ['read'] });
    const staffCsv = await get(`/api/organization/${orgId}/events/export?q=no%20such%20name`, reader.headers);
    expect(staffCsv.statusCode).toBe(200);
    expect(staffCsv.body).toBe(`\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`);
    await rememberExports();
  });

  it('records each export in the exported organization’s trail: who, the format and the filters', async () => {
    const exported = async () =>
      (await pageOf('/api/events?actions=audit_trail.exported&limit=200')).events.filter((e) => !all.some((known) => known.id === e.id));
    const res = await get(
      `/api/events/export?format=jsonl&actions=audit_trail.exported&q=${encodeURIComponent('no such')}&from=2025-01-01T00:00:00Z`,
    );
    expect(res.statusCode).toBe(200);
    const [own] = await exported();
    await rememberExports();
    expect(own).toMatchObject({
      action: 'audit_trail.exported',
      organizationId: orgId,
      actor: { type: 'user', id: adminId, name: 'Trail Admin' },
      targets: [],
      data: { format: 'jsonl', filter: { actions: ['audit_trail.exported'], q: 'no such', from: '2025-01-01T00:00:00Z' } },
    });
    // Recorded before the file is written: an export of the exports holds its own record first.
    const again = await get('/api/events/export?format=jsonl&actions=audit_trail.exported');
    const [newest] = await exported();
    await rememberExports();
    expect(JSON.parse(again.body.split('\n')[0])).toMatchObject({
      id: newest.id,
      data: { format: 'jsonl', filter: { actions: ['audit_trail.exported'] } },
    });

    // Staff's export, read-only staff too, lands in the organization's trail as the provider's staff's (decision 059); none in another's.
    const reader = await signInStaff(t, { roles: ['read'], displayName: 'Sam Staff' });
    const other = await signIn(t, (await createUser(t.database.db, otherOrgId, {})).email!);
    const otherBefore = (await pageOf('/api/events?actions=audit_trail.exported', other.headers)).events.length;
    expect((await get(`/api/organization/${orgId}/events/export?format=csv`, reader.headers)).statusCode).toBe(200);
    const [staffs] = await exported();
    await rememberExports();
    expect(staffs).toMatchObject({
      organizationId: orgId,
      actor: staffAsCustomersSeeThem,
      data: { format: 'csv', filter: {} },
    });
    expect((await pageOf('/api/events?actions=audit_trail.exported', other.headers)).events).toHaveLength(otherBefore);
    // A refused export records nothing.
    expect((await get('/api/organization/00000000-0000-4000-8000-000000000000/events/export', reader.headers)).statusCode).toBe(404);
    expect((await get(`/api/organization/${orgId}/events/export`)).statusCode).toBe(403);
    expect(await exported()).toEqual([]);
  });

  describe('the events API', () => {
    const apiGet = (query: string, headers = api) => t.app.inject({ url: `/api/v1/events${query}`, headers });
    async function apiWalk(query: string): Promise<string[]> {
      const seen: string[] = [];
      let next: string | null = null;
      do {
        const res = await apiGet(`?${query}&limit=4${next ? `&after=${next}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as Page;
        seen.push(...page.events.map((e) => e.id));
        next = page.next;
        if (next) expect(next).toBe(page.events.at(-1)?.id);
      } while (next);
      return seen;
    }

    it('lists the key’s organization’s events newest or oldest first, after an event, of the types asked', async () => {
      const newest = ids((e) => !e.action.startsWith('session.'));
      const types = 'access_key.rolled,access_key.created,user.created,user.disabled,user_import.completed';
      expect(await apiWalk(`types=${types}`)).toEqual(ids((e) => types.split(',').includes(e.action)));
      expect(await apiWalk(`types=${types}&order=oldest`)).toEqual(ids((e) => types.split(',').includes(e.action)).reverse());
      expect(newest.length).toBeGreaterThan(10);
      // After an event: what came before it (newest first) or since (oldest first).
      const middle = all[5];
      const before = await apiGet(`?after=${middle.id}&limit=200`);
      expect((before.json() as Page).events.map((e) => e.id)).toEqual(all.slice(6, 206).map((e) => e.id));
      const since = await apiGet(`?after=${middle.id}&order=oldest&limit=200`);
      expect((since.json() as Page).events.map((e) => e.id)).toEqual(
        all
          .slice(0, 5)
          .reverse()
          .map((e) => e.id),
      );
    });

    it('refuses an event of another organization, an unknown one or an unknown type as `after`, and callers below Organizational Admin', async () => {
      const [foreign] = await t.database.db
        .insert(events)
        .values(row({ organizationId: otherOrgId, occurredAt: tie }))
        .returning();
      for (const after of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await apiGet(`?after=${after}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'EVENTS_CURSOR_INVALID' });
      }
      for (const query of ['?types=user.created,nope', '?order=sideways', '?limit=0', '?after=garbage'])
        expect((await apiGet(query)).statusCode, query).toBe(400);
      const publisher = await createUser(t.database.db, orgId, { role: 'publisher' });
      const res = await apiGet('', { ...api, authorization: `Bearer ${await idTokenFor(t, publisher.email!)}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ROLE_NOT_ALLOWED' });
    });
  });
});
