/**
 * The pumps' side of the deliveries: lease the due ones, record each attempt. A delivery is
 * due when it is pending and its `next_attempt_at` has passed; a worker leases it
 * (`leased_until`) while its request runs, so a worker killed mid-delivery loses nothing:
 * the lease runs out and any worker tries it again. Times are the database's (`now()`), as
 * for every lease compared across processes.
 */
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { type AttemptRow, deliveryEvent, type LeasedDelivery } from './webhook-delivery-rows.repository.js';

/** Serialises the claims of every worker: a claim counts the leases of the others exactly. */
const CLAIM_LOCK = 5_505_505;

export function createWebhookDeliveryLeasesRepository(root: Db) {
  /**
   * Records an attempt and what follows: succeeded, tried again after `retryInSeconds`, or
   * failed for good when that is null. False when the delivery is gone (its endpoint was
   * deleted while its request ran): there is nothing left to record it on.
   */
  async function recordAttempt(
    deliveryId: string,
    attempt: Omit<AttemptRow, 'at'> & { startedAt: Date },
    succeeded: boolean,
    retryInSeconds: number | null,
    db: Db = root,
  ): Promise<boolean> {
    const status = succeeded ? 'succeeded' : retryInSeconds === null ? 'failed' : 'pending';
    const at = attempt.startedAt.toISOString();
    // One statement, so one round trip and atomic without a transaction of its own. The
    // delivery is updated first: its row lock keeps a concurrent delete of its endpoint
    // out until the attempt is in, and an attempt is inserted only for a delivery still there.
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`WITH delivery AS (
            UPDATE webhook_deliveries SET status = ${status}, attempt_count = attempt_count + 1,
              last_attempt_at = ${at}, leased_until = NULL,
              next_attempt_at = ${status === 'pending' ? sql`now() + make_interval(secs => ${retryInSeconds})` : sql`NULL`}
            WHERE id = ${deliveryId} RETURNING id
          ), attempt AS (
            INSERT INTO webhook_delivery_attempts (delivery_id, at, status_code, duration_ms, response_body, error)
            SELECT id, ${at}::timestamptz, ${attempt.statusCode}::int, ${attempt.durationMs}::int,
              ${attempt.responseBody}::text, ${attempt.error}::text
            FROM delivery
            RETURNING 1
          )
          SELECT count(*)::int AS n FROM attempt`,
    );
    return (row?.n ?? 0) > 0;
  }

  return {
    /**
     * Leases up to `limit` due deliveries, at most `perEndpoint` in flight per endpoint
     * (counting those other workers hold), oldest due first: a slow endpoint fills its own
     * slots and no more, so it cannot hold back the others. The lease is on the database's
     * clock (every worker compares it); a roll's grace on the console's (`now`), which wrote
     * it (docs/decisions/044-one-clock-per-timestamp.md).
     */
    async lease(limit: number, perEndpoint: number, leaseSeconds: number, now: Date, db: Db = root): Promise<LeasedDelivery[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
        const rows = await sqlRows<Record<string, unknown>>(
          tx,
          sql`WITH chosen AS (
                SELECT c.id, c.next_attempt_at FROM webhook_endpoints w
                CROSS JOIN LATERAL (
                  SELECT count(*)::int AS n FROM webhook_deliveries
                  WHERE endpoint_id = w.id AND leased_until IS NOT NULL AND leased_until > now() AND status = 'pending'
                ) busy
                CROSS JOIN LATERAL (
                  SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
                  WHERE d.endpoint_id = w.id AND d.status = 'pending' AND d.next_attempt_at <= now()
                    AND (d.leased_until IS NULL OR d.leased_until <= now())
                  ORDER BY d.next_attempt_at LIMIT greatest(0, ${perEndpoint} - busy.n)
                ) c
                WHERE w.enabled
                ORDER BY c.next_attempt_at LIMIT ${limit}
              ), leased AS (
                UPDATE webhook_deliveries d SET leased_until = now() + make_interval(secs => ${leaseSeconds})
                FROM chosen c WHERE d.id = c.id
                RETURNING d.id, d.endpoint_id, d.message_id, d.event_id, d.event_type, d.attempt_count, d.payload
              )
              SELECT l.id, l.endpoint_id, l.message_id, l.event_type, l.attempt_count, l.payload,
                w.url, w.secret,
                CASE WHEN w.previous_secret_expires_at > ${now} THEN w.previous_secret END AS previous_secret,
                ${deliveryEvent('l')} AS event
              FROM leased l
              JOIN webhook_endpoints w ON w.id = l.endpoint_id`,
        );
        return rows.map((r) => ({
          id: r.id as string,
          endpointId: r.endpoint_id as string,
          messageId: r.message_id as string,
          eventType: r.event_type as string,
          attemptCount: Number(r.attempt_count),
          url: r.url as string,
          secret: r.secret as string,
          previousSecret: (r.previous_secret as string | null) ?? null,
          event: (r.event as Record<string, unknown> | null) ?? null,
          payload: (r.payload as Record<string, unknown> | null) ?? null,
        }));
      });
    },

    recordAttempt,

    /** A delivery that cannot be sent (its event is no longer kept): failed, without a request. */
    async abandon(deliveryId: string, error: string, db: Db = root): Promise<boolean> {
      return recordAttempt(
        deliveryId,
        { startedAt: new Date(), statusCode: null, durationMs: 0, responseBody: null, error },
        false,
        null,
        db,
      );
    },

    /** Due deliveries and those leased (in flight), for the pump's backlog and the tests. */
    async pendingCount(db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
      return row?.n ?? 0;
    },
  };
}
