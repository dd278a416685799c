/** What the SAML service provider keeps (modules/sso-connections/saml/). */
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { ssoConnections } from './sso-connections.js';

/**
 * Assertions that already signed someone in, per connection, until they expire: a second post of
 * the same assertion is a replay, whichever replica it reaches; a connection's records go with it.
 * Times are the console's clock (decision 044).
 */
export const samlAssertionsSeen = pgTable(
  'saml_assertions_seen',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.assertionId] }), index('saml_assertions_seen_expires_idx').on(t.expiresAt)],
);

/**
 * The notices sent of a trusted certificate's coming expiry (the daily job of
 * sso-connections.jobs.ts): one row per connection, certificate and threshold (30 days, 7 days),
 * so each threshold is told once, whichever worker runs the job and however often. A
 * connection's notices go with it. `sent_at` is the console's clock (decision 044).
 */
export const samlCertificateNotices = pgTable(
  'saml_certificate_notices',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    /** The certificate's SHA-256 fingerprint, as the connection's certificates name it. */
    fingerprint: text('fingerprint').notNull(),
    /** The threshold reached, in days before the certificate's end. */
    thresholdDays: integer('threshold_days').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'saml_certificate_notices_pk', columns: [t.connectionId, t.fingerprint, t.thresholdDays] })],
);
