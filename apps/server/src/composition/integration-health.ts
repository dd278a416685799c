/**
 * The dashboard's integration health: the figures of the webhooks, provisioning and events
 * modules, each asked of its owner's service and joined here (one owner per table, decision 061).
 */
import type { EventsTrailService } from '../modules/events/events-trail.service.js';
import { createIntegrationHealthService } from '../modules/integration-health/integration-health.service.js';
import type { ProvisioningService } from '../modules/provisioning/provisioning.service.js';
import type { WebhookDeliveriesService } from '../modules/webhooks/webhook-deliveries.service.js';

export function buildIntegrationHealth(given: {
  webhookDeliveries: Pick<WebhookDeliveriesService, 'health'>;
  provisioning: Pick<ProvisioningService, 'health'>;
  eventsTrail: Pick<EventsTrailService, 'latest'>;
}) {
  return {
    integrationHealth: createIntegrationHealthService({
      webhooks: given.webhookDeliveries.health,
      provisioning: given.provisioning.health,
      latestEvents: given.eventsTrail.latest,
    }),
  };
}
