/**
 * The delivery log's calls on the real app, with the worker's pump delivering to a real
 * receiver: a test event, the log with its filters and pages, a retry and a resend, scoped
 * to the caller's organization.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_TESTS_PER_MINUTE, webhookDeliveriesPage, webhookErrorCodes } from '@console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.js';
import type { Clock } from '../../deps.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.js';
import { recordEvent, systemActor } from '../events/record.js';
import { RETRY_DELAYS_SECONDS } from './webhook-delivery.js';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('the delivery log and sending again', () => {
  let app: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let receiver: Receiver;
  let organizationId: string;
  let hookId: string;
  let disabledId: string;
  const secret = newSecret();
  const pump = new AbortController();
  let pumped: Promise<number>;

  beforeAll(async () => {
    app = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const org = await createOrganization(app.database.db);
    const other = await createOrganization(app.database.db);
    organizationId = org.id;
    admin = await signIn(app, (await createUser(app.database.db, org.id)).email as string);
    otherAdmin = await signIn(app, (await createUser(app.database.db, other.id)).email as string);
    receiver = await startReceiver([secret]);
    const [hook] = await app.database.db
      .insert(t.webhookEndpoints)
      .values({ organizationId: org.id, url: receiver.url, secret })
      .returning();
    const [disabled] = await app.database.db
      .insert(t.webhookEndpoints)
      .values({ organizationId: org.id, url: receiver.url, secret, enabled: false })
      .returning();
    hookId = hook?.id as string;
    disabledId = disabled?.id as string;
    // The worker's pump, as the worker's job runs it, until the tests end.
    pumped = app.app.services.webhookDeliverer.pump({ forMs: 600_000, signal: pump.signal });
  });
  afterAll(async () => {
    pump.abort();
    await pumped;
    await app.close();
    await receiver.close();
  });

  const post = (who: SignedIn, url: string, payload?: object) =>
    app.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  const log = async (query = '') => {
    const res = await app.app.inject({ url: `/api/webhook/${hookId}/deliveries${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return webhookDeliveriesPage.parse(res.json());
  };

  it('sends a test event now, signed, and shows it in the log with its attempt', async () => {
    const sent = await post(admin, `/api/webhook/${hookId}/test`);
    expect(sent.statusCode).toBe(202);
    const { delivery } = sent.json();
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: [] });
    const call = await until('the test event', async () => receiver.received.find((c) => c.id === delivery.eventId));
    expect(call.verifiedWith).toEqual([secret]);
    expect(JSON.parse(call.body)).toMatchObject({
      type: 'webhook.test',
      data: { id: delivery.eventId, targets: [{ type: 'webhook', id: hookId }] },
    });
    const page = await until('the logged attempt', async () => {
      const p = await log();
      return p.deliveries[0]?.status === 'succeeded' ? p : undefined;
    });
    expect(page.deliveries[0]).toMatchObject({ id: delivery.id, attempts: [{ statusCode: 200, responseBody: 'answer 200', error: null }] });
    expect(page.deliveries[0]?.nextAttemptAt).toBeNull();
  });

  it('shows what a delivery sends, byte for byte what the receiver got, for a test event and for an event; not to another organization', async () => {
    const request = (who: SignedIn, deliveryId: string, endpointId = hookId) =>
      app.app.inject({ url: `/api/webhook/${endpointId}/delivery/${deliveryId}/request`, headers: who.headers });
    const { delivery: test } = (await post(admin, `/api/webhook/${hookId}/test`)).json();
    const testCall = await until('the test event', async () => receiver.received.find((c) => c.id === test.eventId));
    const shown = await request(admin, test.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ body: testCall.body });

    // An event of the organization (this endpoint hears every type): the webhook made here.
    const created = await post(admin, '/api/webhooks', { url: receiver.url, eventTypes: ['user.created'] });
    expect(created.statusCode).toBe(201);
    const madeEvent = await until('the webhook.created delivery', async () =>
      (await log('?eventType=webhook.created')).deliveries.find((d) => receiver.received.some((c) => c.id === d.eventId)),
    );
    const eventCall = receiver.received.find((c) => c.id === madeEvent.eventId);
    expect((await request(admin, madeEvent.id)).json()).toEqual({ body: eventCall?.body });
    expect(JSON.parse(eventCall?.body ?? '{}')).toMatchObject({ type: 'webhook.created', data: { id: madeEvent.eventId } });

    const elsewhere = await request(otherAdmin, test.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe(webhookErrorCodes.notFound);
    // Another endpoint's delivery is not this endpoint's.
    expect((await request(admin, test.id, created.json().webhook.id)).json().code).toBe(webhookErrorCodes.deliveryNotFound);
    expect(
      (await app.app.inject({ method: 'DELETE', url: `/api/webhook/${created.json().webhook.id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it('retries a failed delivery, and resends every delivery that failed since an instant', async () => {
    receiver.answer = () => 500;
    const since = new Date().toISOString();
    const { delivery } = (await post(admin, `/api/webhook/${hookId}/test`)).json();
    await until('the failed attempt', async () =>
      (await log(`?outcome=pending&eventType=webhook.test`)).deliveries.find((d) => d.id === delivery.id && d.attempts.length === 1)
        ? true
        : undefined,
    );
    receiver.answer = () => 200;
    const retried = await post(admin, `/api/webhook/${hookId}/delivery/${delivery.id}/retry`);
    expect(retried.statusCode).toBe(202);
    await until('the retried delivery', async () =>
      (await log('?outcome=succeeded')).deliveries.some((d) => d.id === delivery.id) ? true : undefined,
    );
    const resent = await post(admin, `/api/webhook/${hookId}/resend`, { since });
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ queued: 0 });
  });

  it('sends a delivery being sent once: a retry meanwhile keeps its lease, so no second request runs beside it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<number>((resolve) => {
      release = () => resolve(200);
    });
    receiver.answer = () => held;
    try {
      const { delivery } = (await post(admin, `/api/webhook/${hookId}/test`)).json();
      await until('the request in flight', async () => (receiver.received.some((c) => c.id === delivery.eventId) ? true : undefined));
      expect((await post(admin, `/api/webhook/${hookId}/delivery/${delivery.id}/retry`)).statusCode).toBe(202);
      const row = async () =>
        (
          await app.database.db
            .select({ status: t.webhookDeliveries.status, leasedUntil: t.webhookDeliveries.leasedUntil })
            .from(t.webhookDeliveries)
            .where(eq(t.webhookDeliveries.id, delivery.id))
        )[0];
      expect((await row())?.leasedUntil).not.toBeNull();
      release();
      await until('its one attempt recorded', async () => {
        const now = await row();
        return now?.status === 'succeeded' && now.leasedUntil === null ? true : undefined;
      });
      const [logged] = (await log('?eventType=webhook.test')).deliveries.filter((d) => d.id === delivery.id);
      expect(logged?.attempts).toHaveLength(1);
      expect(receiver.received.filter((c) => c.id === delivery.eventId)).toHaveLength(1);
    } finally {
      release();
      receiver.answer = () => 200;
    }
  });

  it('resends exactly the deliveries of this endpoint that failed at or after the instant, and delivers them again', async () => {
    const { db } = app.database;
    const secrets = [newSecret(), newSecret()];
    const here = await startReceiver([secrets[0] as string]);
    const elsewhere = await startReceiver([secrets[1] as string]);
    try {
      const [hook, otherHook] = await db
        .insert(t.webhookEndpoints)
        .values([
          { organizationId, url: here.url, secret: secrets[0] as string, eventTypes: ['user.created'] },
          { organizationId, url: elsewhere.url, secret: secrets[1] as string, eventTypes: ['user.created'] },
        ])
        .returning();
      const ids = { hook: hook?.id as string, other: otherHook?.id as string };
      const deliveryOf = async (endpointId: string, eventId: string) => {
        const [row] = await db
          .select()
          .from(t.webhookDeliveries)
          .where(and(eq(t.webhookDeliveries.endpointId, endpointId), eq(t.webhookDeliveries.eventId, eventId)));
        return row;
      };
      /**
       * An event whose deliveries are on their last try (the schedule's end), so that one
       * real attempt the receivers answer ends them: failed for good, or succeeded.
       */
      const lastTry = async (name: string) => {
        let eventId = '';
        await db.transaction(async (tx) => {
          await recordEvent(tx, {
            action: 'user.created',
            organizationId,
            actor: systemActor,
            targets: [{ type: 'user', id: randomUUID(), name }],
          });
          const [event] = await tx.select({ id: t.events.id }).from(t.events).where(sql`${t.events.targets}->0->>'name' = ${name}`);
          eventId = event?.id as string;
          await tx
            .update(t.webhookDeliveries)
            .set({ attemptCount: RETRY_DELAYS_SECONDS.length })
            .where(eq(t.webhookDeliveries.eventId, eventId));
        });
        return eventId;
      };
      const settled = (endpointId: string, eventId: string, status: 'failed' | 'succeeded') =>
        until(`${eventId} ${status}`, async () => {
          const row = await deliveryOf(endpointId, eventId);
          return row?.status === status ? row : undefined;
        });

      here.answer = () => 500;
      elsewhere.answer = () => 500;
      const before = await lastTry('failed before the instant');
      const failedBefore = await settled(ids.hook, before, 'failed');
      await settled(ids.other, before, 'failed');
      // The instant is after the first failure, as the person reading the log picks it.
      const since = new Date((failedBefore.lastAttemptAt as Date).getTime() + 1);
      await until('a clock past the instant', async () => (Date.now() > since.getTime() + 1 ? true : undefined));
      const after = await lastTry('failed after the instant');
      await settled(ids.hook, after, 'failed');
      await settled(ids.other, after, 'failed');
      here.answer = () => 200;
      const succeeded = await lastTry('succeeded after the instant');
      await settled(ids.hook, succeeded, 'succeeded');
      here.received.splice(0);
      elsewhere.received.splice(0);

      const resent = await post(admin, `/api/webhook/${ids.hook}/resend`, { since: since.toISOString() });
      expect(resent.statusCode).toBe(202);
      expect(resent.json()).toEqual({ queued: 1 });
      const again = await settled(ids.hook, after, 'succeeded');
      expect(again.attemptCount).toBe(RETRY_DELAYS_SECONDS.length + 2);
      expect(here.received.map((c) => c.id)).toEqual([after]);
      expect(here.received[0]?.verifiedWith).toEqual([secrets[0]]);
      // The others are as they were: the one before the instant, the succeeded one, the other endpoint's.
      expect((await deliveryOf(ids.hook, before))?.status).toBe('failed');
      expect((await deliveryOf(ids.hook, succeeded))?.attemptCount).toBe(RETRY_DELAYS_SECONDS.length + 1);
      expect((await deliveryOf(ids.other, after))?.status).toBe('failed');
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await here.close();
      await elsewhere.close();
    }
  });

  it('delivers whatever the organization\'s "Webhooks sharing" switch says: the switch is the platform\'s (decision 058)', async () => {
    const { db } = app.database;
    for (const value of [false, true]) {
      await db
        .insert(t.organizationSettings)
        .values({ organizationId, key: 'webhooksSharing', value })
        .onConflictDoUpdate({ target: [t.organizationSettings.organizationId, t.organizationSettings.key], set: { value } });
      const created = await post(admin, '/api/webhooks', { url: receiver.url, eventTypes: ['user.created'] });
      expect(created.statusCode).toBe(201);
      const { webhook } = created.json();
      const sent = await post(admin, `/api/webhook/${webhook.id}/test`);
      expect(sent.statusCode).toBe(202);
      const { delivery } = sent.json();
      await until(`the test event with the switch ${value ? 'on' : 'off'}`, async () =>
        receiver.received.find((c) => c.id === delivery.eventId),
      );
      expect((await app.app.inject({ method: 'DELETE', url: `/api/webhook/${webhook.id}`, headers: admin.headers })).statusCode).toBe(200);
    }
  });

  it('pages the log newest first', async () => {
    const first = await log('?limit=1');
    expect(first.deliveries).toHaveLength(1);
    expect(first.next).not.toBeNull();
    const second = await log(`?limit=1&after=${first.next}`);
    expect(second.deliveries[0]?.id).not.toBe(first.deliveries[0]?.id);
    expect(second.deliveries[0]?.id < (first.deliveries[0]?.id as string)).toBe(true);
    const bad = await app.app.inject({ url: `/api/webhook/${hookId}/deliveries?after=bm90LWEtY3Vyc29y`, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(webhookErrorCodes.deliveriesCursorInvalid);
  });

  it("does not show or send to another organization's endpoint, nor send to a disabled one", async () => {
    const elsewhere = await app.app.inject({ url: `/api/webhook/${hookId}/deliveries`, headers: otherAdmin.headers });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe(webhookErrorCodes.notFound);
    expect((await post(otherAdmin, `/api/webhook/${hookId}/test`)).statusCode).toBe(404);
    const disabled = await post(admin, `/api/webhook/${disabledId}/test`);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().code).toBe(webhookErrorCodes.disabled);
  });
});

