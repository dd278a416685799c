/**
 * Migration 0023 (decision 059): the events the provider's staff made in a customer's
 * organization before staff had an actor type of their own become `staff` events, which the
 * organization reads as the provider's staff; the staff's own organization's events, and
 * everyone else's, keep their actor. Run on a migrated database of either kind, as an upgrade
 * runs it on the rows of before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';
import { events } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';

describe('migration 0023: the provider’s staff in customers’ trails', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('re-types the staff’s events in customers’ organizations, and only those', async () => {
    const { db } = database;
    const provider = await createOrganization(db, { isStaff: true });
    const customer = await createOrganization(db);
    const staff = await createUser(db, provider.id, { displayName: 'Stella Staff' });
    const admin = await createUser(db, customer.id, { displayName: 'Ada Admin' });
    const seen = { actorIp: '198.51.100.77', actorUserAgent: 'StaffBrowser/9.9' };
    const target = (organizationId: string) => [{ type: 'organization', id: organizationId, name: 'Org' }];
    await db.insert(events).values([
      {
        organizationId: customer.id,
        action: 'organization.updated',
        actorType: 'user',
        actorId: staff.id,
        actorName: 'Stella Staff',
        ...seen,
        targets: target(customer.id),
      },
      {
        organizationId: customer.id,
        action: 'access_key.created',
        actorType: 'user',
        actorId: admin.id,
        actorName: 'Ada Admin',
        targets: target(customer.id),
      },
      {
        organizationId: provider.id,
        action: 'session.signed_in',
        actorType: 'user',
        actorId: staff.id,
        actorName: 'Stella Staff',
        targets: target(provider.id),
      },
    ]);

    await database.executeSql(fs.readFileSync(path.join(migrationsFolder, '0023_events_staff_actors.sql'), 'utf8'));

    expect((await eventsOf(db, { organizationId: customer.id })).map((e) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([
        // Re-typed, and still whole for the provider's own reading.
        ['organization.updated', { type: 'staff', id: staff.id, name: 'Stella Staff', ip: seen.actorIp, userAgent: seen.actorUserAgent }],
        ['access_key.created', { type: 'user', id: admin.id, name: 'Ada Admin' }],
      ]),
    );
    expect((await eventsOf(db, { organizationId: provider.id })).map((e) => e.actor.type)).toEqual(['user']);
  });
});
