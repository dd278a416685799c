/**
 * What the log reads of a delivery: its event type's name (the test event has its own),
 * whether it can be retried, and whether the log should be read again soon.
 */
import type { WebhookDeliveryView } from '@console/contracts/webhooks';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function eventTypeLabel(t: unknown, eventType: string): string {
  const tr = t as Translate;
  return tr(`auditTrail:actions.${eventType}`, { defaultValue: tr(`webhooks:eventTypes.${eventType}`, { defaultValue: eventType }) });
}

/**
 * Retry is offered when the last attempt failed: a delivery that gave up, or one waiting for
 * its next scheduled attempt (retrying sends it now rather than minutes or hours later).
 */
export const canRetry = (d: WebhookDeliveryView) => d.status === 'failed' || (d.status === 'pending' && d.attempts.length > 0);

/** How far ahead a scheduled attempt keeps the log polling: a retry hours away does not. */
const SOON_MS = 60_000;

/** Whether a delivery of the log is about to be tried (a new one, or a retry within the minute): then the log is read again. */
export const anyPending = (deliveries: readonly WebhookDeliveryView[], now = Date.now()) =>
  deliveries.some(
    (d) => d.status === 'pending' && (d.attempts.length === 0 || !d.nextAttemptAt || Date.parse(d.nextAttemptAt) - now < SOON_MS),
  );
