/**
 * SQL of an organization's provisioning: its SCIM tokens (the SCIM guard reads them, the
 * Provisioning screen makes them), what provisioning gives a new user, and the events of
 * what SCIM did and refused.
 */
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockOrganization } from '../../db/organization-cap.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { organizations, scimConfigs, scimEvents, scimTokens, users, workspaces } from '../../db/schema.js';

export interface ScimEvent {
  organizationId: string;
  kind: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'deleted' | 'refused';
  resourceType: 'User' | 'Group';
  resourceId?: string | null;
  resourceName?: string | null;
  method: string;
  status: number;
  reason?: string | null;
}

/** A SCIM event as the Provisioning screen and the dashboard show it. */
const eventColumns = {
  id: scimEvents.id,
  at: scimEvents.at,
  kind: scimEvents.kind,
  resourceType: scimEvents.resourceType,
  resourceName: scimEvents.resourceName,
  method: scimEvents.method,
  status: scimEvents.status,
  reason: scimEvents.reason,
};

/** The organization's tokens that still work at `now`: not revoked, not past a roll's grace. */
const live = (organizationId: string, now: Date) =>
  and(
    eq(scimTokens.organizationId, organizationId),
    isNull(scimTokens.revokedAt),
    or(isNull(scimTokens.expiresAt), gt(scimTokens.expiresAt, now)),
  );

export function createProvisioningRepository(root: Db) {
  return {
    async findToken(tokenHash: string, db: Db = root) {
      const [row] = await db
        .select({
          id: scimTokens.id,
          organizationId: scimTokens.organizationId,
          expiresAt: scimTokens.expiresAt,
          revokedAt: scimTokens.revokedAt,
          lastUsedAt: scimTokens.lastUsedAt,
          createdBy: scimTokens.createdBy,
          name: scimTokens.name,
          organizationDisabledAt: organizations.disabledAt,
        })
        .from(scimTokens)
        .innerJoin(organizations, eq(organizations.id, scimTokens.organizationId))
        .where(eq(scimTokens.tokenHash, tokenHash));
      return row;
    },

    async touchToken(id: string, now: Date, db: Db = root) {
      await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, id));
    },

    /** What provisioning gives a new user; the defaults when the organization saved none. */
    async config(organizationId: string, db: Db = root) {
      const [row] = await db.select().from(scimConfigs).where(eq(scimConfigs.organizationId, organizationId));
      return (
        row ?? { organizationId, defaultRole: 'viewer', defaultWorkspaceIds: [] as string[], sendInvitations: false, managesAdmins: false }
      );
    },

    async insertEvent(event: ScimEvent, db: Db = root) {
      await db.insert(scimEvents).values({ ...event, reason: event.reason?.slice(0, 500) ?? null });
    },

    /** The organization's tokens that still work at `now` (not revoked, not past a roll's grace), oldest first. */
    async liveTokens(organizationId: string, now: Date, db: Db = root) {
      return db
        .select({
          id: scimTokens.id,
          name: scimTokens.name,
          prefix: scimTokens.prefix,
          last4: scimTokens.last4,
          createdAt: scimTokens.createdAt,
          createdBy: users.displayName,
          lastUsedAt: scimTokens.lastUsedAt,
          expiresAt: scimTokens.expiresAt,
        })
        .from(scimTokens)
        .leftJoin(users, eq(users.id, scimTokens.createdBy))
        .where(live(organizationId, now))
        .orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
    },

    /** The name of a token that still works, its row held until the transaction ends (undefined: no such token). */
    async lockLiveTokenName(organizationId: string, id: string, now: Date, db: Db = root) {
      const [row] = await db
        .select({ name: scimTokens.name })
        .from(scimTokens)
        .where(and(eq(scimTokens.id, id), live(organizationId, now)))
        .for('update');
      return row?.name;
    },

    async renameToken(organizationId: string, id: string, name: string, db: Db = root) {
      await db
        .update(scimTokens)
        .set({ name })
        .where(and(eq(scimTokens.organizationId, organizationId), eq(scimTokens.id, id)));
    },

    /** Locks the organization's row: token creations of one organization happen one at a time (the cap holds). */
    async lockOrganization(organizationId: string, db: Db = root) {
      await lockOrganization(db, organizationId);
    },

    async insertToken(
      organizationId: string,
      token: { name: string; hash: string; prefix: string; last4: string },
      createdBy: string,
      now: Date,
      db: Db = root,
    ) {
      const [row] = await db
        .insert(scimTokens)
        .values({
          organizationId,
          name: token.name,
          tokenHash: token.hash,
          prefix: token.prefix,
          last4: token.last4,
          createdBy,
          createdAt: now,
        })
        .returning({ id: scimTokens.id });
      return row.id;
    },

    async expireToken(organizationId: string, id: string, at: Date, db: Db = root) {
      await db
        .update(scimTokens)
        .set({ expiresAt: at })
        .where(and(eq(scimTokens.organizationId, organizationId), eq(scimTokens.id, id)));
    },

    async revokeToken(organizationId: string, id: string, now: Date, db: Db = root) {
      await db
        .update(scimTokens)
        .set({ revokedAt: now })
        .where(and(eq(scimTokens.organizationId, organizationId), eq(scimTokens.id, id)));
    },

    /** Saves the settings given; the others keep their value (their default on the first save). */
    async saveConfig(
      organizationId: string,
      config: Partial<{ defaultRole: string; defaultWorkspaceIds: string[]; sendInvitations: boolean; managesAdmins: boolean }>,
      now: Date,
      db: Db = root,
    ) {
      await db
        .insert(scimConfigs)
        .values({ organizationId, ...config, updatedAt: now })
        .onConflictDoUpdate({ target: scimConfigs.organizationId, set: { ...config, updatedAt: now } });
    },

    async workspacesOf(organizationId: string, db: Db = root) {
      return db
        .select({ id: workspaces.id, name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.organizationId, organizationId))
        .orderBy(asc(workspaces.name));
    },

    /**
     * Whether the organization ever had a SCIM token (revoked and expired ones are kept, so one
     * made once counts) and when one was last used, in one read of its few tokens.
     */
    async tokenUse(organizationId: string, db: Db = root) {
      const [row] = await db
        .select({ tokens: sql<number>`count(*)::int`, lastUsedAt: sql<Date | null>`max(${scimTokens.lastUsedAt})` })
        .from(scimTokens)
        .where(eq(scimTokens.organizationId, organizationId));
      return { everHadToken: (row?.tokens ?? 0) > 0, lastCallAt: row?.lastUsedAt ? new Date(row.lastUsedAt) : null };
    },

    /** The organization's newest SCIM event: the first entry of scim_events_org_at_idx, read backwards. */
    async latestEvent(organizationId: string, db: Db = root) {
      const [row] = await db
        .select(eventColumns)
        .from(scimEvents)
        .where(eq(scimEvents.organizationId, organizationId))
        .orderBy(desc(scimEvents.at), desc(scimEvents.id))
        .limit(1);
      return row;
    },

    async listEvents(organizationId: string, page: { page: number; limit: number }, db: Db = root) {
      const where = eq(scimEvents.organizationId, organizationId);
      const rows = await db
        .select({ ...eventColumns, total: totalOver() })
        .from(scimEvents)
        .where(where)
        .orderBy(desc(scimEvents.at), desc(scimEvents.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => db.$count(scimEvents, where)) };
    },
  };
}

export type ProvisioningRepository = ReturnType<typeof createProvisioningRepository>;
