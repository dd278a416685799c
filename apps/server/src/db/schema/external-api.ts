/** What the external API keeps of its calls (modules/external-api). */
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { integrations } from './access-keys.js';
import { ts } from './columns.js';
import { organizationIdColumn } from './organizations.js';

/**
 * The writes sent with an Idempotency-Key, per organization, access key and key, and their first
 * answer, for 24 hours (decision 070): a repeat is answered from here, whichever replica it
 * reaches. `status` is null while the first call runs, held by `running_until` (the database's
 * clock: replicas compare it); `created_at` and `expires_at` are the console's clock. A key's
 * rows go with it; expired ones are deleted by the housekeeping job.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    organizationId: organizationIdColumn(),
    accessKeyId: uuid('access_key_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, path and body (decision 070): a repeat must match it. */
    fingerprint: text('fingerprint').notNull(),
    /** The route first called with the key (`POST /api/v1/users`), named in a refusal. */
    route: text('route').notNull(),
    /** This call's hold on the key: a later write or release must hold the same. */
    attempt: uuid('attempt').notNull(),
    runningUntil: ts('running_until'),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotent_requests_pk', columns: [t.organizationId, t.accessKeyId, t.idempotencyKey] }),
    index('idempotent_requests_access_key_idx').on(t.accessKeyId),
    index('idempotent_requests_expires_idx').on(t.expiresAt),
  ],
);
