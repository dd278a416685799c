/**
 * A web-only process and a worker, on one database: a test event sent through the web
 * process, which runs no job, reaches a real receiver through the worker's pump, which the
 * change feed's notification had the worker start (the worker has no schedule: no minute
 * starts a pump). The worker is a process of its own as main.ts makes it: its own job queue,
 * change feed and services.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeFeed, startChangeFeed } from './db/change-feed.js';
import { sqlRows } from './db/client.js';
import type { AllJobs } from './jobs/index.js';
import { createJobs, type Jobs } from './jobs/queue.js';
import { PUMP_START_KEY, webhookDeliveryJobs } from './modules/webhooks/webhook-deliveries.jobs.js';
import { createServices } from './registry.js';
import { createOrganization, createUser, createWebhookEndpoint, newWebhookSecret } from './test/factories.js';
import { type SignedIn, signIn } from './test/sign-in.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { until } from './test/until.js';
import { type Receiver, startReceiver } from './test/webhook-receiver.js';

describe('a web-only process and a worker', () => {
  let web: TestApp;
  let admin: SignedIn;
  let receiver: Receiver;
  let hookId: string;
  let workerJobs: Jobs<AllJobs>;
  let workerFeed: ChangeFeed;
  let worker: ReturnType<typeof createServices>;
  const secret = newWebhookSecret();

  beforeAll(async () => {
    // The web process: its queue runs no workers.
    web = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const org = await createOrganization(web.database.db);
    admin = await signIn(web, (await createUser(web.database.db, org.id)).email as string);
    receiver = await startReceiver([secret]);
    hookId = (await createWebhookEndpoint(web.database.db, org.id, { url: receiver.url, secret })).id;
    // The worker: as main.ts starts one, without the schedule.
    const silent = pino({ level: 'silent' });
    workerJobs = await createJobs<AllJobs>(web.database, silent, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 });
    workerFeed = await startChangeFeed(web.database, silent);
    const workerDeps = { ...web.deps, jobs: workerJobs, changes: workerFeed };
    worker = createServices(workerDeps);
    const jobs = webhookDeliveryJobs({ deps: workerDeps, services: worker }).map((job) => ({ ...job, cron: undefined }));
    await workerJobs.startWorkers(jobs);
  });
  afterAll(async () => {
    await workerJobs.stop(30_000);
    await workerFeed.close();
    await web.close();
    await receiver.close();
  });

  it("delivers a test event the web process queued, by a pump the worker started on the feed's notification", async () => {
    expect(worker.webhookDeliverer.wake()).toBe(false);
    const sent = await web.app.inject({ method: 'POST', url: `/api/webhook/${hookId}/test`, headers: admin.headers });
    expect(sent.statusCode).toBe(202);
    const { delivery } = sent.json();
    const call = await until('the test event', async () => receiver.received.find((c) => c.id === delivery.eventId));
    expect(call.verifiedWith).toEqual([secret]);
    // The worker's pump sent it, started for it; the web process ran none.
    expect(web.app.services.webhookDeliverer.wake()).toBe(false);
    const jobs = await sqlRows<{ key: string | null }>(
      web.database.db,
      sql`SELECT singleton_key AS key FROM pgboss.job WHERE name = 'webhook-deliveries'`,
    );
    expect(jobs).toEqual([{ key: PUMP_START_KEY }]);
  });
});