describe('test events, a few a minute per endpoint', () => {
  let app: TestApp;
  let now = new Date('2026-11-21T09:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let hookId: string;
  let secondId: string;

  beforeAll(async () => {
    app = await createTestApp({ clock, config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const org = await createOrganization(app.database.db);
    const other = await createOrganization(app.database.db);
    admin = await signIn(app, (await createUser(app.database.db, org.id)).email as string);
    otherAdmin = await signIn(app, (await createUser(app.database.db, other.id)).email as string);
    const [hook, second] = await app.database.db
      .insert(t.webhookEndpoints)
      .values([
        { organizationId: org.id, url: 'https://hooks.acme.example/one', secret: newSecret() },
        { organizationId: org.id, url: 'https://hooks.acme.example/two', secret: newSecret() },
      ])
      .returning();
    hookId = hook?.id as string;
    secondId = second?.id as string;
  });
  afterAll(() => app.close());

  const sendTest = (who: SignedIn, id: string) => app.app.inject({ method: 'POST', url: `/api/webhook/${id}/test`, headers: who.headers });
  const deliveries = async (id: string) =>
    (await app.database.db.select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.endpointId, id))).length;

  it('refuses one more with 429 and Retry-After, making no delivery; another endpoint and the next minute are not held back', async () => {
    // Another organization's calls are not found before they count: they spend nothing of this endpoint's.
    for (let i = 0; i <= WEBHOOK_TESTS_PER_MINUTE; i++) expect((await sendTest(otherAdmin, hookId)).statusCode).toBe(404);
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++) expect((await sendTest(admin, hookId)).statusCode).toBe(202);
    const refused = await sendTest(admin, hookId);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
    expect(await deliveries(hookId)).toBe(WEBHOOK_TESTS_PER_MINUTE);
    expect((await sendTest(admin, secondId)).statusCode).toBe(202);
    now = new Date(now.getTime() + 60_000);
    expect((await sendTest(admin, hookId)).statusCode).toBe(202);
    expect(await deliveries(hookId)).toBe(WEBHOOK_TESTS_PER_MINUTE + 1);
  });
});
