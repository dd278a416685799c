/**
 * Webhook delivery end to end on the test database (PGlite, or PostgreSQL with TEST_DB):
 * events recorded through the one recorder fan out to the organization's endpoints, and the
 * delivery pump sends them to real HTTP receivers on 127.0.0.1, which verify every signature
 * with the official Standard Webhooks library.
 */
import { randomBytes } from 'node:crypto';
import { type EventAction, WEBHOOK_ADDRESS_NOT_ALLOWED } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { type Clock, systemClock } from '../../deps.js';
import { capturedLogger } from '../../test/capture.js';
import { createOrganization } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { until } from '../../test/until.js';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.js';
import { followRecordedEvents, recordEvent, systemActor } from '../events/record.js';
import { isPublicAddress } from './address-policy.js';
import { createWebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { toDeliveryView } from './webhook-deliveries.service.js';
import { createWebhookDeliverer, IN_FLIGHT_PER_ENDPOINT, RETRY_DELAYS_SECONDS } from './webhook-delivery.js';
import { deliveriesOfInsertedEvents } from './webhook-fan-out.repository.js';
import { createWebhooksRepository } from './webhooks.repository.js';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('webhook delivery', () => {
  let database: Database;
  const receivers: Receiver[] = [];
  const pumps: { stop: AbortController; done: Promise<number> }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // No app is built here: the events' fan-out to webhooks is registered as the root (registry.ts) registers it.
    followRecordedEvents(deliveriesOfInsertedEvents);
  });
  afterEach(async () => {
    for (const pump of pumps.splice(0)) {
      pump.stop.abort();
      await pump.done;
    }
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(() => database.close());

  const repo = () => createWebhookDeliveriesRepository(database.db);
  /** The deliverer as the worker builds it; `allowPrivate` as the setting says. */
  const deliverer = (allowPrivate = true, log?: Parameters<typeof createWebhookDeliverer>[0]['log'], clock: Clock = systemClock) =>
    createWebhookDeliverer({
      repo: repo(),
      clock,
      addressAllowed: (address) => allowPrivate || isPublicAddress(address),
      allowHttp: allowPrivate,
      log,
    });
  /** Runs a pump until the test ends (or `stop` aborts it). */
  function startPump(allowPrivate = true, log?: Parameters<typeof createWebhookDeliverer>[0]['log'], clock: Clock = systemClock) {
    const stop = new AbortController();
    const pump = { stop, done: deliverer(allowPrivate, log, clock).pump({ forMs: 600_000, signal: stop.signal }) };
    pumps.push(pump);
    return pump;
  }

  async function receiver(secrets: string[]) {
    const r = await startReceiver(secrets);
    receivers.push(r);
    return r;
  }

  async function endpoint(
    organizationId: string,
    values: Partial<typeof t.webhookEndpoints.$inferInsert> & { url: string },
  ): Promise<typeof t.webhookEndpoints.$inferSelect> {
    const [row] = await database.db
      .insert(t.webhookEndpoints)
      .values({ organizationId, secret: newSecret(), ...values })
      .returning();
    return row as typeof t.webhookEndpoints.$inferSelect;
  }

  async function record(organizationId: string, action: EventAction, count = 1): Promise<string[]> {
    const before = new Set((await database.db.select({ id: t.events.id }).from(t.events)).map((r) => r.id));
    for (let i = 0; i < count; i++) {
      await database.db.transaction((tx) =>
        recordEvent(tx, { action, organizationId, actor: systemActor, targets: [{ type: 'user', id: `u${i}`, name: `User ${i}` }] }),
      );
    }
    const after = await database.db.select({ id: t.events.id }).from(t.events);
    return after.map((r) => r.id).filter((id) => !before.has(id));
  }

  /** A delivery as the log's calls answer it. */
  async function answered(endpointId: string, deliveryId: string) {
    const row = await repo().get(endpointId, deliveryId);
    if (!row) throw new Error(`no delivery ${deliveryId}`);
    return toDeliveryView(row);
  }

  const deliveriesOf = (endpointId: string) =>
    database.db.select().from(t.webhookDeliveries).where(sql`${t.webhookDeliveries.endpointId} = ${endpointId}`);

  it('delivers each event once per subscribed, enabled endpoint of its organization, signed so the receiver verifies it', async () => {
    const org = await createOrganization(database.db);
    const other = await createOrganization(database.db);
    const [all, chosen, disabled, elsewhere] = [newSecret(), newSecret(), newSecret(), newSecret()];
    const rAll = await receiver([all]);
    const rChosen = await receiver([chosen]);
    const rDisabled = await receiver([disabled]);
    const rElsewhere = await receiver([elsewhere]);
    await endpoint(org.id, { url: rAll.url, secret: all });
    await endpoint(org.id, { url: rChosen.url, secret: chosen, eventTypes: ['user.created'] });
    await endpoint(org.id, { url: rDisabled.url, secret: disabled, enabled: false });
    await endpoint(other.id, { url: rElsewhere.url, secret: elsewhere });

    const created = await record(org.id, 'user.created', 3);
    const updated = await record(org.id, 'user.updated', 2);
    startPump();
    await until('every delivery', async () => (rAll.received.length >= 5 && rChosen.received.length >= 3 ? true : undefined));
    await until('nothing pending', async () => ((await repo().pendingCount()) === 0 ? true : undefined));

    expect(rAll.received.map((c) => c.id).sort()).toEqual([...created, ...updated].sort());
    expect(rChosen.received.map((c) => c.id).sort()).toEqual([...created].sort());
    expect(rDisabled.received).toHaveLength(0);
    expect(rElsewhere.received).toHaveLength(0);
    for (const call of [...rAll.received, ...rChosen.received]) {
      expect(call.verifiedWith).toHaveLength(1);
      const body = JSON.parse(call.body);
      expect(body.data.id).toBe(call.id);
      expect(['user.created', 'user.updated']).toContain(body.type);
      expect(body.data.targets).toEqual([expect.objectContaining({ type: 'user' })]);
    }
  });

  it('signs with the new and the previous secret while a roll lasts', async () => {
    const org = await createOrganization(database.db);
    const [current, previous] = [newSecret(), newSecret()];
    const r = await receiver([current, previous]);
    await endpoint(org.id, {
      url: r.url,
      secret: current,
      previousSecret: previous,
      previousSecretExpiresAt: new Date(Date.now() + 86_400_000),
    });
    await record(org.id, 'access_key.rolled');
    startPump();
    await until('the delivery', async () => r.received[0]);
    expect(r.received[0]?.verifiedWith).toEqual([current, previous]);
  });

  it("stops signing with the previous secret when the roll's grace ends on the console's clock, which wrote it", async () => {
    const org = await createOrganization(database.db);
    const [current, previous] = [newSecret(), newSecret()];
    const r = await receiver([current, previous]);
    const expiresAt = new Date(Date.now() + 86_400_000);
    await endpoint(org.id, { url: r.url, secret: current, previousSecret: previous, previousSecretExpiresAt: expiresAt });
    await record(org.id, 'access_key.rolled');
    // The console's clock is past the grace; the database's is not.
    startPump(true, undefined, { now: () => new Date(expiresAt.getTime() + 1_000) });
    await until('the delivery', async () => r.received[0]);
    // One signature, the current secret's (signed a day ahead, so no receiver would take it on time).
    expect(r.received[0]?.signature.split(' ')).toHaveLength(1);
  });

  it('tries again after a failure: 500, then 200 on the retry', async () => {
    const org = await createOrganization(database.db);
    const secret = newSecret();
    const r = await receiver([secret]);
    r.answer = (_call, index) => (index === 0 ? 500 : 200);
    const hook = await endpoint(org.id, { url: r.url, secret });
    const [eventId] = await record(org.id, 'user.created');
    startPump();
    const [delivery] = await until('the retry succeeded', async () => {
      const rows = await deliveriesOf(hook.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(r.received.map((c) => c.id)).toEqual([eventId, eventId]);
    expect(delivery?.attemptCount).toBe(2);
    const attempts = await database.db
      .select()
      .from(t.webhookDeliveryAttempts)
      .where(sql`${t.webhookDeliveryAttempts.deliveryId} = ${delivery?.id}`)
      .orderBy(t.webhookDeliveryAttempts.at);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(attempts[0]?.responseBody).toBe('answer 500');
    // The retry waited for the schedule's first step.
    const waited = (attempts[1]?.at.getTime() ?? 0) - (attempts[0]?.at.getTime() ?? 0);
    expect(waited).toBeGreaterThanOrEqual((RETRY_DELAYS_SECONDS[0] - 1) * 1000);
  });

  it('loses nothing when a worker stops mid-delivery: the lease runs out and another worker delivers', async () => {
    const org = await createOrganization(database.db);
    const secret = newSecret();
    const r = await receiver([secret]);
    // The first worker's requests are received but never answered.
    let release: () => void = () => {};
    const held = new Promise<number>((resolve) => {
      release = () => resolve(200);
    });
    r.answer = () => held;
    const hook = await endpoint(org.id, { url: r.url, secret });
    const ids = await record(org.id, 'user.disabled', 4);
    const first = startPump();
    await until('the first worker sending', async () => (r.received.length >= 4 ? true : undefined));
    first.stop.abort();
    await first.done;
    release();
    // Received, but no answer was recorded: still pending, leased by the stopped worker.
    const leased = await deliveriesOf(hook.id);
    expect(leased.map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(leased.every((d) => d.attemptCount === 0 && d.leasedUntil !== null)).toBe(true);
    // The lease's minute passes.
    await database.db.execute(sql`UPDATE webhook_deliveries SET leased_until = now() - interval '1 second' WHERE endpoint_id = ${hook.id}`);
    r.answer = () => 200;
    startPump();
    await until('every event delivered', async () => {
      const rows = await deliveriesOf(hook.id);
      return rows.every((d) => d.status === 'succeeded') ? true : undefined;
    });
    expect([...new Set(r.received.map((c) => c.id))].sort()).toEqual([...ids].sort());
  });

  it('a dead endpoint holds only its own slots: a healthy one is delivered meanwhile', async () => {
    const org = await createOrganization(database.db);
    const [deadSecret, healthySecret] = [newSecret(), newSecret()];
    const dead = await receiver([deadSecret]);
    const healthy = await receiver([healthySecret]);
    let release: () => void = () => {};
    const never = new Promise<number>((resolve) => {
      release = () => resolve(503);
    });
    dead.answer = () => never;
    const deadHook = await endpoint(org.id, { url: dead.url, secret: deadSecret });
    await endpoint(org.id, { url: healthy.url, secret: healthySecret });
    // The dead endpoint's deliveries come first.
    const ids = await record(org.id, 'user.created', 20);
    startPump();
    await until('every healthy delivery', async () => (healthy.received.length >= 20 ? true : undefined));
    expect(healthy.received.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(dead.received.length).toBeLessThanOrEqual(IN_FLIGHT_PER_ENDPOINT);
    await until('the dead endpoint holding its slots', async () => (dead.received.length === IN_FLIGHT_PER_ENDPOINT ? true : undefined));
    const deadRows = await deliveriesOf(deadHook.id);
    expect(deadRows.filter((d) => d.leasedUntil !== null)).toHaveLength(IN_FLIGHT_PER_ENDPOINT);
    expect(dead.received.length).toBe(IN_FLIGHT_PER_ENDPOINT);
    release();
  });

  it('ends quietly when its endpoint is deleted while its request is in flight: nothing logged as an error', async () => {
    const org = await createOrganization(database.db);
    const secret = newSecret();
    const r = await receiver([secret]);
    let release: () => void = () => {};
    r.answer = () =>
      new Promise<number>((resolve) => {
        release = () => resolve(200);
      });
    const hook = await endpoint(org.id, { url: r.url, secret });
    await record(org.id, 'user.created');
    const [delivery] = await deliveriesOf(hook.id);
    const { logger, lines } = capturedLogger();
    startPump(true, logger);
    await until('the request in flight', async () => (r.received.length === 1 ? true : undefined));
    await createWebhooksRepository(database.db).remove(org.id, hook.id);
    release();
    const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; deliveryId?: string });
    // However it ends, the pump says so with the delivery's id.
    const ended = await until('the delivery ended', async () => logged().find((line) => line.deliveryId === delivery?.id));
    expect(ended).toMatchObject({ msg: 'webhook delivery: its endpoint was deleted meanwhile' });
    expect(logged().filter((line) => line.level >= 50)).toEqual([]);
    expect(await deliveriesOf(hook.id)).toEqual([]);
  });

  it.each([
    ['a name resolving to 127.0.0.1', (port: number) => `http://localhost:${port}/hook`, '127.0.0.1'],
    ['the metadata address 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ])(
    'refuses %s when private addresses are not allowed: the log says "address not allowed", only the server log says which',
    async (_name, url, address) => {
      const org = await createOrganization(database.db);
      const secret = newSecret();
      const r = await receiver([secret]);
      const hook = await endpoint(org.id, { url: url(Number(new URL(r.url).port)).replace('http:', 'https:'), secret });
      await record(org.id, 'user.created');
      const { logger, lines } = capturedLogger();
      startPump(false, logger);
      const [delivery] = await until('the refused attempt', async () => {
        const rows = await deliveriesOf(hook.id);
        return rows[0]?.attemptCount === 1 ? rows : undefined;
      });
      const [attempt] = await database.db
        .select()
        .from(t.webhookDeliveryAttempts)
        .where(sql`${t.webhookDeliveryAttempts.deliveryId} = ${delivery?.id}`);
      expect(attempt?.statusCode).toBeNull();
      expect(attempt?.error).toBe(WEBHOOK_ADDRESS_NOT_ALLOWED);
      expect(delivery?.status).toBe('pending');
      expect(r.received).toHaveLength(0);
      // Neither the stored attempt nor the log's answer holds what the name resolved to...
      const view = await answered(hook.id, delivery?.id as string);
      expect(view.attempts).toEqual([expect.objectContaining({ statusCode: null, error: WEBHOOK_ADDRESS_NOT_ALLOWED })]);
      expect(JSON.stringify(view)).not.toContain(address);
      expect(JSON.stringify(attempt)).not.toContain(address);
      // ...which the operators' log keeps.
      const refusal = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'webhook delivery: address not allowed');
      expect(refusal).toMatchObject({ deliveryId: delivery?.id, endpointId: hook.id, address });
    },
  );

  it('answers an attempt recorded with its refused address in brackets without the address', async () => {
    const org = await createOrganization(database.db);
    const hook = await endpoint(org.id, { url: 'https://hooks.internal.example/in' });
    const [eventId] = await record(org.id, 'user.created');
    const [delivery] = await deliveriesOf(hook.id);
    await database.db.insert(t.webhookDeliveryAttempts).values({
      deliveryId: delivery?.id as string,
      at: new Date(),
      durationMs: 3,
      error: `${WEBHOOK_ADDRESS_NOT_ALLOWED} (10.1.2.3)`,
    });
    const view = await answered(hook.id, delivery?.id as string);
    expect(view.eventId).toBe(eventId);
    expect(view.attempts.map((a) => a.error)).toEqual([WEBHOOK_ADDRESS_NOT_ALLOWED]);
  });
});
