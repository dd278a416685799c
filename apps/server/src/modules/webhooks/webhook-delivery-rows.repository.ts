/**
 * The webhook deliveries' rows as their repositories hand them out, and the SQL they share
 * (docs/decisions/055-webhook-delivery.md): one row per event and endpoint, its attempts in
 * their own table. The deliveries' tables, `webhook_deliveries` and `webhook_delivery_attempts`,
 * are written only by this module's delivery repositories, each of one job (their list is in
 * webhook-deliveries.repository.ts); the endpoints are read there, never written.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AdminRecipient } from '../../db/organization-admins.js';
import { WAKE_UP_CHANNEL, WEBHOOK_DELIVERIES_DUE } from '../../db/wake-up.js';

/** A delivery a worker leased, with what its request needs. */
export interface LeasedDelivery {
  id: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  attemptCount: number;
  url: string;
  secret: string;
  /** Signs too while a roll's grace lasts. */
  previousSecret: string | null;
  /** The event's row as the events table holds it (null for a test event, or an event no longer kept). */
  event: Record<string, unknown> | null;
  /** A test event's payload, made when it was sent. */
  payload: Record<string, unknown> | null;
}

export interface AttemptRow {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
}

export interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attemptCount: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  attempts: AttemptRow[];
}

export interface DisabledNotice {
  organizationId: string;
  organizationName: string;
  url: string;
  failingSince: Date | null;
  admins: AdminRecipient[];
}

/**
 * The event a delivery (`delivery`, the alias of a webhook_deliveries row) sends, its row whole
 * as `to_jsonb` reads it: null for a test event or an event no longer kept (events' view of such
 * a row is eventViewOfJson).
 */
export const deliveryEvent = (delivery: string) => sql`(SELECT to_jsonb(e) FROM events e WHERE e.id = ${sql.raw(delivery)}.event_id)`;

export const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export function toDelivery(row: Record<string, unknown>): DeliveryRow {
  return {
    id: row.id as string,
    endpointId: row.endpoint_id as string,
    eventId: row.message_id as string,
    eventType: row.event_type as string,
    status: row.status as DeliveryRow['status'],
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: toDate(row.next_attempt_at),
    createdAt: toDate(row.created_at) as Date,
    lastAttemptAt: toDate(row.last_attempt_at),
    attempts: ((row.attempts as Record<string, unknown>[] | null) ?? []).map((a) => ({
      at: toDate(a.at) as Date,
      statusCode: a.status_code === null ? null : Number(a.status_code),
      durationMs: Number(a.duration_ms),
      responseBody: (a.response_body as string | null) ?? null,
      error: (a.error as string | null) ?? null,
    })),
  };
}

export const deliveryColumns = sql`d.id, d.endpoint_id, d.message_id, d.event_type, d.status, d.attempt_count, d.next_attempt_at,
  d.created_at, d.last_attempt_at,
  (SELECT coalesce(json_agg(json_build_object('at', a.at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
      'response_body', a.response_body, 'error', a.error) ORDER BY a.at, a.id), '[]'::json)
   FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts`;

/**
 * 1 when `made` (rows of the statement's CTE) has any, after telling every process's pumps,
 * through their wake-up (db/wake-up.ts), that deliveries are due now; 0 otherwise. A notification is sent
 * when its transaction commits, never for one that rolls back: a pump woken by it finds the
 * deliveries committed. One per statement however many deliveries it made.
 */
export const dueNow = (made: SQL) =>
  sql`(SELECT count(*)::int FROM (SELECT pg_notify(${WAKE_UP_CHANNEL}, ${WEBHOOK_DELIVERIES_DUE}) FROM (SELECT 1 FROM ${made} LIMIT 1) one) told)`;
