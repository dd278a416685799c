/**
 * The webhook deliveries' job (docs/decisions/055-webhook-delivery.md): a pump that delivers
 * whatever is due for a minute, started every minute. A pump that finds more due than it can
 * take at once asks for a helper, which another worker process takes (each process runs one
 * pump at a time), so every worker shares a backlog. The deliveries are rows, not jobs: a
 * worker killed mid-delivery leaves a lease that runs out, and any pump takes it again.
 */
import type { JobDefinitions, NoData } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';

/** A pump runs until the next one is due. */
const PUMP_MS = 59_000;
/** At most one helper asked for in this time, whatever the number of pumps asking. */
const HELPER_THROTTLE_SECONDS = 10;

export type WebhookDeliveryJobs = { 'webhook-deliveries': NoData };

export function webhookDeliveryJobs({ deps, services }: ModuleContext): JobDefinitions<WebhookDeliveryJobs> {
  return [
    {
      name: 'webhook-deliveries',
      cron: '* * * * *',
      retryLimit: 0,
      handler: async (_data, job) => {
        await services.webhookDeliverer.pump({
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
