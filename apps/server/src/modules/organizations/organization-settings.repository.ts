/**
 * SQL of organization settings (one row per organization and key) and of the import status
 * of an organization. Every method takes an optional executor last.
 */
import { IMPORT_STATUS_LATEST } from '@console/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizationSettings, organizations, userImports, users, workflowImportItems, workflowImports } from '../../db/schema.js';

export function createOrganizationSettingsRepository(root: Db) {
  return {
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

    /** Every organization, disabled ones too, with its stored value of one setting (null: never changed). */
    async valueOfEvery(key: string, db: Db = root) {
      return db
        .select({ organizationId: organizations.id, value: organizationSettings.value })
        .from(organizations)
        .leftJoin(organizationSettings, and(eq(organizationSettings.organizationId, organizations.id), eq(organizationSettings.key, key)))
        .orderBy(organizations.id);
    },

    /** Whether a switch of the organization is on (stored as true; never changed reads as off, as every switch's default is). */
    async isOn(organizationId: string, key: string, db: Db = root) {
      const [row] = await db
        .select({ value: organizationSettings.value })
        .from(organizationSettings)
        .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, key)));
      return row?.value === true;
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

    /** User imports (not removed) of the organization, counted by status. */
    async userImportCounts(organizationId: string, db: Db = root) {
      return db
        .select({ status: userImports.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(userImports)
        .where(and(eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt)))
        .groupBy(userImports.status);
    },

    /** The newest user imports (over user_imports_org_created_idx). */
    async latestUserImports(organizationId: string, db: Db = root) {
      return db
        .select({
          id: userImports.id,
          filename: userImports.filename,
          status: userImports.status,
          createdAt: userImports.createdAt,
          finishedAt: userImports.finishedAt,
          rowsTotal: userImports.rowsTotal,
          rowsWithErrors: userImports.rowsWithErrors,
        })
        .from(userImports)
        .where(and(eq(userImports.organizationId, organizationId), isNull(userImports.deletedAt)))
        .orderBy(desc(userImports.createdAt), desc(userImports.id))
        .limit(IMPORT_STATUS_LATEST);
    },

    /** The newest workflow imports into the organization, and how many there are. */
    async latestWorkflowImports(organizationId: string, db: Db = root) {
      const where = eq(workflowImports.targetOrganizationId, organizationId);
      const [rows, total] = await Promise.all([
        db
          .select({ id: workflowImports.id, createdAt: workflowImports.createdAt, finishedAt: workflowImports.finishedAt })
          .from(workflowImports)
          .where(where)
          .orderBy(desc(workflowImports.createdAt), desc(workflowImports.id))
          .limit(IMPORT_STATUS_LATEST),
        db.$count(workflowImports, where),
      ]);
      return { rows, total };
    },

    /** Items of these workflow imports counted by status (one grouped query over their index). */
    async workflowImportItemCounts(importIds: string[], db: Db = root) {
      if (importIds.length === 0) return [];
      return db
        .select({ importId: workflowImportItems.importId, status: workflowImportItems.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(workflowImportItems)
        .where(inArray(workflowImportItems.importId, importIds))
        .groupBy(workflowImportItems.importId, workflowImportItems.status);
    },
  };
}

export type OrganizationSettingsRepository = ReturnType<typeof createOrganizationSettingsRepository>;
export type StoredSetting = Awaited<ReturnType<OrganizationSettingsRepository['settings']>>[number];
