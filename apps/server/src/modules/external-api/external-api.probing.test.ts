/**
 * POST /api/v1/users answering USER_EXISTS for an address of another organization however
 * many the organization had asked about that day would let an integration test addresses
 * without the bound imports have. So it spends the same daily checks as imports and SCIM,
 * leaves the same kind of trace, and once they are spent answers a taken address as it
 * answers a free one (docs/decisions/020-brute-force-and-probing.md).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('external API: creating users with addresses of other organizations', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-26T09:00:00Z');
  let orgId = '';
  let adminEmail = '';
  let key = '';
  let keyId = '';
  let token = '';
  let colleague = '';
  const foreign = ['a@elsewhere.example', 'b@elsewhere.example', 'c@elsewhere.example'];

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date(now) }, config: { USER_IMPORT_FOREIGN_EMAILS_PER_DAY: '2' } });
    const { db } = t.database;
    const org = await createOrganization(db);
    orgId = org.id;
    adminEmail = (await createUser(db, org.id)).email!;
    colleague = (await createUser(db, org.id, { role: 'viewer' })).email!;
    const other = await createOrganization(db);
    for (const email of foreign) await createUser(db, other.id, { email });
    ({
      accessKey: key,
      integration: { id: keyId },
    } = await createAccessKey(t, (await signIn(t, adminEmail)).headers));
    token = await idTokenFor(t, adminEmail);
  });
  afterAll(() => t.close());

  const create = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { apikey: key, authorization: `Bearer ${token}` },
      payload: { email, displayName: 'Someone' },
    });
  const exists = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email))).length > 0;
  const trace = () => eventsOf(t.database.db, { organizationId: orgId, action: 'user.foreign_email_refused' });

  it('says an address is taken while the day has checks left, then answers taken and free addresses alike', async () => {
    for (const email of foreign.slice(0, 2)) {
      const taken = await create(email);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'USER_EXISTS', message: 'A user with this e-mail already exists.' });
    }
    const taken = await create(foreign[2]);
    const free = await create('free.one@here.example');
    for (const spent of [taken, free]) {
      expect(spent.statusCode).toBe(429);
      expect(spent.json().code).toBe('EMAIL_CHECKS_LIMIT');
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    }
    expect(free.json()).toEqual(taken.json());
    expect(free.headers['retry-after']).toBe(taken.headers['retry-after']);
    expect(await exists('free.one@here.example')).toBe(false);
  });

  it('still answers what the organization knows: its own users, and addresses it was told of today', async () => {
    const own = await create(colleague);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('USER_EXISTS');
    const again = await create(foreign[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_EXISTS');
  });

  it('records an event for every such write, by the access key the integration called with', async () => {
    // The integration acts, as its person's token allows (events/record.ts, actorOf).
    expect((await trace()).map((a) => [a.actor.type, a.actor.id, a.data])).toEqual([
      ['access_key', keyId, { via: 'external_api', checked: true, withheld: false }],
      ['access_key', keyId, { via: 'external_api', checked: true, withheld: false }],
      ['access_key', keyId, { via: 'external_api', checked: true, withheld: true }],
      ['access_key', keyId, { via: 'external_api', checked: false, withheld: false }],
    ]);
  });

  it('creates users with new addresses again when the day is over', async () => {
    now += 24 * 60 * 60_000 + 1000;
    token = await idTokenFor(t, adminEmail);
    const res = await create('free.one@here.example');
    expect(res.statusCode, res.body).toBe(201);
    expect(await exists('free.one@here.example')).toBe(true);
  });
});
