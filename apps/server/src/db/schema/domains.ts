/** Verified domains (modules/domains): the e-mail domains an organization claims for single sign-on. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.js';
import { organizations } from './organizations.js';

/**
 * Each claim of a domain by an organization (docs/decisions/064-verified-domains.md): the
 * domains module is its one writer. Several organizations may claim one domain while it is
 * pending; the partial unique index lets it be verified for one only. Every time here is the
 * console's clock (decision 044): the recheck job compares `created_at` with it.
 */
export const organizationDomains = pgTable(
  'organization_domains',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** normalizeDomain's form: lower case, punycode, no trailing dot. */
    domain: text('domain').notNull(),
    /** The value of the TXT record that proves the claim (public once published, so kept as it is). */
    verificationToken: text('verification_token').notNull(),
    createdAt: createdAt(),
    verifiedAt: ts('verified_at'),
    /** 'dns' | 'staff'; null while pending. */
    verifiedBy: text('verified_by'),
    lastCheckedAt: ts('last_checked_at'),
    /** A DomainCheckError of the last look; null after a success or before any. */
    lastCheckError: text('last_check_error'),
  },
  (t) => [
    uniqueIndex('organization_domains_org_domain_key').on(t.organizationId, t.domain),
    uniqueIndex('organization_domains_verified_key').on(t.domain).where(sql`verified_at IS NOT NULL`),
    // The recheck job reads pending claims by age.
    index('organization_domains_pending_idx').on(t.createdAt).where(sql`verified_at IS NULL`),
  ],
);
