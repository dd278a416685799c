/**
 * SQL of the webhook deliveries (docs/decisions/055-webhook-delivery.md): one row per event
 * and endpoint, its attempts in their own table. The one writer of `webhook_deliveries` and
 * `webhook_delivery_attempts`; the endpoints are read here, never written.
 *
 * A delivery is due when it is pending and its `next_attempt_at` has passed; a worker leases
 * it (`leased_until`) while its request runs, so a worker killed mid-delivery loses nothing:
 * the lease runs out and any worker tries it again. Times are the database's (`now()`), as
 * for every lease compared across processes.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, WEBHOOK_DELIVERIES_DUE } from '../../db/change-feed.js';
import { type Db, sqlRows } from '../../db/client.js';

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
  admins: { email: string; name: string; locale: string }[];
}

/**
 * The smallest time-ordered id (uuid v7) made at `at`: every id made before it is smaller,
 * every id made at it or after is not.
 */
export function uuidAt(at: Date): string {
  const ms = Math.max(0, Math.floor(at.getTime())).toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-0000-0000-000000000000`;
}

/** Serialises the claims of every worker: a claim counts the leases of the others exactly. */
const CLAIM_LOCK = 5_505_505;

const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toDelivery(row: Record<string, unknown>): DeliveryRow {
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

const deliveryColumns = sql`d.id, d.endpoint_id, d.message_id, d.event_type, d.status, d.attempt_count, d.next_attempt_at,
  d.created_at, d.last_attempt_at,
  (SELECT coalesce(json_agg(json_build_object('at', a.at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
      'response_body', a.response_body, 'error', a.error) ORDER BY a.at, a.id), '[]'::json)
   FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts`;

/**
 * 1 when `made` (rows of the statement's CTE) has any, after telling every process's pumps,
 * through the change feed, that deliveries are due now; 0 otherwise. A notification is sent
 * when its transaction commits, never for one that rolls back: a pump woken by it finds the
 * deliveries committed. One per statement however many deliveries it made.
 */
const dueNow = (made: SQL) =>
  sql`(SELECT count(*)::int FROM (SELECT pg_notify(${CHANGES_CHANNEL}, ${WEBHOOK_DELIVERIES_DUE}) FROM (SELECT 1 FROM ${made} LIMIT 1) one) told)`;

/**
 * The deliveries of events as they are inserted: one per event and enabled endpoint of its
 * organization subscribed to its type. `inserted` names the events' INSERT … RETURNING
 * (id, organization_id, action); the recorder runs both as one statement, so an event is
 * committed with its deliveries or not at all, for one round trip to the database. The
 * statement ends by waking the pumps when it made any (an organization without endpoints
 * sends nothing).
 */
export const deliveriesOfInsertedEvents = (inserted: SQL): { statement: SQL; finish: (followed: SQL) => SQL } => ({
  statement: sql`
    INSERT INTO webhook_deliveries (endpoint_id, message_id, event_id, event_type)
    SELECT w.id, e.id, e.id, e.action
    FROM ${inserted} e
    JOIN webhook_endpoints w ON w.organization_id = e.organization_id AND w.enabled
      AND (w.event_types IS NULL OR e.action = ANY (w.event_types))
    RETURNING 1`,
  finish: (followed) => sql`SELECT ${dueNow(followed)}`,
});

export function createWebhookDeliveriesRepository(root: Db) {
  return {
    /**
     * Leases up to `limit` due deliveries, at most `perEndpoint` in flight per endpoint
     * (counting those other workers hold), oldest due first: a slow endpoint fills its own
     * slots and no more, so it cannot hold back the others.
     */
    async lease(limit: number, perEndpoint: number, leaseSeconds: number, db: Db = root): Promise<LeasedDelivery[]> {
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
                CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret,
                to_jsonb(e) AS event
              FROM leased l
              JOIN webhook_endpoints w ON w.id = l.endpoint_id
              LEFT JOIN events e ON e.id = l.event_id`,
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

    /**
     * Records an attempt and what follows: succeeded, tried again after `retryInSeconds`, or
     * failed for good when that is null. False when the delivery is gone (its endpoint was
     * deleted while its request ran): there is nothing left to record it on.
     */
    async recordAttempt(
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
    },

    /** A delivery that cannot be sent (its event is no longer kept): failed, without a request. */
    async abandon(deliveryId: string, error: string, db: Db = root): Promise<boolean> {
      return this.recordAttempt(
        deliveryId,
        { startedAt: new Date(), statusCode: null, durationMs: 0, responseBody: null, error },
        false,
        null,
        db,
      );
    },

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

    /**
     * What the notice of a disabled endpoint needs: its organization, URL and since when it
     * failed, and the organization's enabled admins with their language (theirs, else the
     * organization's).
     */
    async disabledNotice(endpointId: string, db: Db = root): Promise<DisabledNotice | undefined> {
      const [row] = await sqlRows<Record<string, unknown>>(
        db,
        sql`SELECT w.organization_id, w.url, w.failing_since, o.name AS organization_name,
              coalesce((SELECT json_agg(json_build_object('email', u.email, 'name', u.display_name,
                  'locale', coalesce(u.locale, o.locale)) ORDER BY u.id)
                FROM users u WHERE u.organization_id = o.id AND u.role = 'org_admin' AND u.disabled_at IS NULL
                  AND u.email IS NOT NULL), '[]'::json) AS admins
            FROM webhook_endpoints w JOIN organizations o ON o.id = w.organization_id WHERE w.id = ${endpointId}`,
      );
      if (!row) return undefined;
      return {
        organizationId: row.organization_id as string,
        organizationName: row.organization_name as string,
        url: row.url as string,
        failingSince: toDate(row.failing_since),
        admins: row.admins as DisabledNotice['admins'],
      };
    },

    /**
     * The organization's deliveries made before the cutoff, with their attempts, as its events
     * are kept (the events' retention job asks): test events' as well as events'. A batch at
     * a time per endpoint, oldest first, each statement in its own short transaction. A
     * delivery's id is time-ordered (uuid v7, made by the database as the row is inserted),
     * so "made before the cutoff" is a range of the index (endpoint_id, id), walked by keyset:
     * no statement reads again what the ones before deleted. A delivery in flight (leased) is
     * left to its attempt's record; a later run takes it. Stops between two batches when
     * `signal` aborts.
     */
    async deleteOrganizationDeliveriesBefore(
      organizationId: string,
      cutoff: Date,
      batchSize: number,
      signal?: AbortSignal,
      db: Db = root,
    ): Promise<{ deleted: number; attempts: number; statements: number }> {
      const done = { deleted: 0, attempts: 0, statements: 0 };
      const before = uuidAt(cutoff);
      const endpoints = await sqlRows<{ id: string }>(
        db,
        sql`SELECT id FROM webhook_endpoints WHERE organization_id = ${organizationId} ORDER BY id`,
      );
      for (const { id: endpointId } of endpoints) {
        let after: string | undefined;
        while (!signal?.aborted) {
          const [page] = await sqlRows<{ last: string | null; taken: number; deleted: number; attempts: number }>(
            db,
            sql`WITH page AS (
                  SELECT id, leased_until FROM webhook_deliveries
                  WHERE endpoint_id = ${endpointId} AND id < ${before}::uuid ${after ? sql`AND id > ${after}::uuid` : sql``}
                  ORDER BY id LIMIT ${batchSize}
                ), doomed AS (
                  SELECT id FROM page WHERE leased_until IS NULL OR leased_until <= now()
                ), attempts AS (
                  DELETE FROM webhook_delivery_attempts WHERE delivery_id IN (SELECT id FROM doomed) RETURNING 1
                ), gone AS (
                  DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM doomed) RETURNING 1
                )
                SELECT (SELECT id::text FROM page ORDER BY id DESC LIMIT 1) AS last,
                  (SELECT count(*)::int FROM page) AS taken,
                  (SELECT count(*)::int FROM gone) AS deleted,
                  (SELECT count(*)::int FROM attempts) AS attempts`,
          );
          done.statements += 1;
          done.deleted += page?.deleted ?? 0;
          done.attempts += page?.attempts ?? 0;
          // A batch that was not full was the last of the range.
          if (!page || page.taken < batchSize || page.last === null) break;
          after = page.last;
          // Let waiting requests in between two batches: on PGlite they share the main thread.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      return done;
    },

    /** Due deliveries and those leased (in flight), for the pump's backlog and the tests. */
    async pendingCount(db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
      return row?.n ?? 0;
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>;
