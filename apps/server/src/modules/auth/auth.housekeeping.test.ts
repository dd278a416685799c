import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRequests, integrations, rateLimitHits, scimEvents, sessions, ssoLoginStates, userTokens } from '../../db/schema.js';
import { jobDefinitions } from '../../jobs/index.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { housekeepingJob } from './housekeeping.jobs.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('housekeeping job', () => {
  let t: TestApp;
  let userId: string;
  let organizationId: string;

  beforeAll(async () => {
    // Seven days: shorter than an invitation's 14, so a pending invitation can be older than it.
    t = await createTestApp({ clock: { now: () => NOW }, config: { HOUSEKEEPING_RETENTION_DAYS: '7' } });
    organizationId = (await createOrganization(t.database.db)).id;
    userId = (await createUser(t.database.db, organizationId)).id;
  });
  afterAll(() => t.close());

  /** Rows of each table, named by what they stand for; returns the names still there. */
  async function seed() {
    const { db } = t.database;
    const session = (name: string, expiresAt: Date, revokedAt: Date | null = null) => ({ userId, tokenHash: name, expiresAt, revokedAt });
    await db.insert(sessions).values([
      session('active', at(DAY)),
      session('expired 8 days ago', at(-8 * DAY)),
      session('expired 6 days ago', at(-6 * DAY)),
      session('revoked 8 days ago', at(20 * DAY), at(-8 * DAY)),
      session('revoked 6 days ago', at(20 * DAY), at(-6 * DAY)),
      // More than two batches (500 rows each) of them: the deletes walk the table page by page.
      ...Array.from({ length: 1_004 }, (_, n) => session(`expired long ago ${n}`, at(-100 * DAY))),
    ]);
    const token = (name: string, kind: string, createdAt: Date, expiresAt: Date, usedAt: Date | null = null) => ({
      userId,
      kind,
      tokenHash: name,
      createdAt,
      expiresAt,
      usedAt,
    });
    await db
      .insert(userTokens)
      .values([
        token('pending invitation sent 10 days ago', 'invitation', at(-10 * DAY), at(4 * DAY)),
        token('invitation accepted 8 days ago, since expired', 'invitation', at(-15 * DAY), at(-DAY), at(-8 * DAY)),
        token('invitation accepted 8 days ago, not yet expired', 'invitation', at(-10 * DAY), at(4 * DAY), at(-8 * DAY)),
        token('invitation accepted 6 days ago', 'invitation', at(-15 * DAY), at(-DAY), at(-6 * DAY)),
        token('invitation expired unused 8 days ago', 'invitation', at(-22 * DAY), at(-8 * DAY)),
        token('invitation expired unused 6 days ago', 'invitation', at(-20 * DAY), at(-6 * DAY)),
        token('sign-in link used 8 days ago', 'sign_in_link', at(-8 * DAY), at(-8 * DAY + 900_000), at(-8 * DAY)),
        token('sign-in link used an hour ago', 'sign_in_link', at(-3_600_000), at(-2_700_000), at(-3_600_000)),
      ]);
    await db.insert(rateLimitHits).values([
      { key: 'window ended a second ago', hits: 3, resetAt: at(-1000) },
      { key: 'window ending now', hits: 3, resetAt: NOW },
      { key: 'window open', hits: 3, resetAt: at(30_000) },
    ]);
    const state = (name: string, expiresAt: Date) => ({
      stateHash: name,
      provider: 'google',
      codeVerifier: 'v',
      nonce: 'n',
      redirectPath: '/',
      expiresAt,
    });
    await db.insert(ssoLoginStates).values([state('abandoned', at(-60_000)), state('in flight', at(300_000))]);
    const event = (name: string, when: Date) => ({
      organizationId,
      kind: 'created',
      resourceType: 'User',
      resourceName: name,
      method: 'POST',
      status: 201,
      at: when,
    });
    await db.insert(scimEvents).values([event('provisioned 8 days ago', at(-8 * DAY)), event('provisioned 6 days ago', at(-6 * DAY))]);
    const [key] = await db
      .insert(integrations)
      .values({ organizationId, name: 'Sync', description: '', keyPrefix: 'ak_', keyLast4: 'abcd', keyHash: 'housekeeping' })
      .returning();
    const idempotent = (name: string, expiresAt: Date) => ({
      organizationId,
      accessKeyId: key!.id,
      idempotencyKey: name,
      fingerprint: 'f',
      route: 'POST /api/v1/users',
      attempt: randomUUID(),
      status: 201,
      body: '{}',
      createdAt: new Date(expiresAt.getTime() - DAY),
      expiresAt,
    });
    await db
      .insert(idempotentRequests)
      .values([idempotent('answered a day ago', at(-1000)), idempotent('answered an hour ago', at(23 * 3_600_000))]);
  }

  async function remaining() {
    const { db } = t.database;
    const names = async (rows: Promise<{ name: string }[]>) => (await rows).map((r) => r.name).sort();
    return {
      sessions: await names(db.select({ name: sessions.tokenHash }).from(sessions)),
      userTokens: await names(db.select({ name: userTokens.tokenHash }).from(userTokens)),
      rateLimitWindows: await names(db.select({ name: rateLimitHits.key }).from(rateLimitHits)),
      ssoLoginStates: await names(db.select({ name: ssoLoginStates.stateHash }).from(ssoLoginStates)),
      scimEvents: await names(db.select({ name: scimEvents.resourceName }).from(scimEvents) as Promise<{ name: string }[]>),
      idempotencyKeys: await names(db.select({ name: idempotentRequests.idempotencyKey }).from(idempotentRequests)),
    };
  }

  async function clear() {
    const { db } = t.database;
    for (const table of [sessions, userTokens, rateLimitHits, ssoLoginStates, scimEvents, idempotentRequests, integrations])
      await db.delete(table);
  }

  it('deletes what ended before the retention (or at all, for windows and SSO round trips), in batches, and keeps the rest', async () => {
    await seed();
    const report = await t.app.services.housekeeping.run();
    expect(report).toEqual({
      sessions: 1_006,
      userTokens: 3,
      rateLimitWindows: 2,
      ssoLoginStates: 1,
      scimEvents: 1,
      idempotencyKeys: 1,
      requestLog: 0,
    });
    expect(await remaining()).toEqual({
      sessions: ['active', 'expired 6 days ago', 'revoked 6 days ago'],
      userTokens: [
        'invitation accepted 6 days ago',
        // Used, but its token still works until it expires: the row is what refuses a second use.
        'invitation accepted 8 days ago, not yet expired',
        'invitation expired unused 6 days ago',
        'pending invitation sent 10 days ago',
        'sign-in link used an hour ago',
      ],
      rateLimitWindows: ['window open'],
      ssoLoginStates: ['in flight'],
      scimEvents: ['provisioned 6 days ago'],
      idempotencyKeys: ['answered an hour ago'],
    });
    expect(await t.app.services.housekeeping.run()).toEqual({
      sessions: 0,
      userTokens: 0,
      rateLimitWindows: 0,
      ssoLoginStates: 0,
      scimEvents: 0,
      idempotencyKeys: 0,
      requestLog: 0,
    });
    await clear();
  });

  it('runs as a pg-boss job on an hourly schedule', async () => {
    const definition = jobDefinitions({ deps: t.deps, services: t.app.services }).find((d) => d.name === 'housekeeping');
    expect(definition?.cron).toBe('7 * * * *');
    await seed();
    const job = housekeepingJob(t.app.services.housekeeping);
    const done = new Promise<void>((resolve, reject) => {
      const watched: typeof job = { ...job, handler: (data, meta) => job.handler(data, meta).then(resolve, reject) };
      void t.deps.jobs.startWorkers([watched]);
    });
    await t.deps.jobs.send('housekeeping', {});
    await done;
    expect((await remaining()).sessions).toEqual(['active', 'expired 6 days ago', 'revoked 6 days ago']);
    const { rows } = await t.database.executeSql('select cron from pgboss.schedule where name = $1', ['housekeeping']);
    expect(rows).toEqual([{ cron: '7 * * * *' }]);
    await clear();
  });
});
