/** Replay protection on the database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), through verifySamlResponse as the ACS calls it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { samlAssertionsSeen, ssoConnections } from '../../../db/schema.js';
import { createOrganization } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { type Kit, samlKit } from './saml.fixtures.js';
import { createSamlAssertionsSeenRepository, type SamlAssertionsSeenRepository } from './saml-assertions-seen.repository.js';

const MIN = 60_000;
let database: Database;
let repo: SamlAssertionsSeenRepository;
let kit: Kit;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createSamlAssertionsSeenRepository(database.db);
  kit = samlKit();
});
afterAll(() => database.close());

/** A SAML connection to remember assertions for (the records' foreign key names it). */
async function newConnection(): Promise<string> {
  const org = await createOrganization(database.db);
  const now = new Date();
  const [row] = await database.db
    .insert(ssoConnections)
    .values({
      organizationId: org.id,
      kind: 'saml',
      name: 'Replays',
      enabled: false,
      jit: false,
      jitRole: 'viewer',
      groupRoles: [],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: ssoConnections.id });
  return row.id;
}

describe('saml_assertions_seen', () => {
  it('refuses the second post of an assertion for the same connection, not for another connection', async () => {
    const connection = await newConnection();
    const xml = kit.idp.response({ now: kit.now });
    const first = await kit.verify(xml, { rememberAssertion: repo.rememberFor(connection, kit.now) });
    expect(first).toMatchObject({ ok: true });
    const again = await kit.verify(xml, { rememberAssertion: repo.rememberFor(connection, kit.now) });
    expect(again).toMatchObject({ ok: false, code: 'SAML_REPLAYED' });
    expect(await kit.verify(xml, { rememberAssertion: repo.rememberFor(await newConnection(), kit.now) })).toMatchObject({ ok: true });
  });

  it('records an assertion posted twice at once only once', async () => {
    const connection = await newConnection();
    const until = new Date(kit.now.getTime() + 7 * MIN);
    const results = await Promise.all(Array.from({ length: 5 }, () => repo.remember(connection, '_at_once', until, kit.now)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takes over a record that expired, and deletes expired records as it remembers', async () => {
    const connection = await newConnection();
    const { db } = database;
    const past = new Date(kit.now.getTime() - MIN);
    await db
      .insert(samlAssertionsSeen)
      .values(Array.from({ length: 150 }, (_, n) => ({ connectionId: connection, assertionId: `_old${n}`, expiresAt: past })));
    expect(await repo.remember(connection, '_old0', new Date(kit.now.getTime() + MIN), kit.now)).toBe(true);
    const left = await db.select().from(samlAssertionsSeen);
    const mine = left.filter((r) => r.connectionId === connection);
    // _old0 taken over; 100 of the other 149 expired ones deleted by that insert.
    expect(mine.find((r) => r.assertionId === '_old0')?.expiresAt).toEqual(new Date(kit.now.getTime() + MIN));
    expect(mine.filter((r) => r.expiresAt <= kit.now)).toHaveLength(49);
    expect(await repo.deleteExpired(kit.now, 1000)).toBe(49);
    await repo.forgetConnection(connection);
    expect((await db.select().from(samlAssertionsSeen)).filter((r) => r.connectionId === connection)).toHaveLength(0);
  });
});
