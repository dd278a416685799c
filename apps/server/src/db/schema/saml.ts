/** What the SAML service provider keeps (modules/sso-connections/saml/). */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Assertions that already signed someone in, per connection, until they expire: a second post of
 * the same assertion is a replay. `connection_id` is the connection of `sso_connections`
 * (whose foreign key joins when that table does). Times are the console's clock (decision 044).
 */
export const samlAssertionsSeen = pgTable(
  'saml_assertions_seen',
  {
    connectionId: uuid('connection_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.assertionId] }), index('saml_assertions_seen_expires_idx').on(t.expiresAt)],
);
