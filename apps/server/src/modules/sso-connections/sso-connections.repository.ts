/**
 * SQL of single sign-on connections, the one writer of `sso_connections` and
 * `sso_connection_refusals`: the Single sign-on screen's calls and the external API's
 * (through the service), and what sign-in reads (a connection by id, an organization's
 * enabled ones). Every method takes an optional transaction.
 */
import { SSO_REFUSALS_KEPT } from '@console/contracts';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countForCreate, lockOrganization } from '../../db/organization-cap.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { ssoConnections as connections, ssoConnectionRefusals as refusals } from '../../db/schema.js';

export type SsoConnectionRow = typeof connections.$inferSelect;

/** What a SAML connection keeps of its identity provider (read from its metadata, or certificates added by hand). */
export interface SamlValues {
  samlIdpEntityId: string | null;
  samlSsoUrl: string | null;
  samlCertificates: SsoConnectionRow['samlCertificates'];
  samlMetadataUrl: string | null;
  samlMetadataAt: Date | null;
  samlMetadataFailedAt: Date | null;
  samlMetadataError: string | null;
  samlWantsSignedRequests: boolean;
  samlIdpInitiated: boolean;
}

export interface ConnectionValues extends Partial<SamlValues> {
  name: string;
  enabled: boolean;
  issuer: string | null;
  clientId: string | null;
  jit: boolean;
  jitRole: string;
  groupRoles: { group: string; role: string }[];
}

export function createSsoConnectionsRepository(root: Db) {
  const own = (organizationId: string, id: string) => and(eq(connections.organizationId, organizationId), eq(connections.id, id));

  const repo = {
    async list(organizationId: string, page: { page: number; limit: number }, db: Db = root) {
      const rows = await db
        .select({ row: connections, total: totalOver() })
        .from(connections)
        .where(eq(connections.organizationId, organizationId))
        .orderBy(asc(connections.createdAt), asc(connections.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      const total = await pageTotal(rows, page, () => db.$count(connections, eq(connections.organizationId, organizationId)));
      return { rows: rows.map((r) => r.row), total };
    },

    /** The organization's connections, counted for its cap (db/organization-cap.ts). */
    countForCreate: (organizationId: string, db: Db = root) => countForCreate(db, connections, organizationId),

    async findById(organizationId: string, id: string, db: Db = root) {
      const [row] = await db.select().from(connections).where(own(organizationId, id));
      return row;
    },

    /** A connection read to be changed from what it holds (its certificates): its row locked until the transaction ends. */
    async lockById(organizationId: string, id: string, db: Db) {
      const [row] = await db.select().from(connections).where(own(organizationId, id)).for('update');
      return row;
    },

    /** The SAML connections whose metadata is read again every day, oldest read first. */
    async withMetadataUrl(db: Db = root) {
      return db
        .select({ id: connections.id, organizationId: connections.organizationId })
        .from(connections)
        .where(and(eq(connections.kind, 'saml'), isNotNull(connections.samlMetadataUrl)))
        .orderBy(asc(connections.samlMetadataAt), asc(connections.id));
    },

    /** Sign-in's read: the connection a callback names, whatever its organization. */
    async findForSignIn(id: string, db: Db = root) {
      const [row] = await db.select().from(connections).where(eq(connections.id, id));
      return row;
    },

    /** The enabled connections of an organization, oldest first: the sign-in page's choice. */
    async enabledOf(organizationId: string, db: Db = root) {
      return db
        .select({ id: connections.id, name: connections.name })
        .from(connections)
        .where(and(eq(connections.organizationId, organizationId), eq(connections.enabled, true)))
        .orderBy(asc(connections.createdAt), asc(connections.id));
    },

    async insert(
      values: ConnectionValues & { organizationId: string; kind: string; clientSecret: string | null; createdBy: string | null; now: Date },
      db: Db = root,
    ) {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(connections)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .returning({ id: connections.id });
      return row.id;
    },

    async update(organizationId: string, id: string, values: Partial<ConnectionValues> & { now: Date }, db: Db = root) {
      const { now, ...fields } = values;
      const rows = await db
        .update(connections)
        .set({ ...fields, updatedAt: now })
        .where(own(organizationId, id))
        .returning({ id: connections.id });
      return rows.length > 0;
    },

    async replaceSecret(organizationId: string, id: string, clientSecret: string, now: Date, db: Db = root) {
      const rows = await db
        .update(connections)
        .set({ clientSecret, updatedAt: now })
        .where(and(own(organizationId, id), eq(connections.kind, 'oidc')))
        .returning({ id: connections.id });
      return rows.length > 0;
    },

    async remove(organizationId: string, id: string, db: Db = root) {
      const rows = await db.delete(connections).where(own(organizationId, id)).returning({ id: connections.id });
      return rows.length > 0;
    },

    /** Someone signed in through it; no `updated_at` change: a sign-in changes nothing of the connection. */
    async recordSignIn(id: string, at: Date, db: Db = root) {
      await db.update(connections).set({ lastSignInAt: at }).where(eq(connections.id, id));
    },

    /**
     * Whether the organization has an enabled connection through which someone has signed in:
     * what "SSO login only" needs (decision 062). Read under the organization's row lock by
     * whoever changes that setting, so a connection disabled at the same moment is seen.
     */
    async hasSignedInConnection(organizationId: string, db: Db = root) {
      const count = await db.$count(
        connections,
        and(eq(connections.organizationId, organizationId), eq(connections.enabled, true), isNotNull(connections.lastSignInAt)),
      );
      return count > 0;
    },

    /**
     * The organization's enabled connections that have signed someone in, other than `id`,
     * counted after locking the organization's row: a disable or delete of connections and a
     * change of "SSO login only" in one organization happen one at a time, so two admins each
     * disabling one of its last two such connections cannot both count the other.
     */
    async signedInOthers(organizationId: string, id: string, db: Db) {
      await lockOrganization(db, organizationId);
      return db.$count(
        connections,
        and(
          eq(connections.organizationId, organizationId),
          ne(connections.id, id),
          eq(connections.enabled, true),
          isNotNull(connections.lastSignInAt),
        ),
      );
    },

    /** What the last test saw; no `updated_at` change: a test changes nothing of the connection. */
    async saveTest(id: string, test: Record<string, unknown>, db: Db = root) {
      await db.update(connections).set({ lastTest: test }).where(eq(connections.id, id));
    },

    /** A refused sign-in; the connection keeps its newest SSO_REFUSALS_KEPT. */
    async insertRefusal(refusal: { connectionId: string; at: Date; reasonCode: string; reason: string }, db: Db = root) {
      await db.insert(refusals).values({ ...refusal, reason: refusal.reason.slice(0, 500) });
      const older = db
        .select({ id: refusals.id })
        .from(refusals)
        .where(eq(refusals.connectionId, refusal.connectionId))
        .orderBy(desc(refusals.at), desc(refusals.id))
        .offset(SSO_REFUSALS_KEPT);
      await db.delete(refusals).where(inArray(refusals.id, sql`(${older})`));
    },

    async listRefusals(organizationId: string, id: string, db: Db = root) {
      return db
        .select({ at: refusals.at, reasonCode: refusals.reasonCode, reason: refusals.reason })
        .from(refusals)
        .innerJoin(connections, eq(connections.id, refusals.connectionId))
        .where(own(organizationId, id))
        .orderBy(desc(refusals.at), desc(refusals.id))
        .limit(SSO_REFUSALS_KEPT);
    },
  };
  return repo;
}

export type SsoConnectionsRepository = ReturnType<typeof createSsoConnectionsRepository>;
