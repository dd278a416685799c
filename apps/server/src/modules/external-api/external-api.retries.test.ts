/**
 * Safe retries of the external API (decision 070): writes sent with an Idempotency-Key run once
 * per access key and key, kept 24 hours in the database; the RateLimit fields on every answer to
 * a valid access key.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sqlRows } from '../../db/client.js';
import * as s from '../../db/schema.js';
import { testClock } from '../../test/clock.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';

const HOUR = 3_600_000;

describe('external API: idempotency keys', () => {
  let t: TestApp;
  const clock = testClock(new Date().toISOString());
  let organizationId = '';
  let adminEmail = '';
  let apiKey = '';
  let otherApiKey = '';
  let idToken = '';
  let n = 0;

  const newUser = (extra: Record<string, unknown> = {}) => ({ email: `retry.${++n}@acme.example`, displayName: `Retry ${n}`, ...extra });

  function call(opts: InjectOptions & { idempotencyKey?: string; key?: string }) {
    const { idempotencyKey, key = apiKey, ...rest } = opts;
    return t.app.inject({
      ...rest,
      headers: {
        apikey: key,
        authorization: `Bearer ${idToken}`,
        ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
        ...(rest.headers as Record<string, string>),
      },
    });
  }
  const createUserCall = (payload: unknown, idempotencyKey?: string, key?: string) =>
    call({ method: 'POST', url: '/api/v1/users', payload: payload as object, idempotencyKey, key });

  async function usersWithEmail(email: string) {
    return (await t.database.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email))).length;
  }
  async function events(action: string) {
    const [row] = await sqlRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where organization_id = ${organizationId} and action = ${action}`,
    );
    return row!.n;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { db } = t.database;
    organizationId = (await createOrganization(db)).id;
    adminEmail = (await createUser(db, organizationId)).email!;
    const session = await signIn(t, adminEmail);
    apiKey = (await createAccessKey(t, session.headers, 'Sync')).accessKey;
    otherApiKey = (await createAccessKey(t, session.headers, 'Other sync')).accessKey;
    idToken = await idTokenFor(t, adminEmail);
  });
  afterAll(() => t?.close());

  it('creates one user for two identical POSTs with one key, and answers the second with the same body, replayed', async () => {
    const body = newUser();
    const first = await createUserCall(body, 'create-1');
    const second = await createUserCall(body, 'create-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    // The IETF draft's quoted form is the same key; so is the same body with its fields in another order.
    const reordered = await createUserCall({ displayName: body.displayName, email: body.email }, '"create-1"');
    expect(reordered.statusCode).toBe(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.body).toBe(first.body);
    expect(await usersWithEmail(body.email)).toBe(1);
    expect(await events('user.created')).toBe(1);
  });

  it('refuses the same key with another body or route (422), doing nothing', async () => {
    const body = newUser();
    expect((await createUserCall(body, 'create-2')).statusCode).toBe(201);
    const other = newUser();
    const refused = await createUserCall(other, 'create-2');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: { route: 'POST /api/v1/users' } });
    expect(refused.json().message).toContain('new key');
    expect(await usersWithEmail(other.email)).toBe(0);
    const elsewhere = await call({
      method: 'POST',
      url: '/api/v1/domains',
      payload: { domain: 'retries.example' },
      idempotencyKey: 'create-2',
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await t.database.db.select().from(s.organizationDomains)).toEqual([]);
  });

  it('keeps the keys of each access key apart', async () => {
    const first = newUser();
    const second = newUser();
    expect((await createUserCall(first, 'shared')).statusCode).toBe(201);
    const other = await createUserCall(second, 'shared', otherApiKey);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await usersWithEmail(second.email)).toBe(1);
  });

  it('answers 409 with Retry-After to a repeat while the first runs, then the first answer', async () => {
    const users = t.app.services.externalApiUsers;
    const create = users.create;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    users.create = async (...args) => {
      await gate;
      return create(...args);
    };
    try {
      const body = newUser();
      const first = createUserCall(body, 'at-once');
      await until('the first call to hold its key', async () =>
        (await t.database.db.select().from(s.idempotentRequests).where(eq(s.idempotentRequests.idempotencyKey, 'at-once'))).length
          ? true
          : undefined,
      );
      const second = await createUserCall(body, 'at-once');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT', details: { retryAfterSeconds: 2 } });
      expect(second.headers['retry-after']).toBe('2');
      release();
      expect((await first).statusCode).toBe(201);
      const third = await createUserCall(body, 'at-once');
      expect(third.statusCode).toBe(201);
      expect(third.headers['idempotent-replayed']).toBe('true');
      expect(await usersWithEmail(body.email)).toBe(1);
    } finally {
      users.create = create;
    }
  });

  it('lets one of two replicas run a key both receive at once', async () => {
    const replicas = [await buildApp(t.deps), await buildApp(t.deps)];
    try {
      const body = newUser();
      const answers = await Promise.all(
        replicas.map((replica) =>
          replica.inject({
            method: 'POST',
            url: '/api/v1/users',
            payload: body,
            headers: { apikey: apiKey, authorization: `Bearer ${idToken}`, 'idempotency-key': 'two-replicas' },
          }),
        ),
      );
      expect(await usersWithEmail(body.email)).toBe(1);
      // One ran; the other found it running (409) or, once it had answered, replayed its answer.
      const statuses = answers.map((a) => a.statusCode).sort();
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      expect(answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  it('lets a retry run again after a 5xx, and after a first call whose process is gone', async () => {
    const users = t.app.services.externalApiUsers;
    const create = users.create;
    users.create = async () => {
      throw new Error('the database went away');
    };
    const body = newUser();
    try {
      expect((await createUserCall(body, 'failed-once')).statusCode).toBe(500);
    } finally {
      users.create = create;
    }
    const retried = await createUserCall(body, 'failed-once');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();

    // A hold nobody renews (its replica stopped) is taken over once it runs out.
    const [key] = await t.database.db.select({ id: s.integrations.id }).from(s.integrations).where(eq(s.integrations.name, 'Sync'));
    const gone = newUser();
    const held = (idempotencyKey: string, runningUntil: ReturnType<typeof sql>) =>
      t.database.db.insert(s.idempotentRequests).values({
        organizationId,
        accessKeyId: key!.id,
        idempotencyKey,
        fingerprint: 'of the call in flight',
        route: 'POST /api/v1/users',
        attempt: randomUUID(),
        runningUntil,
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 24 * HOUR),
      });
    await held('cut-off', sql`now() - interval '1 second'`);
    const takenOver = await createUserCall(gone, 'cut-off');
    expect(takenOver.statusCode).toBe(201);
    expect(await usersWithEmail(gone.email)).toBe(1);
  });

  it('keeps nothing of a call refused before it runs: the same key then works', async () => {
    const invalid = await createUserCall({ email: 'not an address', displayName: 'X' }, 'fixed-input');
    expect(invalid.statusCode).toBe(400);
    const body = newUser();
    const fixed = await createUserCall(body, 'fixed-input');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    // A key refused by the guard keeps nothing either.
    expect((await createUserCall(newUser(), 'no-key', 'ak_nothing')).statusCode).toBe(401);
    expect(await t.database.db.select().from(s.idempotentRequests).where(eq(s.idempotentRequests.idempotencyKey, 'no-key'))).toEqual([]);
  });

  it('replays PATCH and DELETE too: the second change and the second delete do nothing', async () => {
    const [hook] = await t.database.db
      .insert(s.webhookEndpoints)
      .values({ organizationId, url: 'https://hooks.retries.example/in', secret: `whsec_${Buffer.alloc(32, 2).toString('base64')}` })
      .returning();
    const patch = (description: string, idempotencyKey: string) =>
      call({ method: 'PATCH', url: `/api/v1/webhooks/${hook!.id}`, payload: { description }, idempotencyKey });
    const changed = await patch('Nightly sync', 'patch-1');
    expect(changed.statusCode).toBe(200);
    const again = await patch('Nightly sync', 'patch-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(changed.body);
    expect(await events('webhook.updated')).toBe(1);
    expect((await patch('Weekly sync', 'patch-1')).statusCode).toBe(422);

    const remove = (idempotencyKey?: string) => call({ method: 'DELETE', url: `/api/v1/webhooks/${hook!.id}`, idempotencyKey });
    const removed = await remove('delete-1');
    expect(removed.statusCode).toBe(200);
    const removedAgain = await remove('delete-1');
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.headers['idempotent-replayed']).toBe('true');
    expect(removedAgain.body).toBe(removed.body);
    expect(await events('webhook.deleted')).toBe(1);
    // Without the key, the same call is a new one: the endpoint is gone.
    expect((await remove()).statusCode).toBe(404);
  });

  it('refuses a key that is empty, too long or not printable ASCII (400) before anything runs, and takes 255 characters', async () => {
    for (const bad of ['', 'x'.repeat(256), 'clé', '""', 'tab\there']) {
      const res = await createUserCall(newUser(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
    }
    expect((await createUserCall(newUser(), 'k'.repeat(255))).statusCode).toBe(201);
    // Reads do not take one: the header changes nothing there.
    const read = await call({ url: '/api/v1/users', idempotencyKey: 'x'.repeat(300) });
    expect(read.statusCode).toBe(200);
  });

  it('forgets a key after 24 hours: the same key runs again, and housekeeping deletes what expired', async () => {
    const body = newUser();
    expect((await createUserCall(body, 'a-day')).statusCode).toBe(201);
    clock.advance(24 * HOUR - 1000);
    idToken = await idTokenFor(t, adminEmail);
    expect((await createUserCall(body, 'a-day')).headers['idempotent-replayed']).toBe('true');
    clock.advance(1000);
    idToken = await idTokenFor(t, adminEmail);
    const next = newUser();
    const fresh = await createUserCall(next, 'a-day');
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await usersWithEmail(next.email)).toBe(1);

    const kept = async () =>
      (await t.database.db.select().from(s.idempotentRequests).where(eq(s.idempotentRequests.organizationId, organizationId))).length;
    const before = await kept();
    const report = await t.app.services.housekeeping.run();
    expect(report.idempotencyKeys).toBeGreaterThan(0);
    expect(await kept()).toBe(before - report.idempotencyKeys);
    // The key answered just now is kept.
    const [row] = await t.database.db
      .select()
      .from(s.idempotentRequests)
      .where(and(eq(s.idempotentRequests.organizationId, organizationId), eq(s.idempotentRequests.idempotencyKey, 'a-day')));
    expect(row?.status).toBe(201);
  });
});

describe('external API: RateLimit fields', () => {
  let t: TestApp;
  let apiKey = '';
  let idToken = '';
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const org = await createOrganization(db);
    const email = (await createUser(db, org.id)).email!;
    apiKey = (await createAccessKey(t, (await signIn(t, email)).headers)).accessKey;
    idToken = await idTokenFor(t, email);
  });
  afterAll(() => t?.close());

  it("tells every answer to a valid key its budget, counts down to the 429, and tells an unknown key's address nothing before", async () => {
    const config = { ...t.config, API_RATE_LIMIT: 3, API_RATE_LIMIT_WINDOW_SECONDS: 60 };
    const replica = await buildApp({ ...t.deps, config });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(await replica.inject({ url: '/api/v1/skills', headers: { apikey: apiKey, authorization: `Bearer ${idToken}` } }));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      for (const answer of answers) expect(answer.headers['ratelimit-policy']).toBe('"access-key";q=3;w=60');
      const fields = answers.map((a) => /^"access-key";r=(\d+);t=(\d+)$/.exec(String(a.headers.ratelimit)));
      expect(fields.map((f) => Number(f?.[1]))).toEqual([2, 1, 0, 0]);
      for (const f of fields) expect(Number(f?.[2])).toBeGreaterThan(0);
      for (const f of fields) expect(Number(f?.[2])).toBeLessThanOrEqual(60);
      expect(answers[3]!.headers['retry-after']).toBe(fields[3]![2]);
      // A refusal after the key is known (here: no idToken) still tells the budget.
      const noToken = await t.app.inject({ url: '/api/v1/skills', headers: { apikey: apiKey } });
      expect(noToken.statusCode).toBe(401);
      expect(noToken.headers.ratelimit).toMatch(/^"access-key";r=\d+;t=\d+$/);
      // An unknown key learns nothing of its address's budget.
      const unknown = await t.app.inject({ url: '/api/v1/skills', headers: { apikey: 'ak_unknown', authorization: `Bearer ${idToken}` } });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.headers.ratelimit).toBeUndefined();
      expect(unknown.headers['ratelimit-policy']).toBeUndefined();
    } finally {
      await replica.close();
    }
  });

  it('documents the fields, the Idempotency-Key and its refusals in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/v1/openapi.json')).json();
    const create = doc.paths['/api/v1/users'].post;
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(Object.keys(create.responses['201'].headers)).toEqual(['RateLimit-Policy', 'RateLimit', 'Idempotent-Replayed']);
    expect(create.responses['422'].content['application/json']).toBeDefined();
    expect(Object.keys(create.responses['409'].headers)).toContain('Retry-After');
    const list = doc.paths['/api/v1/users'].get;
    expect(list.parameters?.some((p: { name: string }) => p.name === 'Idempotency-Key')).toBeFalsy();
    expect(Object.keys(list.responses['200'].headers)).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(list.responses['401'].headers).toBeUndefined();
    expect(doc.paths['/api/v1/auth/token'].post.parameters?.some((p: { name: string }) => p.name === 'Idempotency-Key')).toBeFalsy();
    expect(doc.info.description).toContain('Idempotency-Key: $KEY');
  });
});
