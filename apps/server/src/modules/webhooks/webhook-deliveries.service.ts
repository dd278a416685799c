/**
 * The delivery log of an endpoint and what sends again (docs/product.md, "Webhooks"): its
 * deliveries newest first with their attempts, a test event, a retry of one delivery and a
 * resend of every delivery that failed since an instant. Each makes a delivery due now; the
 * pumps send it (webhook-delivery.ts). Scoped to the caller's organization: another
 * organization's endpoint is not found.
 */
import { randomUUID } from 'node:crypto';
import {
  type EventView,
  WEBHOOK_ADDRESS_NOT_ALLOWED,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TESTS_PER_MINUTE,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryView,
  type WebhooksHealth,
  webhookErrorCodes,
} from '@console/contracts';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { enforceRateLimit, type RateLimiter } from '../../http/rate-limit.js';
import { systemActor } from '../events/record.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { requestBody } from './webhook-delivery.js';
import type { WebhooksRepository } from './webhooks.repository.js';
import { webhookNotFound } from './webhooks.service.js';

type Caller = Pick<AuthContext, 'organizationId'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Attempts refused before the address was left out of the log kept it in brackets: it is not answered either. */
const withoutAddress = (error: string | null) =>
  error?.startsWith(`${WEBHOOK_ADDRESS_NOT_ALLOWED} (`) ? WEBHOOK_ADDRESS_NOT_ALLOWED : error;

export function toDeliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookDeliveryView['eventType'],
    status: row.status,
    attempts: row.attempts.map((a) => ({
      at: a.at.toISOString(),
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      responseBody: a.responseBody,
      error: withoutAddress(a.error),
    })),
    nextAttemptAt: row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const encodeCursor = (id: string) => Buffer.from(id).toString('base64url');
function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!UUID.test(id))
    throw new ValidationError(
      'This is not a page of this delivery log: start from the first page.',
      undefined,
      webhookErrorCodes.deliveriesCursorInvalid,
    );
  return id;
}

export function createWebhookDeliveriesService(deps: {
  repo: WebhookDeliveriesRepository;
  /** The endpoints' own repository, which reads an endpoint of the caller's organization and counts them by state. */
  endpoints: Pick<WebhooksRepository, 'findById' | 'stateCounts'>;
  clock: Clock;
  /** WEBHOOK_TESTS_PER_MINUTE per endpoint, on the shared counters: each test is a request to an address the caller chose. */
  testEvents: RateLimiter;
}) {
  const { repo, endpoints, clock } = deps;

  async function endpoint(auth: Caller, endpointId: string, needsEnabled: boolean) {
    const found = await endpoints.findById(auth.organizationId, endpointId);
    if (!found) throw webhookNotFound();
    if (needsEnabled && !found.enabled)
      throw new Conflict('This webhook is disabled: enable it to send to it.', webhookErrorCodes.disabled);
    return found;
  }

  return {
    async list(auth: Caller, endpointId: string, query: WebhookDeliveriesQuery) {
      await endpoint(auth, endpointId, false);
      const limit = Number(query.limit ?? 50);
      const rows = await repo.list(endpointId, {
        eventType: query.eventType,
        outcome: query.outcome,
        afterId: query.after ? decodeCursor(query.after) : undefined,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { deliveries: page.map(toDeliveryView), next: rows.length > limit && last ? encodeCursor(last.id) : null };
    },

    /** A `webhook.test` event, due now; its id is its own (no event is recorded). */
    async sendTest(auth: Caller, endpointId: string) {
      await endpoint(auth, endpointId, true);
      // Counted once the endpoint is the caller's: another organization cannot spend its budget.
      await enforceRateLimit(
        deps.testEvents,
        `webhook-test:${endpointId}`,
        (s) => `Too many test events to this webhook (at most ${WEBHOOK_TESTS_PER_MINUTE} a minute): try again in ${s} s.`,
      );
      const id = randomUUID();
      const data: EventView = {
        id,
        action: WEBHOOK_TEST_EVENT as EventView['action'],
        occurredAt: clock.now().toISOString(),
        organizationId: auth.organizationId,
        actor: systemActor,
        targets: [{ type: 'webhook', id: endpointId, name: '' }],
        data: {},
      };
      return { delivery: toDeliveryView(await repo.createTest(endpointId, id, data)) };
    },

    /** The body the delivery sends, as it is sent (signed, with its headers, at each attempt). */
    async request(auth: Caller, endpointId: string, deliveryId: string) {
      await endpoint(auth, endpointId, false);
      const row = await repo.requestOf(endpointId, deliveryId);
      if (!row) throw new NotFound('This delivery does not exist.', webhookErrorCodes.deliveryNotFound);
      return { body: requestBody(row) };
    },

    async retry(auth: Caller, endpointId: string, deliveryId: string) {
      await endpoint(auth, endpointId, true);
      if (!(await repo.retry(endpointId, deliveryId)))
        throw new NotFound('This delivery does not exist.', webhookErrorCodes.deliveryNotFound);
      const row = await repo.get(endpointId, deliveryId);
      if (!row) throw new NotFound('This delivery does not exist.', webhookErrorCodes.deliveryNotFound);
      return { delivery: toDeliveryView(row) };
    },

    /**
     * The organization's webhooks at a glance (the dashboard's integration health): its
     * endpoints by state and since when its oldest undelivered delivery waits; null when it
     * has no endpoint, which leaves nothing to tell.
     */
    async health(organizationId: string): Promise<WebhooksHealth | null> {
      const counts = await endpoints.stateCounts(organizationId);
      if (counts.endpoints === 0) return null;
      const oldest = await repo.oldestWaitingSince(organizationId);
      return { ...counts, oldestWaitingSince: oldest?.toISOString() ?? null };
    },

    /**
     * The organization's deliveries made before `cutoff` and their attempts, in short
     * statements (the events' retention job: deliveries are kept as long as the events).
     */
    deleteOrganizationDeliveriesBefore(organizationId: string, cutoff: Date, batchSize: number, signal?: AbortSignal) {
      return repo.deleteOrganizationDeliveriesBefore(organizationId, cutoff, batchSize, signal);
    },

    async resend(auth: Caller, endpointId: string, since: string) {
      await endpoint(auth, endpointId, true);
      const at = new Date(since);
      if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1)
        throw new ValidationError('This is not a date and time.', { fieldErrors: { since: ['invalid'] } });
      return { queued: await repo.resendFailedSince(endpointId, at) };
    },
  };
}

export type WebhookDeliveriesService = ReturnType<typeof createWebhookDeliveriesService>;
