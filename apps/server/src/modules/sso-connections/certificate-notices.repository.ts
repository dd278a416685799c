/**
 * SQL of the notices of SAML certificates about to expire (certificate-expiry.ts), the one
 * writer of `saml_certificate_notices`: which connections are watched, which notice was already
 * sent, and whom to tell. Every method takes an optional transaction.
 */
import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { type AdminRecipient, adminRecipientsJson } from '../../db/organization-admins.js';
import { ssoConnections as connections, samlCertificateNotices as notices, organizations } from '../../db/schema.js';

export function createCertificateNoticesRepository(root: Db) {
  return {
    /**
     * The SAML connections whose certificates are watched: enabled ones of enabled
     * organizations that trust at least one (a disabled connection signs nobody in, and a
     * disabled organization's admins cannot act on it).
     */
    async watched(db: Db = root) {
      return db
        .select({
          id: connections.id,
          organizationId: connections.organizationId,
          organizationName: organizations.name,
          name: connections.name,
          certificates: connections.samlCertificates,
        })
        .from(connections)
        .innerJoin(organizations, eq(organizations.id, connections.organizationId))
        .where(
          and(
            eq(connections.kind, 'saml'),
            eq(connections.enabled, true),
            isNull(organizations.disabledAt),
            gt(sql`jsonb_array_length(${connections.samlCertificates})`, 0),
          ),
        )
        .orderBy(asc(connections.id));
    },

    /**
     * The notice of this certificate at this threshold, taken by one caller only: true when this
     * call recorded it, false when it was sent before (or by another worker at the same time).
     */
    async claim(notice: { connectionId: string; fingerprint: string; thresholdDays: number; sentAt: Date }, db: Db = root) {
      const rows = await db.insert(notices).values(notice).onConflictDoNothing().returning({ id: notices.connectionId });
      return rows.length > 0;
    },

    /** Forgets the notices of certificates the connection no longer trusts (one trusted again later is told again). */
    async forgetUntrusted(connectionId: string, trusted: string[], db: Db = root) {
      await db
        .delete(notices)
        .where(
          trusted.length > 0
            ? and(eq(notices.connectionId, connectionId), notInArray(notices.fingerprint, trusted))
            : eq(notices.connectionId, connectionId),
        );
    },

    /** Whom to tell: the organization's enabled Organizational Admins, each with their language. */
    async recipients(organizationId: string, db: Db = root): Promise<AdminRecipient[]> {
      const [row] = await sqlRows<{ admins: AdminRecipient[] }>(
        db,
        sql`SELECT ${adminRecipientsJson(sql`${organizationId}::uuid`)} AS admins`,
      );
      return row?.admins ?? [];
    },
  };
}

export type CertificateNoticesRepository = ReturnType<typeof createCertificateNoticesRepository>;
