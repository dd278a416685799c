/**
 * SCIM answering `409 uniqueness` for every userName held in another organization, without
 * the daily bound imports have, would let a token probe addresses as fast as it can send.
 * So creating a user, and changing a userName by PUT or PATCH, spend the same daily checks
 * as imports and the external API, leave the same kind of trace, and once the checks are
 * spent answer a taken address as they answer a free one (docs/decisions/020-brute-force-and-probing.md).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimEvents, users } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PATCH_SCHEMA, scimClient, scimOrganization, USER_SCHEMA } from './scim.fixtures.js';

describe('SCIM: userNames of other organizations', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-26T09:00:00Z');
  let acme: Awaited<ReturnType<typeof scimOrganization>>;
  let scim: ReturnType<typeof scimClient>;
  let userId = '';
  const foreign = Array.from({ length: 150 }, (_, i) => `person${i}@elsewhere.example`);

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date(now) } });
    acme = await scimOrganization(t);
    scim = scimClient(t, acme.token);
    const other = await createOrganization(t.database.db);
    await t.database.db
      .insert(users)
      .values(foreign.map((email) => ({ organizationId: other.id, email, displayName: 'Elsewhere', role: 'viewer' })));
    userId = (await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'ann@acme.example', active: true })).body.id;
  });
  afterAll(() => t.close());

  const rename = (userName: string) =>
    scim('PATCH', `/Users/${userId}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'userName', value: userName }] });
  const create = (userName: string) => scim('POST', '/Users', { schemas: [USER_SCHEMA], userName, active: true });
  const exists = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email))).length > 0;

  it('tells a PATCH or PUT of a userName held elsewhere that it is taken, spending a check each', async () => {
    const patched = await rename(foreign[0]);
    expect(patched).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    const current = (await scim('GET', `/Users/${userId}`)).body;
    const put = await scim('PUT', `/Users/${userId}`, { ...current, userName: foreign[1] });
    expect(put).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
  });

  it('answers 150 creations of addresses of another organization: 100 told, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (const email of foreign.slice(2)) {
      const res = await create(email);
      statuses.push(res.status);
      if (res.status === 409) expect(res.body.scimType).toBe('uniqueness');
      else expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    }
    expect(statuses.filter((s) => s === 409)).toHaveLength(98);
    expect(statuses.slice(98).every((s) => s === 429)).toBe(true);
  });

  it('once the checks are spent, answers a free address as it answers a taken one, by POST, PUT and PATCH', async () => {
    const taken = await create(foreign[149]);
    const free = await create('new.hire@acme.example');
    expect(taken.status).toBe(429);
    expect(free.body).toEqual(taken.body);
    expect(free.headers['retry-after']).toBe(taken.headers['retry-after']);
    expect(await exists('new.hire@acme.example')).toBe(false);

    const renamedTaken = await rename(foreign[120]);
    const renamedFree = await rename('ann.new@acme.example');
    expect(renamedTaken.status).toBe(429);
    expect(renamedFree.body).toEqual(renamedTaken.body);
    const current = (await scim('GET', `/Users/${userId}`)).body;
    expect((await scim('PUT', `/Users/${userId}`, { ...current, userName: 'ann.put@acme.example' })).body).toEqual(renamedTaken.body);

    // The Provisioning screen shows both refusals alike.
    const refused = await t.database.db
      .select({ name: scimEvents.resourceName, status: scimEvents.status, reason: scimEvents.reason })
      .from(scimEvents)
      .where(and(eq(scimEvents.organizationId, acme.org.id), eq(scimEvents.kind, 'refused'), eq(scimEvents.method, 'POST')));
    const of = (name: string) => refused.find((e) => e.name === name);
    expect({ ...of('new.hire@acme.example'), name: '' }).toEqual({ ...of(foreign[149]), name: '' });
  });

  it('keeps answering what the organization knows, and lets other changes through', async () => {
    expect(await rename(foreign[0])).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    expect(await create('ann@acme.example')).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    const renamed = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'displayName', value: 'Ann Again' }],
    });
    expect(renamed).toMatchObject({ status: 200, body: { userName: 'ann@acme.example', displayName: 'Ann Again' } });
  });

  it('records an event for each, by the SCIM token, with where its calls came from', async () => {
    const trace = await eventsOf(t.database.db, { organizationId: acme.org.id, action: 'user.foreign_email_refused' });
    expect(trace.every((a) => a.actor.type === 'scim_token' && a.actor.ip === '127.0.0.1')).toBe(true);
    const count = (details: object) => trace.filter((a) => JSON.stringify(a.data) === JSON.stringify(details)).length;
    expect(count({ via: 'scim', checked: true, withheld: false })).toBe(100);
    // The 50 beyond the budget, and the two refused after it (a taken address tried again is checked again).
    expect(count({ via: 'scim', checked: true, withheld: true })).toBe(52);
    expect(count({ via: 'scim', checked: false, withheld: false })).toBe(1);
    expect(trace).toHaveLength(153);
  });

  it('provisions new addresses again when the day is over', async () => {
    now += 24 * 60 * 60_000 + 1000;
    expect((await create('new.hire@acme.example')).status).toBe(201);
    expect((await rename('ann.new@acme.example')).status).toBe(200);
  });
});
