/**
 * The endpoint's delivery log as its screen and calls use it: read it, send a test event, send
 * again one delivery or every one that failed since a time. What makes deliveries due now
 * wakes the pumps (`dueNow`).
 */
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { type DeliveryRow, deliveryColumns, deliveryEvent, dueNow, toDelivery } from './webhook-delivery-rows.repository.js';

export function createWebhookDeliveryLogRepository(root: Db) {
  return {
    /** A test event's delivery, due now. */
    async createTest(endpointId: string, messageId: string, payload: Record<string, unknown>, db: Db = root): Promise<DeliveryRow> {
      const [row] = await sqlRows<Record<string, unknown>>(
        db,
        sql`WITH d AS (
              INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload)
              VALUES (${endpointId}, ${messageId}, 'webhook.test', ${JSON.stringify(payload)}::jsonb) RETURNING *)
            SELECT ${deliveryColumns}, ${dueNow(sql`d`)} AS told FROM d`,
      );
      return toDelivery(row as Record<string, unknown>);
    },

    async get(endpointId: string, deliveryId: string, db: Db = root): Promise<DeliveryRow | undefined> {
      const [row] = await sqlRows<Record<string, unknown>>(
        db,
        sql`SELECT ${deliveryColumns} FROM webhook_deliveries d WHERE d.id = ${deliveryId} AND d.endpoint_id = ${endpointId}`,
      );
      return row ? toDelivery(row) : undefined;
    },

    /** What a delivery sends: a test event's payload, or its event (null once no longer kept). */
    async requestOf(endpointId: string, deliveryId: string, db: Db = root) {
      const [row] = await sqlRows<{ event_type: string; payload: Record<string, unknown> | null; event: Record<string, unknown> | null }>(
        db,
        sql`SELECT d.event_type, d.payload, ${deliveryEvent('d')} AS event
            FROM webhook_deliveries d
            WHERE d.id = ${deliveryId} AND d.endpoint_id = ${endpointId}`,
      );
      return row && { eventType: row.event_type, payload: row.payload, event: row.event };
    },

    /** The endpoint's deliveries newest first, by keyset on the id (time-ordered). */
    async list(
      endpointId: string,
      filter: { eventType?: string; outcome?: string; afterId?: string; limit: number },
      db: Db = root,
    ): Promise<DeliveryRow[]> {
      const rows = await sqlRows<Record<string, unknown>>(
        db,
        sql`SELECT ${deliveryColumns} FROM webhook_deliveries d
            WHERE d.endpoint_id = ${endpointId}
              ${filter.eventType ? sql`AND d.event_type = ${filter.eventType}` : sql``}
              ${filter.outcome ? sql`AND d.status = ${filter.outcome}` : sql``}
              ${filter.afterId ? sql`AND d.id < ${filter.afterId}::uuid` : sql``}
            ORDER BY d.id DESC LIMIT ${filter.limit}`,
      );
      return rows.map(toDelivery);
    },

    /**
     * Due again now (a manual retry); its attempts stay in the log. A delivery being sent keeps
     * its lease: clearing it let a pump send it a second time beside the first, and retries in
     * a row put any number of requests in flight to the endpoint. Its attempt's record decides
     * what follows.
     */
    async retry(endpointId: string, deliveryId: string, db: Db = root): Promise<boolean> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`WITH d AS (UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(),
                leased_until = CASE WHEN leased_until > now() THEN leased_until END
              WHERE id = ${deliveryId} AND endpoint_id = ${endpointId} RETURNING 1)
            SELECT count(*)::int AS n, ${dueNow(sql`d`)} AS told FROM d`,
      );
      return (row?.n ?? 0) > 0;
    },

    /** Every delivery of the endpoint that failed at or after `since`, due again now. */
    async resendFailedSince(endpointId: string, since: Date, db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`WITH d AS (UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), leased_until = NULL
              WHERE endpoint_id = ${endpointId} AND status = 'failed' AND last_attempt_at >= ${since.toISOString()}
              RETURNING 1)
            SELECT count(*)::int AS n, ${dueNow(sql`d`)} AS told FROM d`,
      );
      return row?.n ?? 0;
    },
  };
}
