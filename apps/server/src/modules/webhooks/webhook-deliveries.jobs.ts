/**
 * The webhook deliveries' job (docs/decisions/055-webhook-delivery.md): a pump that delivers
 * whatever is due for a minute. A pump that finds more due than it can take at once asks for
 * a helper, which another worker process takes (each process runs one pump at a time), so
 * every worker shares a backlog. The deliveries are rows, not jobs: a worker killed
 * mid-delivery leaves a lease that runs out, and any pump takes it again.
 *
 * When a pump starts: as soon as deliveries become due now anywhere (the statement that made
 * them due tells every process through the wake-up, db/wake-up.ts, once it commits), each worker
 * process wakes its running pump, or, when it runs none, queues the job so that a worker
 * starts one (in a second, as pg-boss polls). The schedule, every minute, is the safety net
 * for what no notification brought: retries whose time came, a feed that was reconnecting.
 */
import { ANYTHING_DUE, WEBHOOK_DELIVERIES_DUE } from '../../db/wake-up.js';
import type { WebhookDeliveryJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';

/** A pump runs until the next one is due. */
const PUMP_MS = 59_000;
/** At most one helper asked for in this time, whatever the number of pumps asking. */
const HELPER_THROTTLE_SECONDS = 10;
/** The key of the jobs queued to start a pump for deliveries due now (pg-boss keeps one per throttle window). */
export const PUMP_START_KEY = 'webhook-deliveries-start';
/** A process asks for a pump's start at most this often: the one asked for takes every delivery due meanwhile. */
const START_THROTTLE_SECONDS = 2;

export function webhookDeliveryJobs({ deps, services }: ModuleContext): JobDefinitions<WebhookDeliveryJobs> {
  const deliverer = services.webhookDeliverer;
  let startAskedAt = Number.NEGATIVE_INFINITY;
  /** Deliveries became due now: the pump running here looks at once, or one is started. */
  const dueNow = (what: string) => {
    // '*': the listening connection is back, and may have missed a wake-up.
    if (what !== WEBHOOK_DELIVERIES_DUE && what !== ANYTHING_DUE) return;
    if (deliverer.wake()) return;
    if (performance.now() - startAskedAt < START_THROTTLE_SECONDS * 1000) return;
    startAskedAt = performance.now();
    deps.jobs
      .send('webhook-deliveries', {}, { singletonKey: PUMP_START_KEY, singletonSeconds: START_THROTTLE_SECONDS })
      .catch((err) => deps.log?.error({ err }, 'webhook deliveries: no pump start asked for'));
  };
  return [
    {
      name: 'webhook-deliveries',
      cron: '* * * * *',
      retryLimit: 0,
      // Only processes that run the workers listen; a web-only process's writes reach them through the wake-up.
      onStart: async () => {
        deps.changes?.wakeUp.on(dueNow);
      },
      handler: async (_data, job) => {
        await deliverer.pump({
          forMs: PUMP_MS,
          signal: job.signal,
          onBacklog: async () => {
            await deps.jobs.send(
              'webhook-deliveries',
              {},
              { singletonKey: 'webhook-deliveries-helper', singletonSeconds: HELPER_THROTTLE_SECONDS },
            );
          },
        });
      },
    },
  ];
}
