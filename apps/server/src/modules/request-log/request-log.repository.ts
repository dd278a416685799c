/**
 * The request log's SQL (docs/decisions/071-request-log.md), the one writer and reader of
 * `request_log`: the batches the recorder flushes (one multi-row INSERT each), the screen's
 * and the API's keyset pages, one entry, and the retention's deletes in short statements.
 *
 * A page reads one index range in the log's order (organization, then a class, a key or a
 * route, then occurred_at, id): the filters are equalities ahead of the order in one of
 * request_log's indexes, so a page is at most `limit` index entries however many calls the
 * organization made. A key's or a route's calls of every class are the merge of one range per
 * class (a LATERAL each, at most a page from each), as the audit trail merges actions.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { exactInstantOf, type KeysetPosition } from '../../db/paging.js';
import { requestLog } from '../../db/schema.js';
import { uuidV7At } from '../../db/uuid-v7.js';

/** One call as the recorder hands it over: what the row keeps, and nothing else. */
export interface RequestLogRecord {
  organizationId: string;
  occurredAt: Date;
  accessKeyId: string;
  accessKeyName: string;
  method: string;
  route: string;
  status: number;
  durationUs: number;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  errorCode: string | null;
}

export interface RequestLogFilter {
  accessKeyId?: string;
  /** 2 for 2xx, 4 for 4xx… */
  statusClass?: number;
  route?: string;
  from?: string;
  to?: string;
}

/** One call as read back: what was recorded, with its id and exact instant (the page's position). */
export type RequestLogRow = Omit<RequestLogRecord, 'organizationId' | 'occurredAt'> & {
  id: string;
  /** The exact instant, to the microsecond. */
  at: string;
};

const COLUMNS = sql`id, ${exactInstantOf(sql`occurred_at`)} AS "at", access_key_id AS "accessKeyId", access_key_name AS "accessKeyName",
  method, route, status, duration_us AS "durationUs", request_id AS "requestId", ip, user_agent AS "userAgent", error_code AS "errorCode"`;

