/**
 * The delivery of webhooks (docs/decisions/055-webhook-delivery.md): a worker leases due
 * deliveries, a bounded number per endpoint, and sends each on its own (a slow endpoint holds
 * its own slots, never a batch); each attempt is recorded with what follows it: success, a
 * retry on the schedule, or failure for good. At least once: a delivery is marked only after
 * its answer, so a worker stopped mid-request leaves it leased until the lease runs out.
 */

import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EventView, WEBHOOK_RESPONSE_BODY_MAX, WEBHOOK_TEST_EVENT } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../deps.js';
import { eventViewOfJson, forCustomers } from '../events/event-view.js';
import type { LeasedDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { PostAborted, type PostOutcome, postWebhook } from './webhook-post.js';
import { signedHeaders } from './webhook-signing.js';

/** The waits before each retry: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed. */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
/** Deliveries in flight per endpoint, across every worker. */
export const IN_FLIGHT_PER_ENDPOINT = 5;
/** Deliveries in flight per worker process. */
export const IN_FLIGHT_PER_WORKER = 64;
/** Longer than a request may take (15 s): a lease runs out only when its worker is gone. */
export const LEASE_SECONDS = 60;
/** A body larger than this is not sent: the event goes with its ids only. */
export const BODY_MAX_BYTES = 256 * 1024;
/** A pump leases again once this many slots are free (or none is busy). */
const LEASE_BATCH_MIN = 8;
/** The shortest time between two leases of a pump. */
const LEASE_INTERVAL_MS = 20;
/**
 * How often an idle pump looks for due deliveries by itself. A safety net only: what becomes
 * due now (an event's deliveries, a test event, a retry, a resend) wakes the pumps at once
 * through the change feed (`wake`); the look finds retries whose time came, and what a
 * notification did not bring (a feed reconnecting). Each look is a transaction, and on the
 * embedded database a turn in its one queue.
 */
export const IDLE_LOOK_MS = 5_000;

export interface DelivererDeps {
  repo: WebhookDeliveriesRepository;
  clock: Clock;
  /** Whether an address may be reached (the endpoints' address policy and its setting). */
  addressAllowed: (address: string) => boolean;
  allowHttp: boolean;
  /** Told each attempt's outcome per endpoint: the endpoints' failure streak and disabling. */
  onAttempt?: (endpointId: string, succeeded: boolean) => Promise<void>;
  log?: FastifyBaseLogger;
}

/** The body sent: `{ type, timestamp, data }`, or the event with its ids only when too large. */
export function deliveryBody(type: string, view: EventView): string {
  const body = JSON.stringify({ type, timestamp: view.occurredAt, data: view });
  if (Buffer.byteLength(body) <= BODY_MAX_BYTES) return body;
  const idsOnly: EventView = {
    ...view,
    actor: { type: view.actor.type, id: view.actor.id, name: '' },
    targets: view.targets.map((t) => ({ type: t.type, id: t.id, name: '' })),
    data: { truncated: true },
  };
  return JSON.stringify({ type, timestamp: view.occurredAt, data: idsOnly });
}

/**
 * The body a delivery sends, the same at every attempt and in the delivery log: a test
 * event's own, or its event as the organization reads it (decision 059); null once the event
 * is no longer kept.
 */
export function requestBody(delivery: {
  eventType: string;
  payload: Record<string, unknown> | null;
  event: Record<string, unknown> | null;
}): string | null {
  if (delivery.payload) return deliveryBody(WEBHOOK_TEST_EVENT, delivery.payload as unknown as EventView);
  return delivery.event ? deliveryBody(delivery.eventType, forCustomers(eventViewOfJson(delivery.event))) : null;
}

export function createWebhookDeliverer(deps: DelivererDeps) {
  const { repo } = deps;
  /** How to wake each pump running in this process: deliveries became due now. */
  const running = new Set<() => void>();

  /** A delivery whose endpoint was deleted while it was sent: nothing to record, nothing wrong. */
  const gone = (delivery: LeasedDelivery) =>
    deps.log?.debug({ deliveryId: delivery.id, endpointId: delivery.endpointId }, 'webhook delivery: its endpoint was deleted meanwhile');

  async function record(delivery: LeasedDelivery, startedAt: Date, outcome: PostOutcome): Promise<void> {
    const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    // The count after this attempt is the index of the wait before the next one.
    const retryIn = succeeded ? null : (RETRY_DELAYS_SECONDS[delivery.attemptCount] ?? null);
    const recorded = await repo.recordAttempt(
      delivery.id,
      {
        startedAt,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseBody: outcome.statusCode === null ? null : outcome.responseBody.slice(0, WEBHOOK_RESPONSE_BODY_MAX),
        error: outcome.error,
      },
      succeeded,
      retryIn,
    );
    if (!recorded) return gone(delivery);
    await deps.onAttempt?.(delivery.endpointId, succeeded);
  }

  /** Sends one leased delivery and records its attempt; a stop mid-request records nothing. */
  async function deliver(delivery: LeasedDelivery, signal?: AbortSignal): Promise<void> {
    const body = requestBody(delivery);
    if (body === null) {
      if (!(await repo.abandon(delivery.id, 'the event is no longer kept'))) gone(delivery);
      return;
    }
    const startedAt = deps.clock.now();
    const secrets = delivery.previousSecret ? [delivery.secret, delivery.previousSecret] : [delivery.secret];
    const headers = signedHeaders(secrets, delivery.messageId, Math.floor(startedAt.getTime() / 1000), body);
    let outcome: PostOutcome;
    try {
      outcome = await postWebhook(delivery.url, body, headers, {
        addressAllowed: deps.addressAllowed,
        allowHttp: deps.allowHttp,
        signal,
      });
    } catch (err) {
      if (err instanceof PostAborted) return;
      throw err;
    }
    if (outcome.refusedAddress !== undefined) {
      // The operators' record of what the name resolved to; the delivery log says only that it was refused.
      deps.log?.warn(
        { deliveryId: delivery.id, endpointId: delivery.endpointId, host: new URL(delivery.url).hostname, address: outcome.refusedAddress },
        'webhook delivery: address not allowed',
      );
    }
    await record(delivery, startedAt, outcome);
  }

  /**
   * Delivers what is due until `forMs` has passed or `signal` aborts: up to
   * IN_FLIGHT_PER_WORKER at once, each slot refilled as soon as its delivery ends.
   * Returns how many were delivered (attempted).
   */
  async function pump(options: {
    forMs: number;
    signal?: AbortSignal;
    concurrency?: number;
    /** Called (once a pump) when more is due than this pump takes at once: another worker may help. */
    onBacklog?: () => Promise<void>;
  }): Promise<number> {
    const { forMs, concurrency = IN_FLIGHT_PER_WORKER } = options;
    // One signal for this pump's requests, each of which listens to it.
    const stopping = new AbortController();
    setMaxListeners(concurrency + 10, stopping.signal);
    const signal = stopping.signal;
    const stop = () => stopping.abort();
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop);
    let askedForHelp = false;
    let lastLease = 0;
    const deadline = Date.now() + forMs;
    const inFlight = new Set<Promise<void>>();
    let attempted = 0;
    let wake: (() => void) | undefined;
    const woken = () => wake?.();
    // Told while it leases, the pump looks again before it waits: a wake is never lost.
    let due = false;
    const dueNow = () => {
      due = true;
      woken();
    };
    signal?.addEventListener('abort', woken);
    running.add(dueNow);
    try {
      while (!signal?.aborted && Date.now() < deadline) {
        // Leases at most every LEASE_INTERVAL_MS: the deliveries that finish meanwhile free their slots together.
        const since = performance.now() - lastLease;
        if (since < LEASE_INTERVAL_MS) await sleep(LEASE_INTERVAL_MS - since);
        due = false;
        const free = concurrency - inFlight.size;
        // Slots are refilled a batch at a time: a lease per finished delivery would cost a query each.
        const leased =
          free >= Math.min(LEASE_BATCH_MIN, concurrency) || inFlight.size === 0
            ? await repo.lease(free, IN_FLIGHT_PER_ENDPOINT, LEASE_SECONDS, deps.clock.now()).catch((err) => {
                // A busy or restarting database: the deliveries in flight go on, the next look tries again.
                deps.log?.error({ err }, 'webhook deliveries: no lease');
                return [];
              })
            : [];
        lastLease = performance.now();
        for (const delivery of leased) {
          attempted += 1;
          const run: Promise<void> = deliver(delivery, signal)
            .catch((err) => deps.log?.error({ err, deliveryId: delivery.id }, 'webhook delivery not recorded'))
            .finally(() => {
              inFlight.delete(run);
              woken();
            });
          inFlight.add(run);
        }
        if (leased.length === free && free > 0) {
          if (!askedForHelp && options.onBacklog) {
            askedForHelp = true;
            await options.onBacklog().catch((err) => deps.log?.error({ err }, 'webhook deliveries: no helper asked for'));
          }
          continue;
        }
        if (due) continue;
        // Nothing more is due (or every slot is taken): wait for a slot, a wake or the next look.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, IDLE_LOOK_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      await Promise.allSettled([...inFlight]);
    } finally {
      running.delete(dueNow);
      signal.removeEventListener('abort', woken);
      options.signal?.removeEventListener('abort', stop);
    }
    return attempted;
  }

  /**
   * Deliveries became due now: every pump running in this process looks at once. Returns
   * whether one runs here (if none does, a pump must be started for them).
   */
  function wake(): boolean {
    for (const dueNow of running) dueNow();
    return running.size > 0;
  }

  return { deliver, pump, wake };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
