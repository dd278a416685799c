/**
 * Everything the webhooks module asks of the deliveries' tables, one repository per job:
 * the pumps' leases and attempts, the endpoint's delivery log, the retention, the notice of
 * a disabled endpoint, what still waits (the dashboard's integration health) and, joined to
 * the events' insert, the fan-out (webhook-fan-out.repository.ts). Their rows and shared SQL are in
 * webhook-delivery-rows.repository.ts.
 */
import type { Db } from '../../db/client.js';
import { createWebhookDeliveryLeasesRepository } from './webhook-delivery-leases.repository.js';
import { createWebhookDeliveryLogRepository } from './webhook-delivery-log.repository.js';
import { createWebhookDeliveryRetentionRepository } from './webhook-delivery-retention.repository.js';
import { createWebhookDeliveryWaitingRepository } from './webhook-delivery-waiting.repository.js';
import { createWebhookDisabledNoticeRepository } from './webhook-disabled-notice.repository.js';

export { uuidAt } from './webhook-delivery-retention.repository.js';
export type { AttemptRow, DeliveryRow, DisabledNotice, LeasedDelivery } from './webhook-delivery-rows.repository.js';

export function createWebhookDeliveriesRepository(root: Db) {
  return {
    ...createWebhookDeliveryLeasesRepository(root),
    ...createWebhookDeliveryLogRepository(root),
    ...createWebhookDeliveryRetentionRepository(root),
    ...createWebhookDisabledNoticeRepository(root),
    ...createWebhookDeliveryWaitingRepository(root),
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>;
