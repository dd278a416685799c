/** What the log reads of a delivery: its event type's name (the test event has its own), and whether any is still under way. */
import type { WebhookDeliveryView } from '@console/contracts/webhooks';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function eventTypeLabel(t: unknown, eventType: string): string {
  const tr = t as Translate;
  return tr(`auditTrail:actions.${eventType}`, { defaultValue: tr(`webhooks:eventTypes.${eventType}`, { defaultValue: eventType }) });
}

/** Whether a delivery of the log waits for an attempt: the log is read again until none does. */
export const anyPending = (deliveries: readonly WebhookDeliveryView[]) => deliveries.some((d) => d.status === 'pending');