export function createRequestLogRepository(root: Db) {
  /** Every condition of the page but the class: the organization, the filters, where the page starts. */
  function conditions(organizationId: string, filter: RequestLogFilter, after: KeysetPosition | undefined): SQL {
    const where: SQL[] = [sql`organization_id = ${organizationId}::uuid`];
    if (filter.accessKeyId) where.push(sql`access_key_id = ${filter.accessKeyId}::uuid`);
    if (filter.route) where.push(sql`route = ${filter.route}`);
    if (filter.from) where.push(sql`occurred_at >= ${filter.from}::timestamptz`);
    if (filter.to) where.push(sql`occurred_at < ${filter.to}::timestamptz`);
    if (after) where.push(sql`(occurred_at, id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
    return sql.join(where, sql` AND `);
  }

  return {
    /**
     * One batch of calls in one statement of a parameter per column: built and parsed in a
     * fraction of what a VALUES list of one parameter per field costs, which on the embedded
     * database runs in the server's own thread, between calls. The ids are made here, from
     * each call's instant (db/uuid-v7.ts), rather than by uuid_v7() row by row.
     */
    async insert(records: readonly RequestLogRecord[], db: Db = root): Promise<void> {
      if (records.length === 0) return;
      const column = (pick: (record: RequestLogRecord) => string | number | null) => sql.param(records.map(pick));
      await db.execute(sql`INSERT INTO request_log (id, organization_id, occurred_at, access_key_id, access_key_name, method, route,
          status, duration_us, request_id, ip, user_agent, error_code)
        SELECT * FROM unnest(${column((r) => uuidV7At(r.occurredAt))}::uuid[], ${column((r) => r.organizationId)}::uuid[], ${column((r) => r.occurredAt.toISOString())}::timestamptz[],
          ${column((r) => r.accessKeyId)}::uuid[], ${column((r) => r.accessKeyName)}::text[], ${column((r) => r.method)}::text[],
          ${column((r) => r.route)}::text[], ${column((r) => r.status)}::smallint[], ${column((r) => r.durationUs)}::integer[],
          ${column((r) => r.requestId)}::text[], ${column((r) => r.ip)}::text[], ${column((r) => r.userAgent)}::text[],
          ${column((r) => r.errorCode)}::text[])`);
    },

    /** At most `limit` calls of the organization after `after`, newest first. */
    async page(
      organizationId: string,
      filter: RequestLogFilter,
      page: { after?: KeysetPosition; limit: number },
      db: Db = root,
    ): Promise<RequestLogRow[]> {
      const where = conditions(organizationId, filter, page.after);
      const order = sql`ORDER BY occurred_at DESC, id DESC LIMIT ${page.limit}`;
      // A key's or a route's calls of every class (1xx to 5xx): merged from a range of each.
      const merged = filter.statusClass === undefined && (filter.accessKeyId !== undefined || filter.route !== undefined);
      const statement = merged
        ? sql`SELECT p.* FROM unnest(ARRAY[1, 2, 3, 4, 5]::smallint[]) AS c(status_class)
              CROSS JOIN LATERAL (
                SELECT ${COLUMNS}, occurred_at FROM ${requestLog}
                WHERE status_class = c.status_class AND ${where} ${order}) p
              ORDER BY p.occurred_at DESC, p.id DESC LIMIT ${page.limit}`
        : sql`SELECT ${COLUMNS} FROM ${requestLog}
              WHERE ${filter.statusClass === undefined ? sql`` : sql`status_class = ${filter.statusClass} AND `}${where} ${order}`;
      return sqlRows<RequestLogRow>(db, statement);
    },

    /** One of the organization's calls, or undefined. */
    async find(organizationId: string, id: string, db: Db = root): Promise<RequestLogRow | undefined> {
      const [row] = await sqlRows<RequestLogRow>(
        db,
        sql`SELECT ${COLUMNS} FROM ${requestLog} WHERE ${and(eq(requestLog.id, id), eq(requestLog.organizationId, organizationId))}`,
      );
      return row;
    },

    /**
     * Deletes the calls made before the cutoff, every organization's, a batch at a time,
     * oldest first: each statement reads the next batchSize keys of (occurred_at, id) after the
     * last one deleted (keyset, so no statement walks again over what the ones before it
     * deleted) and deletes those rows by their primary key, in its own short transaction.
     * Stops between two batches when `signal` aborts: the next run goes on.
     */
    async deleteBefore(cutoff: Date, batchSize: number, signal?: AbortSignal, db: Db = root): Promise<number> {
      let deleted = 0;
      let after: KeysetPosition | undefined;
      while (!signal?.aborted) {
        const next = after ? sql`AND (occurred_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
        const [batch] = await sqlRows<{ at: string | null; id: string | null; taken: number; deleted: number }>(
          db,
          sql`WITH batch AS (
                SELECT id, occurred_at FROM ${requestLog}
                WHERE occurred_at < ${cutoff.toISOString()}::timestamptz ${next}
                ORDER BY occurred_at, id LIMIT ${batchSize}
              ), gone AS (
                DELETE FROM ${requestLog} WHERE id IN (SELECT id FROM batch) RETURNING 1
              )
              SELECT (SELECT ${exactInstantOf(sql`occurred_at`)} FROM batch ORDER BY occurred_at DESC, id DESC LIMIT 1) AS "at",
                     (SELECT id::text FROM batch ORDER BY occurred_at DESC, id DESC LIMIT 1) AS "id",
                     (SELECT count(*)::int FROM batch) AS taken,
                     (SELECT count(*)::int FROM gone) AS deleted`,
        );
        deleted += batch.deleted;
        // A batch that was not full was the last of the range.
        if (batch.taken < batchSize || batch.at === null || batch.id === null) break;
        after = { at: batch.at, id: batch.id };
        // Let waiting requests in between two batches: on PGlite they share the main thread.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return deleted;
    },
  };
}

export type RequestLogRepository = ReturnType<typeof createRequestLogRepository>;
