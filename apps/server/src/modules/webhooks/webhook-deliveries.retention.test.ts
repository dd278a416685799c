/**
 * Webhook deliveries are kept as long as their organization's events: the events' retention
 * job deletes the deliveries made before each organization's cutoff (test events' too, which
 * have no event to go with) and their attempts, in short statements, and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.js';
import { createOrganization, createWebhookEndpoint } from '../../test/factories.js';
import { signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { uuidAt } from './webhook-deliveries.repository.js';

const NOW = new Date();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const hex = (n: number) => randomBytes(n).toString('hex').slice(0, n);
/** A time-ordered id made at `at`, as the database makes them. */
const idAt = (at: Date) => `${uuidAt(at).slice(0, 14)}7${hex(3)}-a${hex(3)}-${hex(12)}`;

describe('webhook deliveries retention', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ clock: { now: () => NOW } });
  });
  afterAll(() => app.close());

  const endpoint = async (organizationId: string) => (await createWebhookEndpoint(app.database.db, organizationId)).id;

  /** A delivery made `days` ago, with two attempts; of an event (made then too) when `organizationId` is given. */
  const delivery = async (endpointId: string, days: number, options: { eventOf?: string; leased?: boolean } = {}) => {
    const at = daysAgo(days);
    const { db } = app.database;
    let eventId: string | null = null;
    if (options.eventOf) {
      const [event] = await db
        .insert(t.events)
        .values({ organizationId: options.eventOf, action: 'user.created', actorType: 'system', actorName: 'system', occurredAt: at })
        .returning({ id: t.events.id });
      eventId = event?.id as string;
    }
    const id = idAt(at);
    await db.insert(t.webhookDeliveries).values({
      id,
      endpointId,
      messageId: eventId ?? idAt(at),
      eventId,
      eventType: eventId ? 'user.created' : 'webhook.test',
      payload: eventId ? null : { test: true },
      status: options.leased ? 'pending' : 'succeeded',
      attemptCount: 2,
      nextAttemptAt: options.leased ? at : null,
      leasedUntil: options.leased ? new Date(Date.now() + 3_600_000) : null,
      createdAt: at,
      lastAttemptAt: at,
    });
    await db.insert(t.webhookDeliveryAttempts).values([
      { deliveryId: id, at, statusCode: 500, durationMs: 10 },
      { deliveryId: id, at, statusCode: 200, durationMs: 10 },
    ]);
    return id;
  };

  it("deletes each organization's deliveries made before its events' cutoff, with their attempts, in batches", async () => {
    const staff = await signInStaff(app, { roles: ['read', 'update'] });
    const { db } = app.database;
    const month = await createOrganization(db);
    const byDefault = await createOrganization(db);
    const set = await app.app.inject({
      method: 'PUT',
      url: `/api/organization/${month.id}/settings/eventRetentionDays`,
      headers: staff.headers,
      payload: { value: 30 },
    });
    expect(set.statusCode).toBe(200);
    const [first, second] = [await endpoint(month.id), await endpoint(month.id)].sort();
    const elsewhere = await endpoint(byDefault.id);

    const gone = [
      await delivery(first as string, 40),
      await delivery(first as string, 35),
      await delivery(first as string, 31),
      await delivery(first as string, 45, { eventOf: month.id }),
      await delivery(second as string, 31),
      await delivery(elsewhere, 401),
    ];
    const kept = [
      await delivery(first as string, 29),
      await delivery(first as string, 2, { eventOf: month.id }),
      // In flight (leased): its attempt's record is left to come; a later run deletes it.
      await delivery(first as string, 50, { leased: true }),
      await delivery(elsewhere, 40),
      await delivery(elsewhere, 399, { eventOf: byDefault.id }),
    ];

    const report = await app.app.services.eventsRetention.run({ batchSize: 2 });

    const left = await db
      .select({ id: t.webhookDeliveries.id })
      .from(t.webhookDeliveries)
      .where(inArray(t.webhookDeliveries.id, [...gone, ...kept]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    const attempts = await db
      .select({ deliveryId: t.webhookDeliveryAttempts.deliveryId })
      .from(t.webhookDeliveryAttempts)
      .where(inArray(t.webhookDeliveryAttempts.deliveryId, [...gone, ...kept]));
    expect(attempts.map((a) => a.deliveryId).sort()).toEqual([...kept, ...kept].sort());
    expect(report.webhookDeliveries).toBe(gone.length);
    // The first endpoint's five old ones (one leased) in batches of two, then one batch each.
    expect(report.webhookDeliveryStatements).toBe(3 + 1 + 1);
    // The old event went by the events' own batches; the recent ones stay.
    const eventsOf = (organizationId: string, before: Date) =>
      db
        .select({ id: t.events.id })
        .from(t.events)
        .where(and(eq(t.events.organizationId, organizationId), lt(t.events.occurredAt, before)));
    expect(await eventsOf(month.id, daysAgo(30))).toHaveLength(0);
    expect(await eventsOf(month.id, NOW)).toHaveLength(1);
    expect(await eventsOf(byDefault.id, NOW)).toHaveLength(1);
  });
});
