/**
 * Integration health, the dashboard's card (docs/product.md, "Dashboard"): what an
 * Organizational Admin checks first of the organization's integrations, read in one call. Each
 * part is its module's own figure: the webhooks' failing endpoints and the oldest delivery not
 * yet made, provisioning's last SCIM request, the audit trail's newest events. A part the
 * organization does not use is null, so a new organization is shown no empty sections.
 */
import { z } from 'zod';
import { dashboardCalls } from './dashboard-calls.js';
import { eventView } from './events.js';
import { scimEventView } from './provisioning.js';
import { route } from './route.js';

/** The audit trail's newest events the card shows. */
export const INTEGRATION_HEALTH_EVENTS = 3;

export const webhooksHealth = z.object({
  endpoints: z.number().int().describe('The organization’s endpoints (at least one: none is no section)'),
  failing: z.number().int().describe('Enabled endpoints whose every attempt has failed since their `failingSince`'),
  disabled: z.number().int().describe('Disabled endpoints: by a person, or by the console after failing for days'),
  disabledForFailing: z.number().int().describe('Of the disabled, those the console disabled after failing for days'),
  oldestWaitingSince: z
    .string()
    .nullable()
    .describe('When the oldest delivery not yet delivered (pending) was made, ISO 8601; null when none waits'),
});
export type WebhooksHealth = z.infer<typeof webhooksHealth>;

export const provisioningHealth = z.object({
  lastCallAt: z.string().nullable().describe('When the identity provider last called with one of the organization’s tokens (ISO 8601)'),
  lastEvent: scimEventView.nullable().describe('The last SCIM request recorded: what it did, or why it was refused'),
});
export type ProvisioningHealth = z.infer<typeof provisioningHealth>;

export const integrationHealthResponse = z.object({
  webhooks: webhooksHealth.nullable().describe('null when the organization has no webhook endpoint'),
  provisioning: provisioningHealth.nullable().describe('null when the organization never had a SCIM token nor a SCIM request'),
  auditTrail: z.object({
    events: z.array(eventView).max(INTEGRATION_HEALTH_EVENTS).describe('The newest events, newest first, as the audit trail shows them'),
  }),
});
export type IntegrationHealth = z.infer<typeof integrationHealthResponse>;

export const integrationHealthRoutes = {
  get: route({
    ...dashboardCalls.integrationHealth,
    response: integrationHealthResponse,
  }),
};
