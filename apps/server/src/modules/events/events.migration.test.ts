/**
 * The audit log's rows become events with their meaning (migration 0012): a database migrated
 * up to the audit log, holding one row of each of its actions, is migrated on; every row is
 * then an event of the new name, by the same person, naming its target as it is called.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { eventsOf } from '../../test/events.js';
import { migrationsBefore } from '../../test/migrations.js';

describe('migration 0012: the audit log into events', () => {
  let database: Database;
  let before: string;
  const ids = {
    org: '00000000-0000-4000-8000-000000000001',
    admin: '00000000-0000-4000-8000-000000000002',
    key: '00000000-0000-4000-8000-000000000003',
    token: '00000000-0000-4000-8000-000000000004',
    gone: '00000000-0000-4000-8000-000000000005',
  };

  beforeAll(async () => {
    before = migrationsBefore('0012_events');
    database = await openPglite();
    await migrateDatabase(database, before);
    const { db } = database;
    await db.execute(sql`INSERT INTO plan_types (id, name) VALUES (gen_random_uuid(), 'Legacy')`);
    await db.execute(sql`INSERT INTO organizations (id, name, plan_type_id) SELECT ${ids.org}, 'Acme', id FROM plan_types LIMIT 1`);
    await db.execute(
      sql`INSERT INTO users (id, organization_id, email, display_name, role) VALUES (${ids.admin}, ${ids.org}, 'nadia@acme.example', 'Nadia Fischer', 'org_admin')`,
    );
    await db.execute(
      sql`INSERT INTO integrations (id, organization_id, name, description, key_prefix, key_last4, key_hash) VALUES (${ids.key}, ${ids.org}, 'LMS sync', 'd', 'wfk_ab', 'wxyz', 'h')`,
    );
    await db.execute(
      sql`INSERT INTO scim_tokens (id, organization_id, token_hash, prefix, last4) VALUES (${ids.token}, ${ids.org}, 'th', 'wfs_ab', '1234')`,
    );
    const row = (action: string, target: string | null, details: object | null, actor: string | null = ids.admin) =>
      database.db.execute(
        sql`INSERT INTO audit_log (organization_id, actor_user_id, action, target_type, target_id, details, created_at)
            VALUES (${ids.org}, ${actor}, ${action}, 'x', ${target}, ${details === null ? null : JSON.stringify(details)}::jsonb, '2026-01-02T03:04:05Z')`,
      );
    await row('integration.roll', ids.key, { gracePeriod: '1h' });
    await row('integration.delete', ids.gone, null);
    await row('organization.setting', ids.org, { key: 'publicSharing', value: true });
    await row('scim.config', ids.org, { defaultRole: 'viewer' });
    await row('scim_token.create', ids.token, null, null);
    await row('user.foreign_email', ids.org, { via: 'scim', checked: true, withheld: false });
    await row('organization.manager.add', ids.admin, { email: 'nadia@acme.example' });
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps every row, by its new name, its actor and its target named as they are now', async () => {
    const events = await eventsOf(database.db, { organizationId: ids.org });
    const nadia = { type: 'user', id: ids.admin, name: 'Nadia Fischer' };
    const acme = { type: 'organization', id: ids.org, name: 'Acme' };
    // All at one time, with the old log's random ids: in no particular order.
    expect(events).toHaveLength(7);
    expect(events.map(({ action, actor, targets, data, occurredAt }) => ({ action, actor, targets, data, occurredAt }))).toEqual(
      expect.arrayContaining(
        [
          {
            action: 'access_key.rolled',
            actor: nadia,
            targets: [{ type: 'access_key', id: ids.key, name: 'LMS sync' }],
            data: { gracePeriod: '1h' },
          },
          // A key deleted since keeps its id; its name was not kept by the old log.
          { action: 'access_key.deleted', actor: nadia, targets: [{ type: 'access_key', id: ids.gone, name: '' }], data: {} },
          { action: 'organization.setting.changed', actor: nadia, targets: [acme], data: { key: 'publicSharing', after: true } },
          { action: 'scim.settings.changed', actor: nadia, targets: [acme], data: { after: { defaultRole: 'viewer' } } },
          // The token's maker the old log had lost: a person without a name.
          {
            action: 'scim.token.created',
            actor: { type: 'user', id: null, name: '' },
            targets: [{ type: 'scim_token', id: ids.token, name: 'wfs_ab…1234' }],
            data: {},
          },
          { action: 'user.foreign_email_refused', actor: nadia, targets: [], data: { via: 'scim', checked: true, withheld: false } },
          {
            action: 'organization.manager.added',
            actor: nadia,
            targets: [{ type: 'user', id: ids.admin, name: 'Nadia Fischer' }],
            data: { email: 'nadia@acme.example' },
          },
        ].map((e) => ({ ...e, occurredAt: '2026-01-02T03:04:05.000Z' })),
      ),
    );
  });

  it('drops the audit log: events are the one trail', async () => {
    const { rows } = await database.executeSql("SELECT to_regclass('public.audit_log') AS t");
    expect(rows[0].t).toBeNull();
  });
});
