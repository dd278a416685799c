/**
 * Integration health, the dashboard's card (docs/product.md, "Dashboard"): the organization's
 * webhooks, provisioning and newest audit events at a glance. This module owns no table: each
 * figure is asked of the module that owns it, through the function the composition root hands
 * in (composition/integration-health.ts), so the webhooks, provisioning and events modules keep
 * their SQL and their definitions (what failing is, what a request was).
 */
import {
  type EventView,
  INTEGRATION_HEALTH_EVENTS,
  type IntegrationHealth,
  type ProvisioningHealth,
  type WebhooksHealth,
} from '@console/contracts';

export function createIntegrationHealthService(deps: {
  /** The webhooks module's figures; null when the organization has no endpoint. */
  webhooks: (organizationId: string) => Promise<WebhooksHealth | null>;
  /** The provisioning module's; null when the organization never had a SCIM token nor request. */
  provisioning: (organizationId: string) => Promise<ProvisioningHealth | null>;
  /** The events module's newest events, as the organization's trail shows them. */
  latestEvents: (organizationId: string, limit: number) => Promise<EventView[]>;
}) {
  return {
    /** The caller's organization only: the route's guard admits its Organizational Admins, as each part's own screen does. */
    async get(organizationId: string): Promise<IntegrationHealth> {
      const [webhooks, provisioning, events] = await Promise.all([
        deps.webhooks(organizationId),
        deps.provisioning(organizationId),
        deps.latestEvents(organizationId, INTEGRATION_HEALTH_EVENTS),
      ]);
      return { webhooks, provisioning, auditTrail: { events } };
    },
  };
}

export type IntegrationHealthService = ReturnType<typeof createIntegrationHealthService>;
