/** Webhooks (modules/webhooks): the endpoints, their deliveries and each attempt. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { events } from './events.js';
import { organizationIdColumn } from './organizations.js';
import { users } from './users.js';

/**
 * The organization's webhook endpoints (docs/decisions/054-webhook-endpoints.md): the
 * webhooks module is their one writer; the delivery module reads them to fan events out and
 * sets the failure columns. The signing secret is kept as it is (a delivery signs with it,
 * so a hash cannot serve), never logged and never in an event.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types (actions) sent; null: every type. */
    eventTypes: text('event_types').array(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing': the console disabled it after every attempt failed for days; null when a person did or it is enabled. */
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    /** `whsec_…`: signs every delivery. */
    secret: text('secret').notNull(),
    /** After a roll, the previous secret signs too until previous_secret_expires_at. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** Since when every attempt has failed; null while deliveries succeed. */
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt), index('webhook_endpoints_created_by_idx').on(t.createdBy)],
);

/**
 * Webhook deliveries (docs/decisions/055-webhook-delivery.md): one per event and endpoint,
 * made in the event's own transaction; the delivery module is their one writer. Due when
 * pending and `next_attempt_at` has passed; `leased_until` holds it for the worker sending it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Time-ordered: the log reads newest first by id. */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: the event's id, or a test event's own. */
    messageId: uuid('message_id').notNull(),
    /** The event sent; null for a test event. Gone with the event (its retention). */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** A test event's body (`data`); other deliveries read their event. */
    payload: jsonb('payload'),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    leasedUntil: ts('leased_until'),
    createdAt: createdAt(),
    lastAttemptAt: ts('last_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // A lease reads each endpoint's due deliveries, and counts its leased ones (few: a lease is cleared when its attempt is recorded).
    index('webhook_deliveries_due_idx').on(t.endpointId, t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_leased_idx').on(t.endpointId).where(sql`leased_until IS NOT NULL`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Each attempt of a delivery: when, the answer's status, how long, the first 4 KB of its body. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
