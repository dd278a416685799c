/** SQL of organization settings: one row per organization and key. Every method takes an optional transaction. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, organizationSettings, organizations, users } from '../../db/schema.js';

export function createOrganizationSettingsRepository(root: Db) {
  return {
    /** The organization's name and whether it is disabled; undefined when there is none. */
    async organization(id: string, db: Db = root) {
      const [row] = await db
        .select({ id: organizations.id, disabledAt: organizations.disabledAt })
        .from(organizations)
        .where(eq(organizations.id, id));
      return row;
    },

    /** Holds the organization's row against disabling until the transaction ends (FOR SHARE). */
    async lockOrganization(id: string, db: Db) {
      const [row] = await db
        .select({ id: organizations.id, disabledAt: organizations.disabledAt })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for('share');
      return row;
    },

    /** Every stored setting of the organization (a few dozen rows at most), with who changed it. */
    async settings(organizationId: string, db: Db = root) {
      return db
        .select({
          key: organizationSettings.key,
          value: organizationSettings.value,
          updatedAt: organizationSettings.updatedAt,
          updatedById: organizationSettings.updatedBy,
          updatedByName: users.displayName,
        })
        .from(organizationSettings)
        .leftJoin(users, eq(users.id, organizationSettings.updatedBy))
        .where(eq(organizationSettings.organizationId, organizationId));
    },

    async upsert(entry: { organizationId: string; key: string; value: unknown; updatedAt: Date; updatedBy: string }, db: Db = root) {
      await db
        .insert(organizationSettings)
        .values(entry)
        .onConflictDoUpdate({
          target: [organizationSettings.organizationId, organizationSettings.key],
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at`, updatedBy: sql`excluded.updated_by` },
        });
    },

    async audit(entry: { organizationId: string; actorUserId: string; key: string; value: unknown }, db: Db = root) {
      await db.insert(auditLog).values({
        organizationId: entry.organizationId,
        actorUserId: entry.actorUserId,
        action: 'organization.setting',
        targetType: 'organization',
        targetId: entry.organizationId,
        details: { key: entry.key, value: entry.value },
      });
    },
  };
}

export type OrganizationSettingsRepository = ReturnType<typeof createOrganizationSettingsRepository>;
export type StoredSetting = Awaited<ReturnType<OrganizationSettingsRepository['settings']>>[number];
