/**
 * SQL of verified domains, the one writer of `organization_domains`: the Single sign-on
 * screen's calls, the external API's and the Super area's (through the service), the recheck
 * job's, and the look-ups single sign-on routes by. Every method takes an optional transaction.
 */
import { and, asc, eq, gte, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countForCreate } from '../../db/organization-cap.js';
import { organizationDomains as domains } from '../../db/schema.js';

export type DomainRow = typeof domains.$inferSelect;
/** The partial unique index that lets a domain be verified for one organization only. */
export const VERIFIED_DOMAIN_KEY = 'organization_domains_verified_key';
export const CLAIMED_DOMAIN_KEY = 'organization_domains_org_domain_key';

export function createDomainsRepository(root: Db) {
  const own = (organizationId: string, id: string) => and(eq(domains.organizationId, organizationId), eq(domains.id, id));

  return {
    /** The organization's claims, oldest first (few: DOMAINS_PER_ORGANIZATION_MAX). */
    async list(organizationId: string, db: Db = root) {
      return db.select().from(domains).where(eq(domains.organizationId, organizationId)).orderBy(asc(domains.createdAt), asc(domains.id));
    },

    /** The organization's claims, counted for its cap with its row locked (db/organization-cap.ts). */
    async countForCreate(organizationId: string, db: Db = root) {
      return countForCreate(db, domains, organizationId);
    },

    async findById(organizationId: string, id: string, db: Db = root): Promise<DomainRow | undefined> {
      const [row] = await db.select().from(domains).where(own(organizationId, id));
      return row;
    },

    /** A claim; a unique violation of CLAIMED_DOMAIN_KEY when the organization holds it already. */
    async insert(values: { organizationId: string; domain: string; verificationToken: string; now: Date }, db: Db = root) {
      const [row] = await db
        .insert(domains)
        .values({
          organizationId: values.organizationId,
          domain: values.domain,
          verificationToken: values.verificationToken,
          createdAt: values.now,
        })
        .returning();
      return row;
    },

    /** Whether an organization other than this one verified the domain. */
    async verifiedElsewhere(organizationId: string, domain: string, db: Db = root) {
      const [row] = await db
        .select({ id: domains.id })
        .from(domains)
        .where(and(eq(domains.domain, domain), isNotNull(domains.verifiedAt), ne(domains.organizationId, organizationId)));
      return !!row;
    },

    /** Marks a pending claim verified; a unique violation of VERIFIED_DOMAIN_KEY when another organization won the race. */
    async markVerified(id: string, values: { verifiedBy: 'dns' | 'staff'; now: Date }, db: Db = root) {
      const [row] = await db
        .update(domains)
        .set({ verifiedAt: values.now, verifiedBy: values.verifiedBy, lastCheckedAt: values.now, lastCheckError: null })
        .where(and(eq(domains.id, id), isNull(domains.verifiedAt)))
        .returning();
      return row;
    },

    /** The outcome of a look in DNS that verified nothing. */
    async recordCheck(id: string, values: { error: string; now: Date }, db: Db = root) {
      const [row] = await db
        .update(domains)
        .set({ lastCheckedAt: values.now, lastCheckError: values.error })
        .where(eq(domains.id, id))
        .returning();
      return row;
    },

    async remove(organizationId: string, id: string, db: Db = root) {
      const [row] = await db.delete(domains).where(own(organizationId, id)).returning();
      return row;
    },

    /** Pending claims made since `since`, oldest look first, for the recheck job. */
    async pendingSince(since: Date, limit: number, db: Db = root) {
      return db
        .select()
        .from(domains)
        .where(and(isNull(domains.verifiedAt), gte(domains.createdAt, since)))
        .orderBy(asc(domains.lastCheckedAt), asc(domains.id))
        .limit(limit);
    },

    /** The organization that verified the domain (normalized), if one did: what single sign-on routes an address by. */
    async organizationForVerifiedDomain(domain: string, db: Db = root): Promise<string | null> {
      const [row] = await db
        .select({ organizationId: domains.organizationId })
        .from(domains)
        .where(and(eq(domains.domain, domain), isNotNull(domains.verifiedAt)));
      return row?.organizationId ?? null;
    },

    /** The organization's verified domains, in alphabetical order. */
    async verifiedDomains(organizationId: string, db: Db = root): Promise<string[]> {
      const rows = await db
        .select({ domain: domains.domain })
        .from(domains)
        .where(and(eq(domains.organizationId, organizationId), isNotNull(domains.verifiedAt)))
        .orderBy(asc(domains.domain));
      return rows.map((row) => row.domain);
    },
  };
}

export type DomainsRepository = ReturnType<typeof createDomainsRepository>;
