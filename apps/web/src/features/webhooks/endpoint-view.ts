/**
 * What the screen reads of an endpoint: its state (enabled, turned off by an admin, or turned
 * off after failing every attempt for days, which offers to resend what it missed) and its
 * event types (all, or the chosen ones).
 */
import type { EventAction } from '@console/contracts/events';
import type { WebhookView } from '@console/contracts/webhooks';
import type { EndpointFormValues } from './components/EndpointDialog';

export type EndpointState = 'enabled' | 'disabled' | 'failing';

export function endpointState(endpoint: WebhookView): EndpointState {
  if (endpoint.enabled) return 'enabled';
  return endpoint.disabledReason === 'failing' ? 'failing' : 'disabled';
}

/** The chosen event types, or null when the endpoint receives every type. */
export function chosenEventTypes(endpoint: WebhookView): EventAction[] | null {
  return endpoint.eventTypes === 'all' ? null : endpoint.eventTypes;
}

export function formValuesOf(endpoint: WebhookView): EndpointFormValues {
  const chosen = chosenEventTypes(endpoint);
  return { url: endpoint.url, description: endpoint.description, events: chosen ? 'chosen' : 'all', eventTypes: chosen ?? [] };
}
