/**
 * SQL of single sign-on connections, the one writer of `sso_connections` and
 * `sso_connection_refusals`: the Single sign-on screen's calls and the external API's
 * (through the service), and what sign-in reads (a connection by id, an organization's
 * enabled ones). Every method takes an optional transaction.
 */
import { SSO_REFUSALS_KEPT } from '@console/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countForCreate } from '../../db/organization-cap.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { ssoConnections as connections, ssoConnectionRefusals as refusals } from '../../db/schema.js';

export type SsoConnectionRow = typeof connections.$inferSelect;

export interface ConnectionValues {
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
