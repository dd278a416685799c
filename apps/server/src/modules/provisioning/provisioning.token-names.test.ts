/**
 * SCIM tokens have names ("Okta production"), so that an admin tells an identity provider's
 * token from another's: required when one is made, trimmed, at most SCIM_TOKEN_NAME_MAX
 * characters, no NUL, control or direction-changing character; a refused name makes nothing
 * and records nothing. The name is the token's in its made / rolled / renamed / revoked
 * events and the actor's name of what SCIM does with it; a roll keeps it; a rename changes
 * only the name. Tokens made before names existed are named by their prefix and last four
 * characters (migration 0033).
 */
import fs from 'node:fs';
import { SCIM_TOKEN_NAME_MAX } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { events, scimTokens } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createScimToken, createUser } from '../../test/factories.js';
import { migrationsBefore } from '../../test/migrations.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { scimClient, USER_SCHEMA, uniqueEmail } from './scim.fixtures.js';

describe('SCIM token names', () => {
  let t: TestApp;
  let admin: SignedIn;
  let adminName: string;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    orgId = (await createOrganization(db)).id;
    const person = await createUser(db, orgId, { displayName: 'Nadia Fischer' });
    adminName = person.displayName;
    admin = await signIn(t, person.email!);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin.headers) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, ...(typeof payload === 'string' && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const tokenRows = () => t.database.db.select().from(scimTokens).where(eq(scimTokens.organizationId, orgId));
  const eventCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events))[0].n;
  /** Revokes every token of the organization: each test starts with room for two. */
  const revokeAll = () => t.database.db.update(scimTokens).set({ revokedAt: new Date() }).where(eq(scimTokens.organizationId, orgId));

  it('makes a token with the name given, trimmed, and names it so in the list and in its event', async () => {
    await revokeAll();
    const made = await call('POST', '/provisioning/tokens', { name: '  Okta production  ' });
    expect(made.statusCode).toBe(201);
    const { token } = made.json();
    expect(token.name).toBe('Okta production');
    expect((await call('GET', '/provisioning')).json().tokens.map((x: { name: string }) => x.name)).toEqual(['Okta production']);
    const [stored] = await t.database.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(stored.name).toBe('Okta production');

    const [created] = await eventsOf(t.database.db, { action: 'scim.token.created', targetId: token.id });
    expect(created.targets).toEqual([{ type: 'scim_token', id: token.id, name: 'Okta production' }]);
    expect(created.actor).toMatchObject({ type: 'user', name: adminName });
  });

  it('takes a name of exactly the most characters allowed, in any script', async () => {
    await revokeAll();
    const longest = 'Ω'.repeat(SCIM_TOKEN_NAME_MAX);
    const made = await call('POST', '/provisioning/tokens', { name: longest });
    expect(made.statusCode).toBe(201);
    expect(made.json().token.name).toBe(longest);
  });

  it('refuses a missing, empty, blank, too long, NUL, control or direction-changing name, making and recording nothing', async () => {
    await revokeAll();
    const refusals: [string, unknown, string | undefined][] = [
      ['no body', undefined, undefined],
      ['no name', {}, undefined],
      ['empty', { name: '' }, 'required'],
      ['blank', { name: ' \u00a0 ' }, 'required'],
      ['too long', { name: 'x'.repeat(SCIM_TOKEN_NAME_MAX + 1) }, 'tooLong'],
      ['too long with spaces around', { name: ` ${'x'.repeat(SCIM_TOKEN_NAME_MAX + 1)} ` }, 'tooLong'],
      ['NUL', { name: 'Okta\u0000production' }, 'invalidCharacter'],
      ['a line break', { name: 'Okta\nproduction' }, 'nameCharacter'],
      ['a right-to-left override', { name: 'Okta \u202Enoitcudorp' }, 'nameCharacter'],
      ['not a string', { name: 42 }, undefined],
      ['JSON that is not an object', '"Okta"', undefined],
    ];
    const rowsBefore = (await tokenRows()).length;
    const eventsBefore = await eventCount();
    for (const [what, body, code] of refusals) {
      const res = await call('POST', '/provisioning/tokens', body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('VALIDATION_ERROR');
      // The first problem is the one a form shows (a NUL is also a character no name may hold).
      if (code) expect(res.json().details[0], what).toMatchObject({ path: '/name', message: code });
    }
    expect(await tokenRows()).toHaveLength(rowsBefore);
    expect(await eventCount()).toBe(eventsBefore);
  });

  it('keeps the name through a roll, and names the token in the roll’s and the revocation’s events', async () => {
    await revokeAll();
    const { token } = (await call('POST', '/provisioning/tokens', { name: 'Entra ID production' })).json();
    const rolled = await call('POST', `/provisioning/token/${token.id}/roll`, { gracePeriod: '1h' });
    expect(rolled.statusCode).toBe(200);
    const next = rolled.json().token;
    expect(next.name).toBe('Entra ID production');
    expect((await call('GET', '/provisioning')).json().tokens.map((x: { id: string; name: string }) => [x.id, x.name])).toEqual([
      [token.id, 'Entra ID production'],
      [next.id, 'Entra ID production'],
    ]);
    const [rollEvent] = await eventsOf(t.database.db, { action: 'scim.token.rolled', targetId: next.id });
    expect(rollEvent.targets).toEqual([{ type: 'scim_token', id: next.id, name: 'Entra ID production' }]);
    expect(rollEvent.data).toEqual({ replaced: token.id, gracePeriod: '1h' });

    expect((await call('DELETE', `/provisioning/token/${token.id}`)).json().token.name).toBe('Entra ID production');
    const [revoked] = await eventsOf(t.database.db, { action: 'scim.token.revoked', targetId: token.id });
    expect(revoked.targets).toEqual([{ type: 'scim_token', id: token.id, name: 'Entra ID production' }]);
  });

  it('renames a token, recording before and after; the same name again records nothing; a bad name changes nothing', async () => {
    await revokeAll();
    const { token, secret } = (await call('POST', '/provisioning/tokens', { name: 'Okta' })).json();
    const renamed = await call('PATCH', `/provisioning/token/${token.id}`, { name: ' Okta production ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().token).toMatchObject({ id: token.id, name: 'Okta production', prefix: token.prefix, last4: token.last4 });
    const [event] = await eventsOf(t.database.db, { action: 'scim.token.renamed', targetId: token.id });
    expect(event.targets).toEqual([{ type: 'scim_token', id: token.id, name: 'Okta production' }]);
    expect(event.data).toEqual({ before: { name: 'Okta' }, after: { name: 'Okta production' } });
    // The secret still works: only the name changed.
    expect((await scimClient(t, secret)('GET', '/Users')).status).toBe(200);

    const eventsBefore = await eventCount();
    expect((await call('PATCH', `/provisioning/token/${token.id}`, { name: 'Okta production' })).statusCode).toBe(200);
    for (const name of ['', 'x'.repeat(SCIM_TOKEN_NAME_MAX + 1), 'Okta\u0000', 'Okta\u2066']) {
      expect((await call('PATCH', `/provisioning/token/${token.id}`, { name })).statusCode, JSON.stringify(name)).toBe(400);
    }
    expect(await eventCount()).toBe(eventsBefore);
    const [stored] = await t.database.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(stored.name).toBe('Okta production');
  });

  it('renames only a token of the caller’s organization that still works', async () => {
    const { db } = t.database;
    const theirs = await createScimToken(db, (await createOrganization(db)).id, { name: 'Theirs' });
    const revoked = await createScimToken(db, orgId, { name: 'Gone', revokedAt: new Date() });
    const expired = await createScimToken(db, orgId, { name: 'Rolled out', expiresAt: new Date(Date.now() - 1000) });
    const eventsBefore = await eventCount();
    for (const id of [theirs.id, revoked.id, expired.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('PATCH', `/provisioning/token/${id}`, { name: 'Mine now' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('SCIM_TOKEN_NOT_FOUND');
    }
    const names = (await db.select({ name: scimTokens.name }).from(scimTokens)).map((r) => r.name);
    expect(names).not.toContain('Mine now');
    expect(await eventCount()).toBe(eventsBefore);
  });

  it('names what SCIM does with a token after the token: its events’ actor', async () => {
    await revokeAll();
    const { token, secret } = (await call('POST', '/provisioning/tokens', { name: 'Okta production' })).json();
    const created = await scimClient(t, secret)('POST', '/Users', { schemas: [USER_SCHEMA], userName: uniqueEmail('named') });
    expect(created.status).toBe(201);
    const [event] = await eventsOf(t.database.db, { action: 'scim.user.created', targetId: created.body.id });
    expect(event.actor).toMatchObject({ type: 'scim_token', id: token.id, name: 'Okta production' });
  });
});

describe('migration 0033: tokens made before names', () => {
  let database: Database;
  let before: string;
  const ids = {
    org: '00000000-0000-4000-8000-0000000000a1',
    token: '00000000-0000-4000-8000-0000000000a2',
    revoked: '00000000-0000-4000-8000-0000000000a3',
  };

  beforeAll(async () => {
    before = migrationsBefore('0033_scim_token_names');
    database = await createTestDatabase({ empty: true });
    await migrateDatabase(database, before);
    const { db } = database;
    await db.execute(sql`INSERT INTO plan_types (id, name) VALUES (gen_random_uuid(), 'Legacy')`);
    await db.execute(sql`INSERT INTO organizations (id, name, plan_type_id) SELECT ${ids.org}, 'Acme', id FROM plan_types LIMIT 1`);
    await db.execute(
      sql`INSERT INTO scim_tokens (id, organization_id, token_hash, prefix, last4, revoked_at)
          VALUES (${ids.token}, ${ids.org}, 'h1', 'wfs_Ab1x', '9919', NULL), (${ids.revoked}, ${ids.org}, 'h2', 'wfs_Zz9y', '0000', now())`,
    );
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('names each by the prefix and last four characters the screen and the trail called it by, and requires a name from then on', async () => {
    const rows = await database.db.select({ id: scimTokens.id, name: scimTokens.name }).from(scimTokens).orderBy(scimTokens.id);
    expect(rows).toEqual([
      { id: ids.token, name: 'wfs_Ab1x…9919' },
      { id: ids.revoked, name: 'wfs_Zz9y…0000' },
    ]);
    await expect(
      database.db.execute(
        sql`INSERT INTO scim_tokens (organization_id, token_hash, prefix, last4) VALUES (${ids.org}, 'h3', 'wfs_Qq1q', '1111')`,
      ),
    ).rejects.toThrow();
  });
});
