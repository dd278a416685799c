/** A webhook endpoint and a delivery as the API shows them, for screen tests: number `n`, with `overrides`. */
import type { WebhookDeliveryView, WebhookView } from '@console/contracts/webhooks';

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const webhookId = (n: number) => uuid('00000000', n);
export const deliveryId = (n: number) => uuid('11111111', n);

export function aWebhook(n: number, overrides: Partial<WebhookView> = {}): WebhookView {
  return {
    id: webhookId(n),
    url: `https://hooks${n}.acme.example/workframe`,
    description: `Receiver ${n}`,
    eventTypes: 'all',
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    secretLast4: `${1000 + n}`.slice(-4),
    previousSecretExpiresAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: { id: '00000000-0000-4000-8000-000000000001', displayName: 'Ada Admin', email: 'admin@acme.example' },
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function aDelivery(n: number, overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id: deliveryId(n),
    eventId: uuid('22222222', n),
    eventType: 'user.created',
    status: 'succeeded',
    attempts: [{ at: '2026-11-21T08:00:00.000Z', statusCode: 200, durationMs: 42, responseBody: 'ok', error: null }],
    nextAttemptAt: null,
    createdAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

/** A signing secret in the format the server makes. */
export const aSecret = (c = 'A') => `whsec_${c.repeat(43)}=`;
