/**
 * The pumps start when deliveries become due, not when the minute comes: with the job queue
 * running and no schedule at all (a server whose cron minute is far away), a test event and
 * an event's delivery reach a real receiver, sent by a pump that the change feed's
 * notification had a worker start, and woke once it ran.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { createOrganization, createUser, createWebhookEndpoint, newWebhookSecret } from '../../test/factories.js';
import { type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.js';
import { recordEvent, systemActor } from '../events/record.js';
import { PUMP_START_KEY, webhookDeliveryJobs } from './webhook-deliveries.jobs.js';

describe('webhook pumps started by what becomes due', () => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: Receiver;
  let organizationId: string;
  let hookId: string;
  const secret = newWebhookSecret();

  beforeAll(async () => {
    app = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const org = await createOrganization(app.database.db);
    organizationId = org.id;
    admin = await signIn(app, (await createUser(app.database.db, org.id)).email as string);
    receiver = await startReceiver([secret]);
    hookId = (await createWebhookEndpoint(app.database.db, organizationId, { url: receiver.url, secret })).id;
    // The worker's job without its schedule: no minute ever starts a pump.
    const jobs = webhookDeliveryJobs({ deps: app.deps, services: app.app.services }).map((job) => ({ ...job, cron: undefined }));
    await app.deps.jobs.startWorkers(jobs);
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  /** The pump jobs ever queued, and why. */
  const pumpJobs = () =>
    sqlRows<{ key: string | null; state: string }>(
      app.database.db,
      sql`SELECT singleton_key AS key, state::text AS state FROM pgboss.job WHERE name = 'webhook-deliveries' ORDER BY created_on`,
    );

  it('starts a pump for a test event, which reaches the receiver', async () => {
    // Nothing runs and nothing is queued: only the test event can start a pump.
    expect(app.app.services.webhookDeliverer.wake()).toBe(false);
    expect(await pumpJobs().catch(() => [])).toEqual([]);

    const sent = await app.app.inject({ method: 'POST', url: `/api/webhook/${hookId}/test`, headers: admin.headers });
    expect(sent.statusCode).toBe(202);
    const { delivery } = sent.json();
    const call = await until('the test event', async () => receiver.received.find((c) => c.id === delivery.eventId));
    expect(call.verifiedWith).toEqual([secret]);
    // Sent by the pump its notification had started (running its minute, or done on a slow machine).
    const jobs = await pumpJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.key).toBe(PUMP_START_KEY);
    expect(['active', 'completed']).toContain(jobs[0]?.state);
  });

  it('delivers an event recorded by a write the same way: only notifications started pumps', async () => {
    await app.database.db.transaction((tx) =>
      recordEvent(tx, {
        action: 'user.created',
        organizationId,
        actor: systemActor,
        targets: [{ type: 'user', id: randomUUID(), name: 'Ada' }],
      }),
    );
    const [event] = await app.database.db
      .select({ id: t.events.id })
      .from(t.events)
      .where(sql`${t.events.organizationId} = ${organizationId} AND ${t.events.action} = 'user.created'`);
    const call = await until('the event', async () => receiver.received.find((c) => c.id === event?.id));
    expect(call.verifiedWith).toEqual([secret]);
    // The running pump was woken; one is started again only if its minute had ended meanwhile.
    const keys = (await pumpJobs()).map((job) => job.key);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys)).toEqual(new Set([PUMP_START_KEY]));
  });
});
