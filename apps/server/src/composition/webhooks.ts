/**
 * Webhooks: the endpoints, the pumps that deliver (the worker's job) and the delivery log's
 * calls; and what follows each recorded event, its deliveries.
 */
import { WEBHOOK_TESTS_PER_MINUTE } from '@console/contracts';
import { followRecordedEvents } from '../modules/events/record.js';
import { isPublicAddress } from '../modules/webhooks/address-policy.js';
import { createWebhookDeliveriesService } from '../modules/webhooks/webhook-deliveries.service.js';
import { createWebhookDeliverer } from '../modules/webhooks/webhook-delivery.js';
import { deliveriesOfInsertedEvents } from '../modules/webhooks/webhook-fan-out.repository.js';
import { createWebhookHealing } from '../modules/webhooks/webhook-healing.js';
import { createWebhooksService } from '../modules/webhooks/webhooks.service.js';
import { sharedLimiter, type Wiring } from './shared.js';

/**
 * What follows each recorded event, in its transaction: the webhooks'
 * deliveries. The events module knows nothing of webhooks; the root joins them (decision 061).
 */
export function subscribeToEvents(): void {
  followRecordedEvents(deliveriesOfInsertedEvents);
}

export function buildWebhooks(wiring: Wiring) {
  const { deps, db, repositories } = wiring;
  const { config, clock, mailer, log } = deps;
  return {
    webhookDeliverer: createWebhookDeliverer({
      repo: repositories.webhookDeliveries,
      clock,
      addressAllowed: (address) => config.WEBHOOKS_ALLOW_PRIVATE || isPublicAddress(address),
      allowHttp: config.WEBHOOKS_ALLOW_PRIVATE,
      // Each attempt tells its endpoint whether it is failing; 5 days of failures disable it.
      onAttempt: createWebhookHealing({
        db,
        failures: repositories.webhooks,
        repo: repositories.webhookDeliveries,
        clock,
        mailer,
        config,
        log,
      }).onAttempt,
      log,
    }),
    webhookDeliveries: createWebhookDeliveriesService({
      repo: repositories.webhookDeliveries,
      endpoints: repositories.webhooks,
      clock,
      // Leases of 1: a few calls a minute, counted exactly across processes.
      testEvents: sharedLimiter(wiring, WEBHOOK_TESTS_PER_MINUTE, 60_000, 1),
    }),
    // Webhook endpoints (modules/webhooks); the delivery module reads and marks them through the same repository.
    webhooks: createWebhooksService({
      db,
      repo: repositories.webhooks,
      clock,
      maxEndpoints: config.WEBHOOKS_PER_ORGANIZATION_MAX,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    }),
  };
}
