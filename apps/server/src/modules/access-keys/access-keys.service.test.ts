import { ACCESS_KEY_PATTERN } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/auth-context.js';
import { NotFound } from '../../http/errors.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { hashAccessKey, isWellFormedAccessKey } from './access-key.js';
import { createAccessKeysRepository } from './access-keys.repository.js';
import { createAccessKeysService } from './access-keys.service.js';

function authOf(user: { id: string; organizationId: string; email: string | null; displayName: string }): AuthContext {
  return {
    ...user,
    userId: user.id,
    organizationName: 'Org',
    locale: null,
    role: 'org_admin',
    allowedRoleTypes: [],
    signInProvider: 'password',
    isStaff: false,
    via: 'session',
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

describe('access keys service', () => {
  let database: Database;
  let now = new Date('2026-11-20T10:00:00Z');
  let service: ReturnType<typeof createAccessKeysService>;
  let repo: ReturnType<typeof createAccessKeysRepository>;
  let admin: AuthContext;
  let otherAdmin: AuthContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    repo = createAccessKeysRepository(database.db);
    service = createAccessKeysService({ db: database.db, repo, clock: { now: () => now }, maxKeys: 50 });
    const org = await createOrganization(database.db);
    const other = await createOrganization(database.db);
    admin = authOf(await createUser(database.db, org.id, { displayName: 'Ada Admin' }));
    otherAdmin = authOf(await createUser(database.db, other.id));
  });
  afterAll(() => database.close());

  it('creates a key whose secret has the prefix and a valid checksum, and stores only its hash', async () => {
    const { integration, accessKey } = await service.create(admin, { name: 'LMS sync', description: 'Nightly user sync' });
    expect(accessKey).toMatch(ACCESS_KEY_PATTERN);
    expect(isWellFormedAccessKey(accessKey)).toBe(true);
    expect(integration).toMatchObject({
      name: 'LMS sync',
      description: 'Nightly user sync',
      keyPrefix: accessKey.slice(0, 8),
      keyLast4: accessKey.slice(-4),
      createdBy: { id: admin.userId, displayName: 'Ada Admin', email: admin.email },
      createdAt: now.toISOString(),
      lastUsedAt: null,
      previousKeyExpiresAt: null,
    });
    const { rows } = await database.executeSql('select row_to_json(i)::text as json from integrations i where id = $1', [integration.id]);
    expect(rows[0].json).toContain(hashAccessKey(accessKey));
    expect(rows[0].json).not.toContain(accessKey.slice(8, -4));
    expect((await repo.findByKeyHash(hashAccessKey(accessKey), now))?.id).toBe(integration.id);
  });

  it('recognises a mistyped key by its checksum alone', () => {
    expect(isWellFormedAccessKey(`wfk_${'a'.repeat(38)}`)).toBe(false);
    expect(isWellFormedAccessKey('nope')).toBe(false);
  });

  it('gives every key a different secret and detects any single changed character', async () => {
    const a = await service.create(admin, { name: 'A', description: 'a' });
    const b = await service.create(admin, { name: 'B', description: 'b' });
    expect(a.accessKey).not.toBe(b.accessKey);
    const body = a.accessKey.slice(4);
    for (let i = 0; i < body.length; i++) {
      const swapped = body[i] === 'x' ? 'y' : 'x';
      expect(isWellFormedAccessKey(`wfk_${body.slice(0, i)}${swapped}${body.slice(i + 1)}`)).toBe(false);
    }
  });

  it('lists the caller organization only, newest first, paged with a total', async () => {
    await service.create(otherAdmin, { name: 'Theirs', description: 'x' });
    const all = await service.list(admin, { page: 1, limit: 20 });
    expect(all.total).toBe(3);
    expect(all.integrations.map((i) => i.name).sort()).toEqual(['A', 'B', 'LMS sync']);
    const page2 = await service.list(admin, { page: 2, limit: 2 });
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.integrations).toHaveLength(1);
    const beyond = await service.list(admin, { page: 5, limit: 2 });
    expect(beyond).toEqual({ integrations: [], total: 3 });
  });

  it('updates name and description, and treats another organization key as not found', async () => {
    const { integration } = await service.create(admin, { name: 'Old', description: 'old' });
    now = new Date(now.getTime() + 1000);
    const updated = await service.update(admin, integration.id, { name: 'New', description: 'new' });
    expect(updated.integration).toMatchObject({
      name: 'New',
      description: 'new',
      updatedAt: now.toISOString(),
      keyLast4: integration.keyLast4,
    });
    await expect(service.update(otherAdmin, integration.id, { name: 'X', description: 'x' })).rejects.toBeInstanceOf(NotFound);
    await expect(service.remove(otherAdmin, integration.id)).rejects.toMatchObject({ statusCode: 404, code: 'INTEGRATION_NOT_FOUND' });
    await expect(service.roll(otherAdmin, integration.id, 'now')).rejects.toBeInstanceOf(NotFound);
  });

  it('removes a key and its secret stops matching at once', async () => {
    const { integration, accessKey } = await service.create(admin, { name: 'Doomed', description: 'x' });
    const { removedIntegration } = await service.remove(admin, integration.id);
    expect(removedIntegration).toEqual(integration);
    expect(await repo.findByKeyHash(hashAccessKey(accessKey), now)).toBeUndefined();
    await expect(service.remove(admin, integration.id)).rejects.toBeInstanceOf(NotFound);
  });

  it('rolls a key: the old secret works inside the grace period and not after', async () => {
    const { integration, accessKey: first } = await service.create(admin, { name: 'Rolled', description: 'x' });
    const rolled = await service.roll(admin, integration.id, '1h');
    expect(rolled.accessKey).not.toBe(first);
    expect(rolled.integration.keyLast4).toBe(rolled.accessKey.slice(-4));
    expect(rolled.integration.previousKeyExpiresAt).toBe(new Date(now.getTime() + 3_600_000).toISOString());
    const inGrace = new Date(now.getTime() + 3_599_000);
    const after = new Date(now.getTime() + 3_600_000);
    expect(await repo.findByKeyHash(hashAccessKey(first), inGrace)).toMatchObject({ id: integration.id, expiredAt: null });
    expect(await repo.findByKeyHash(hashAccessKey(first), after)).toMatchObject({ expiredAt: after });
    expect(await repo.findByKeyHash(hashAccessKey(rolled.accessKey), after)).toMatchObject({ id: integration.id, expiredAt: null });

    // Rolling with "now" ends the previous secret at once.
    const again = await service.roll(admin, integration.id, 'now');
    expect(again.integration.previousKeyExpiresAt).toBe(now.toISOString());
    expect(await repo.findByKeyHash(hashAccessKey(rolled.accessKey), now)).toMatchObject({ expiredAt: now });
    expect(await repo.findByKeyHash(hashAccessKey(first), now)).toBeUndefined();
    expect((await repo.findByKeyHash(hashAccessKey(again.accessKey), now))?.id).toBe(integration.id);
  });

  it('records who did what as events, without the secret', async () => {
    const { rows } = await database.executeSql(
      'select action, count(*)::int as n from events where targets @> \'[{"type": "access_key"}]\' and actor_type = \'user\' and actor_id = $1 group by action order by action',
      [admin.userId],
    );
    expect(rows).toEqual([
      { action: 'access_key.created', n: 6 },
      { action: 'access_key.deleted', n: 1 },
      { action: 'access_key.rolled', n: 2 },
      { action: 'access_key.updated', n: 1 },
    ]);
    const { rows: secrets } = await database.executeSql(
      "select count(*)::int as n from events where (targets::text || data::text) like '%wfk_%'",
    );
    expect(secrets[0].n).toBe(0);
  });
});
