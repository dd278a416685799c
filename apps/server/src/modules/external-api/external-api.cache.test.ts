/**
 * The external API's in-memory caches (key, user, workflow pages) and their invalidation
 * (docs/decisions/009-external-api-caching.md), on both databases: a change made through
 * this app is honoured by the very next call; a change made elsewhere (raw SQL on another
 * connection, a second app instance on the same database) once its notification arrived,
 * which the tests wait for as an event, never for a time. A change made with the triggers
 * off (`session_replication_role = replica`) shows that calls are really served from memory.
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { FEED_APPLICATION_NAME, startChangeFeed } from '../../db/change-feed.js';
import { type Database, openPostgres } from '../../db/client.js';
import * as s from '../../db/schema.js';
import { heardChange, type RawSql, rawSqlOf } from '../../test/change-feed.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { createAccessKey, idTokenFor, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { hashAccessKey } from '../access-keys/access-key.js';

type User = Awaited<ReturnType<typeof createUser>>;

/** Resolves when the feed reports that it listens (true) or stopped (false). */
function listening(events: EventEmitter, value: boolean): Promise<void> {
  return new Promise((resolve) => {
    const seen = (now: boolean) => {
      if (now !== value) return;
      events.off('listening', seen);
      resolve();
    };
    events.on('listening', seen);
  });
}

