/**
 * The console's caches on the change feed (docs/decisions/039-console-caches.md), on both
 * databases: the session behind a cookie, the keys list and the imports list. A change made
 * through this app is honoured by the very next request; a change made elsewhere (SQL on
 * another connection) once its notification arrived, which the tests wait for as an event,
 * never for a time. A change made with the triggers off (`session_replication_role =
 * replica`) shows that the answer really came from memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from './db/schema.js';
import { type RawSql, rawSqlOf } from './test/change-feed.js';
import { createOrganization, createUser } from './test/factories.js';
import { type SignedIn, signIn } from './test/sign-in.js';
import { createTestApp, type TestApp } from './test/test-app.js';

describe('console caches', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let orgId = '';
  let adminId = '';
  let adminEmail = '';
  let raw: RawSql;

  const rawSql = (text: string, values?: unknown[]) => raw.query(text, values);
  const unannounced = (statement: string, values?: unknown[]) => raw.unannounced(statement, values);
  const elsewhere = (payload: string, statement: string, values?: unknown[]) => raw.heard(payload, statement, values);
  /**
   * Waits until the feed has told of every change made so far (this test's own writes too:
   * on PostgreSQL their notifications arrive after the write, and would forget an answer
   * cached meanwhile): a change of nothing, heard, comes after all of them.
   */
  const settled = () => elsewhere(orgId, 'UPDATE organizations SET name = name WHERE id = $1', [orgId]);
  const get = (url: string, session: SignedIn) => t.app.inject({ url, headers: session.headers });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const org = await createOrganization(t.database.db);
    orgId = org.id;
    const admin = await createUser(t.database.db, org.id, { displayName: 'Ada Admin' });
    adminId = admin.id;
    adminEmail = admin.email!;
    raw = await rawSqlOf(t);
  });
  afterAll(async () => {
    await raw.close();
    await t.close();
  });

  describe('the session behind a cookie', () => {
    it('is served from memory, and a session revoked elsewhere is refused once the feed tells', async () => {
      expect(t.deps.changes!.listening).toBe(true);
      const session = await signIn(t, adminEmail);
      await settled();
      expect((await get('/api/integrations', session)).statusCode).toBe(200);
      const open = await rawSql('SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [adminId]);
      expect(open.rows).toHaveLength(1);

      // Revoked past the triggers: nobody is told, so the cached session still works.
      await unannounced('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [adminId]);
      expect((await get('/api/integrations', session)).statusCode).toBe(200);

      // Revoked (again) with the triggers: refused at the next request.
      await elsewhere(orgId, 'UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [adminId]);
      const refused = await get('/api/integrations', session);
      expect([refused.statusCode, refused.json().code]).toEqual([401, 'SESSION_REVOKED']);
    });

    it('ends at once when signed out through this app, and for a user disabled elsewhere once the feed tells', async () => {
      const first = await signIn(t, adminEmail);
      const second = await signIn(t, adminEmail);
      expect((await get('/api/integrations', first)).statusCode).toBe(200);
      expect((await get('/api/integrations', second)).statusCode).toBe(200);

      expect((await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: first.headers })).statusCode).toBe(200);
      const out = await get('/api/integrations', first);
      expect([out.statusCode, out.json().code]).toEqual([401, 'SESSION_REVOKED']);

      await elsewhere(orgId, 'UPDATE users SET disabled_at = now() WHERE id = $1', [adminId]);
      expect((await get('/api/integrations', second)).statusCode).toBe(401);
      await elsewhere(orgId, 'UPDATE users SET disabled_at = NULL WHERE id = $1', [adminId]);
      expect((await get('/api/integrations', second)).statusCode).toBe(200);
    });

    it('ends at its expiry from the cached row, with no database change, and stamps activity once a minute', async () => {
      const session = await signIn(t, adminEmail);
      expect((await get('/api/integrations', session)).statusCode).toBe(200);
      const activity = async () =>
        // This test's session: the newest one.
        (await rawSql('SELECT last_activity_at FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [adminId])).rows.map(
          (r) => new Date(r.last_activity_at as string).getTime(),
        );
      const [before] = await activity();
      try {
        offsetMs = 2 * 60_000;
        expect((await get('/api/integrations', session)).statusCode).toBe(200);
        const [stamped] = await activity();
        expect(stamped).toBeGreaterThan(before);
        // The cached row was stamped too: the next request does not write again.
        expect((await get('/api/integrations', session)).statusCode).toBe(200);
        expect(await activity()).toEqual([stamped]);

        offsetMs = 400 * 24 * 3600_000;
        expect((await get('/api/integrations', session)).statusCode).toBe(401);
      } finally {
        offsetMs = 0;
      }
    });
  });

  describe('the keys list', () => {
    it('is served from memory, shows a key made through this app at once, and a rename elsewhere once the feed tells', async () => {
      const session = await signIn(t, adminEmail);
      const names = async () =>
        ((await get('/api/integrations?limit=100', session)).json() as { integrations: { name: string }[] }).integrations
          .map((k) => k.name)
          .sort();
      const makeKey = async (name: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/integrations',
          headers: session.headers,
          payload: { name, description: `${name} sync` },
        });
        expect(res.statusCode).toBe(201);
        return (res.json() as { integration: { id: string } }).integration;
      };
      const { id } = await makeKey('LMS');
      expect(await names()).toEqual(['LMS']);
      await settled();
      expect(await names()).toEqual(['LMS']);

      await unannounced('UPDATE integrations SET name = $1 WHERE id = $2', ['LMS (quiet)', id]);
      expect(await names()).toEqual(['LMS']);

      await elsewhere(orgId, 'UPDATE integrations SET name = $1 WHERE id = $2', ['Learning platform', id]);
      expect(await names()).toEqual(['Learning platform']);

      await makeKey('HR');
      expect(await names()).toEqual(['HR', 'Learning platform']);
    });
  });

  describe('the imports list', () => {
    it('is served from memory, follows progress and invitations written elsewhere, and a removal through this app at once', async () => {
      const session = await signIn(t, adminEmail);
      const [row] = await t.database.db
        .insert(s.userImports)
        .values({
          organizationId: orgId,
          createdBy: adminId,
          filename: 'people.csv',
          blobKey: 'user-imports/none.csv',
          status: 'completed',
        })
        .returning();
      await t.database.db.insert(s.userImportInvitations).values({ importId: row.id, userId: adminId, email: adminEmail });
      const listed = async () =>
        (
          (await get('/api/user-imports', session)).json() as {
            userImports: { id: string; rowsApplied: number; invitationsPending: number }[];
          }
        ).userImports.map((i) => ({ id: i.id, rowsApplied: i.rowsApplied, invitationsPending: i.invitationsPending }));
      expect(await listed()).toEqual([{ id: row.id, rowsApplied: 0, invitationsPending: 1 }]);
      await elsewhere('user_imports', 'UPDATE user_imports SET filename = filename WHERE id = $1', [row.id]);
      expect(await listed()).toEqual([{ id: row.id, rowsApplied: 0, invitationsPending: 1 }]);

      await unannounced('UPDATE user_imports SET rows_applied = 5 WHERE id = $1', [row.id]);
      expect(await listed()).toEqual([{ id: row.id, rowsApplied: 0, invitationsPending: 1 }]);

      await elsewhere('user_imports', 'UPDATE user_imports SET rows_applied = 7 WHERE id = $1', [row.id]);
      expect(await listed()).toEqual([{ id: row.id, rowsApplied: 7, invitationsPending: 1 }]);
      await elsewhere('user_imports', "UPDATE user_import_invitations SET status = 'sent' WHERE import_id = $1", [row.id]);
      expect(await listed()).toEqual([{ id: row.id, rowsApplied: 7, invitationsPending: 0 }]);

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/user-import/${row.id}`, headers: session.headers });
      expect(removed.statusCode).toBe(200);
      expect(await listed()).toEqual([]);
    });
  });
});
