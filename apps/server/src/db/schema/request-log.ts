/** The request log (modules/request-log): every external API call made with an organization's access key. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per call of the external API whose access key was known (docs/decisions/071-request-log.md),
 * written in batches by the request-log module (its one writer) and deleted after 30 days.
 * What it keeps is named column by column: never a secret, a credential's header, a query's
 * values or a body. The key's name is kept as it was, and the key has no foreign key: the log
 * outlives a deleted key. Nor has the organization: a foreign key's check is a lookup of the
 * organization at every row written, which on the embedded database cost as much again as the
 * row itself; the console never deletes an organization (it disables one), and the retention
 * removes whatever row is left within 30 days.
 */
export const requestLog = pgTable(
  'request_log',
  {
    /** Time-ordered (UUID version 7 of its call's instant, db/uuid-v7.ts): a batch is appended to the end of the primary key. */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    organizationId: uuid('organization_id').notNull(),
    /** When the call arrived, on the server's clock (decision 044): the screen's order and its time filter. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    accessKeyId: uuid('access_key_id').notNull(),
    accessKeyName: text('access_key_name').notNull(),
    method: text('method').notNull(),
    /** The route's pattern (`/v1/users/:id`), never the path with its ids or the query. */
    route: text('route').notNull(),
    status: smallint('status').notNull(),
    /** 2 for 2xx…: what the screen's status filter reads through the indexes below. */
    statusClass: smallint('status_class').notNull().generatedAlwaysAs(sql`status / 100`),
    durationUs: integer('duration_us').notNull(),
    /** Fastify's request id, answered in the x-request-id header. */
    requestId: text('request_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The error envelope's code, for an answer that is an error. */
    errorCode: text('error_code'),
  },
  // The screen reads an organization's calls newest first (keyset on occurred_at, id): all of
  // them, or of one status class, one key or one route. A key's or a route's index holds the
  // class before the time, so "this key's errors" is one range, and "this key's calls" the
  // merge of a range per class (request-log.repository.ts). The last index is the purge's.
  (t) => [
    index('request_log_org_occurred_idx').on(t.organizationId, t.occurredAt, t.id),
    index('request_log_org_class_occurred_idx').on(t.organizationId, t.statusClass, t.occurredAt, t.id),
    index('request_log_org_key_class_occurred_idx').on(t.organizationId, t.accessKeyId, t.statusClass, t.occurredAt, t.id),
    index('request_log_org_route_class_occurred_idx').on(t.organizationId, t.route, t.statusClass, t.occurredAt, t.id),
    index('request_log_occurred_idx').on(t.occurredAt, t.id),
  ],
);