describe('external API caches', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let orgId = '';
  let admin: User;
  let publisher: User;
  let wsId = '';
  let otherWsId = '';
  let wfId = '';
  let key = '';
  let adminToken = '';
  let publisherToken = '';
  let raw: RawSql;
  const rawSql = (text: string, values?: unknown[]) => raw.query(text, values);

  const events = () => t.deps.changes!.events;
  const list = (token = adminToken, apiKey = key, app: App = t.app, query = 'limit=100') =>
    app.inject({ url: `/api/v1/workflows?${query}`, headers: { apiKey, authorization: `Bearer ${token}` } });
  const titles = async (token = adminToken, apiKey = key, app: App = t.app) => {
    const res = await list(token, apiKey, app);
    expect(res.statusCode).toBe(200);
    return (res.json() as { workflows: { title: string }[] }).workflows.map((w) => w.title).sort();
  };
  /** SQL that fires no trigger: nobody is told, so a cached answer stays as it was. */
  const unannounced = (statement: string, values: unknown[] = []) => raw.unannounced(statement, values);
  /** SQL on another connection; resolves once this app's feed has heard about the change. */
  const elsewhere = (statement: string, values: unknown[] = []) => raw.heard(orgId, statement, values);
  /**
   * A key's first call writes its last use off the request path, and that change of the
   * organization forgets its cached pages whenever the feed hears it (at once on PGlite, a
   * moment later on PostgreSQL). Made and heard before the tests, so only their own changes count.
   */
  async function keyUseHeard() {
    expect((await list()).statusCode).toBe(200);
    await until('the key to record its use', async () => {
      const { rows } = await rawSql('SELECT last_used_at FROM integrations WHERE key_hash = $1', [hashAccessKey(key)]);
      return rows[0]?.last_used_at ?? undefined;
    });
    await t.deps.changes!.caughtUp();
  }
  async function newKey() {
    const session = await signIn(t, admin.email!);
    return { session, ...(await createAccessKey(t, session.headers, 'Cache')) };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { db } = t.database;
    const org = await createOrganization(db);
    orgId = org.id;
    admin = await createUser(db, org.id, { displayName: 'Ada Admin' });
    publisher = await createUser(db, org.id, { role: 'publisher', displayName: 'Pia Publisher' });
    const ws = await createWorkspace(db, org.id, { name: 'Warehouse' });
    const otherWs = await createWorkspace(db, org.id, { name: 'Office' });
    wsId = ws.id;
    otherWsId = otherWs.id;
    await db.insert(s.userWorkspaces).values({ userId: publisher.id, workspaceId: ws.id });
    const [wf] = await db
      .insert(s.workflows)
      .values([
        { organizationId: org.id, workspaceId: ws.id, title: 'Forklift check' },
        { organizationId: org.id, workspaceId: otherWs.id, title: 'Printer refill' },
      ])
      .returning();
    wfId = wf.id;
    const created = await newKey();
    key = created.accessKey;
    adminToken = await idTokenFor(t, admin.email!);
    publisherToken = await idTokenFor(t, publisher.email!);
    raw = await rawSqlOf(t);
    await keyUseHeard();
  });
  afterAll(async () => {
    await raw.close();
    await t.close();
  });

  it('serves repeated calls from memory, and a workflow renamed or added is in the next list', async () => {
    expect(t.deps.changes!.listening).toBe(true);
    expect(await titles()).toEqual(['Forklift check', 'Printer refill']);
    // Past the triggers nobody is told: the page comes from memory, unchanged.
    await unannounced('UPDATE workflows SET title = $1 WHERE id = $2', ['Forklift check (quiet)', wfId]);
    expect(await titles()).toEqual(['Forklift check', 'Printer refill']);

    await elsewhere('UPDATE workflows SET title = $1 WHERE id = $2', ['Forklift inspection', wfId]);
    expect(await titles()).toEqual(['Forklift inspection', 'Printer refill']);

    await elsewhere('INSERT INTO workflows (organization_id, workspace_id, title) VALUES ($1, $2, $3)', [orgId, wsId, 'Pallet wrap']);
    const res = await list();
    expect(res.json().total).toBe(3);
    expect(await titles()).toEqual(['Forklift inspection', 'Pallet wrap', 'Printer refill']);
  });

  it("limits each caller's cached page to their workspaces, and follows membership changes", async () => {
    expect(await titles(publisherToken)).toEqual(['Forklift inspection', 'Pallet wrap']);
    await elsewhere('INSERT INTO user_workspaces (user_id, workspace_id) VALUES ($1, $2)', [publisher.id, otherWsId]);
    expect(await titles(publisherToken)).toEqual(['Forklift inspection', 'Pallet wrap', 'Printer refill']);
    await elsewhere('DELETE FROM user_workspaces WHERE user_id = $1 AND workspace_id = $2', [publisher.id, wsId]);
    expect(await titles(publisherToken)).toEqual(['Printer refill']);
    // The admin's own page (every workspace) was not mixed up with the publisher's.
    expect(await titles()).toEqual(['Forklift inspection', 'Pallet wrap', 'Printer refill']);
  });

  it('refuses a key deleted or rolled through the console at the next call', async () => {
    const { session, accessKey, integration } = await newKey();
    expect((await list(adminToken, accessKey)).statusCode).toBe(200);
    const rolled = await t.app.inject({
      method: 'POST',
      url: `/api/integration/${integration.id}/roll`,
      headers: session.headers,
      payload: { gracePeriod: 'now' },
    });
    expect(rolled.statusCode).toBe(200);
    const old = await list(adminToken, accessKey);
    expect([old.statusCode, old.json().code]).toEqual([401, 'API_KEY_EXPIRED']);
    const fresh = (rolled.json() as { accessKey: string }).accessKey;
    expect((await list(adminToken, fresh)).statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/integration/${integration.id}`, headers: session.headers });
    expect(removed.statusCode).toBe(200);
    const gone = await list(adminToken, fresh);
    expect([gone.statusCode, gone.json().code]).toEqual([401, 'API_KEY_INVALID']);
  });

  it("ends a rolled key's grace period from the cached key, with no database change", async () => {
    const { session, accessKey, integration } = await newKey();
    await t.app.inject({
      method: 'POST',
      url: `/api/integration/${integration.id}/roll`,
      headers: session.headers,
      payload: { gracePeriod: '1h' },
    });
    expect((await list(adminToken, accessKey)).statusCode).toBe(200);
    expect((await list(adminToken, accessKey)).statusCode).toBe(200);
    offsetMs = 61 * 60_000;
    try {
      const late = await list(adminToken, accessKey);
      expect([late.statusCode, late.json().code]).toEqual([401, 'API_KEY_EXPIRED']);
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a user disabled through the API at their next call', async () => {
    const leaver = await createUser(t.database.db, orgId, { role: 'publisher', displayName: 'Lee Leaver' });
    const token = await idTokenFor(t, leaver.email!);
    expect((await list(token)).statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${leaver.id}/disable`,
      headers: { apiKey: key, authorization: `Bearer ${adminToken}` },
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await list(token);
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('honours a role lowered, a user disabled and a key deleted on another connection', async () => {
    const user = await createUser(t.database.db, orgId, { role: 'org_admin', displayName: 'Ola Orgadmin' });
    const token = await idTokenFor(t, user.email!);
    const { accessKey, integration } = await newKey();
    expect(await titles(token, accessKey)).toEqual(['Forklift inspection', 'Pallet wrap', 'Printer refill']);

    // Organizational Admin to Publisher of no workspace: their page is empty at once.
    await elsewhere("UPDATE users SET role = 'publisher' WHERE id = $1", [user.id]);
    expect(await titles(token, accessKey)).toEqual([]);
    await elsewhere("UPDATE users SET role = 'viewer' WHERE id = $1", [user.id]);
    const viewer = await list(token, accessKey);
    expect([viewer.statusCode, viewer.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    await elsewhere("UPDATE users SET role = 'org_admin', disabled_at = now() WHERE id = $1", [user.id]);
    const disabled = await list(token, accessKey);
    expect([disabled.statusCode, disabled.json().code]).toEqual([401, 'INVALID_TOKEN']);

    expect((await list(adminToken, accessKey)).statusCode).toBe(200);
    await elsewhere('DELETE FROM integrations WHERE id = $1', [integration.id]);
    const deleted = await list(adminToken, accessKey);
    expect([deleted.statusCode, deleted.json().code]).toEqual([401, 'API_KEY_INVALID']);
  });

  it('honours changes made through a second app instance on the same database', async () => {
    // The second instance: its own pool (PostgreSQL) and its own change feed.
    let secondDb: Database = t.database;
    if (t.database.kind === 'postgres') secondDb = await openPostgres(t.database.pool!.options.connectionString!, 2);
    const second = await buildApp({ ...t.deps, database: secondDb, changes: undefined });
    await second.ready();
    try {
      const { accessKey, integration, session } = await newKey();
      // Both instances have the key, the user and the page in memory.
      for (const app of [t.app, second]) expect((await list(adminToken, accessKey, app)).statusCode).toBe(200);
      const title = `Renamed ${randomUUID().slice(0, 8)}`;
      const heard = heardChange(events(), orgId);
      // Renamed through the second instance's database, the key deleted through its console.
      await secondDb.db.update(s.workflows).set({ title }).where(eq(s.workflows.id, wfId));
      await heard;
      expect(await titles(adminToken, accessKey)).toContain(title);
      const heardDelete = heardChange(events(), orgId);
      const removed = await second.inject({ method: 'DELETE', url: `/api/integration/${integration.id}`, headers: session.headers });
      expect(removed.statusCode).toBe(200);
      await heardDelete;
      for (const app of [t.app, second]) expect((await list(adminToken, accessKey, app)).json().code).toBe('API_KEY_INVALID');
    } finally {
      await second.close();
      if (secondDb !== t.database) await secondDb.close();
    }
  });

  it('reads the database while the change feed is not listening, and serves from memory once it is back', async () => {
    const rename = (from: string, to: string) => unannounced('UPDATE workflows SET title = $1 WHERE title = $2', [to, from]);
    if (t.database.kind === 'postgres') {
      // An instance whose feed does not come back by itself: its listening connection dies.
      const feed = await startChangeFeed(t.database, undefined, { reconnectMs: [3_600_000] });
      const second = await buildApp({ ...t.deps, changes: feed });
      await second.ready();
      try {
        expect(await titles(adminToken, key, second)).toContain('Printer refill');
        const down = listening(feed.events, false);
        const mainDown = listening(events(), false);
        const mainBack = listening(events(), true);
        await rawSql(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [FEED_APPLICATION_NAME],
        );
        await down;
        await rename('Printer refill', 'Printer refill (feed down)');
        expect(await titles(adminToken, key, second)).toContain('Printer refill (feed down)');
        // The app's own feed reconnects; what it cached before is not served again.
        await mainDown;
        await mainBack;
        expect(t.deps.changes!.listening).toBe(true);
        expect(await titles()).toContain('Printer refill (feed down)');
        await rename('Printer refill (feed down)', 'Printer refill (quiet again)');
        expect(await titles()).toContain('Printer refill (feed down)');
      } finally {
        await second.close();
        await feed.close();
      }
    } else {
      const feed = t.deps.changes!;
      expect(await titles()).toContain('Printer refill');
      await feed.close();
      expect(feed.listening).toBe(false);
      await rename('Printer refill', 'Printer refill (feed down)');
      expect(await titles()).toContain('Printer refill (feed down)');
    }
  });
});
