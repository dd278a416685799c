/**
 * The records of workflow imports: an import and its items as scheduled, their views with
 * names and counts, and the import's state as a whole (what it copies where, finished or
 * not). The state of single items as the job moves them is workflow-import-items.repository.ts.
 */
import { DEFAULT_SOURCE_ENV, type WorkflowImportCounts, type WorkflowImportItemStatus } from '@console/contracts';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { pageOffset, totalOver } from '../../db/paging.js';
import { organizations, users, workflowImportItems, workflowImports, workflows, workspaces } from '../../db/schema.js';
import { type Page, paged } from './paged.js';

const sourceOrg = alias(organizations, 'source_org');
const sourceWs = alias(workspaces, 'source_ws');
const targetWs = alias(workspaces, 'target_ws');
const author = alias(users, 'author');
const creator = alias(users, 'creator');

const importColumns = {
  id: workflowImports.id,
  sourceEnv: workflowImports.sourceEnv,
  sourceOrganizationId: workflowImports.sourceOrganizationId,
  sourceOrganizationName: sourceOrg.name,
  sourceWorkspaceId: workflowImports.sourceWorkspaceId,
  sourceWorkspaceName: sourceWs.name,
  targetOrganizationId: workflowImports.targetOrganizationId,
  targetWorkspaceId: workflowImports.targetWorkspaceId,
  targetWorkspaceName: targetWs.name,
  targetAuthorId: workflowImports.targetAuthorId,
  targetAuthorName: author.displayName,
  createdBy: creator.displayName,
  createdAt: workflowImports.createdAt,
  finishedAt: workflowImports.finishedAt,
};

function importsSelect(db: Db, extra: Record<string, SQL.Aliased<number> | SQL<number>> = {}) {
  return (
    db
      .select({ ...importColumns, ...extra })
      .from(workflowImports)
      // Names of a source in another environment are read there (the service fills them in).
      .leftJoin(sourceOrg, and(eq(sourceOrg.id, workflowImports.sourceOrganizationId), eq(workflowImports.sourceEnv, DEFAULT_SOURCE_ENV)))
      .leftJoin(sourceWs, and(eq(sourceWs.id, workflowImports.sourceWorkspaceId), eq(workflowImports.sourceEnv, DEFAULT_SOURCE_ENV)))
      .innerJoin(targetWs, eq(targetWs.id, workflowImports.targetWorkspaceId))
      .innerJoin(author, eq(author.id, workflowImports.targetAuthorId))
      .leftJoin(creator, eq(creator.id, workflowImports.createdBy))
  );
}

async function findImport(db: Db, importId: string) {
  const [row] = await importsSelect(db).where(eq(workflowImports.id, importId));
  return row;
}

export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export function createWorkflowImportsRepository(root: Db) {
  return {
    /** The import and one item per workflow, all scheduled. */
    async createImport(values: typeof workflowImports.$inferInsert, workflowIds: string[], db: Db = root) {
      const [row] = await db.insert(workflowImports).values(values).returning({ id: workflowImports.id });
      await db.insert(workflowImportItems).values(workflowIds.map((sourceWorkflowId) => ({ importId: row.id, sourceWorkflowId })));
      return row.id;
    },

    /** The organization's row, locked against a concurrent disabling until the transaction ends. */
    async lockOrganizationForShare(id: string, db: Db = root) {
      const [row] = await db
        .select({ id: organizations.id, disabledAt: organizations.disabledAt })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for('share');
      return row;
    },

    findImport: (importId: string, db: Db = root) => findImport(db, importId),

    /** The organization's imports, newest first. */
    async organizationImports(organizationId: string, page: Page, db: Db = root) {
      const where = eq(workflowImports.targetOrganizationId, organizationId);
      const rows = await importsSelect(db, { total: totalOver() })
        .where(where)
        .orderBy(desc(workflowImports.createdAt), desc(workflowImports.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return paged(rows as ((typeof rows)[number] & { total: number })[], page, () => db.$count(workflowImports, where));
    },

    /** Item counts of these imports: one grouped query over the items' import index. */
    async importCounts(importIds: string[], db: Db = root): Promise<Map<string, WorkflowImportCounts>> {
      const counts = new Map<string, WorkflowImportCounts>();
      if (importIds.length === 0) return counts;
      const n = (status: string) => sql<number>`count(*) filter (where ${workflowImportItems.status} = ${status})`.mapWith(Number);
      const rows = await db
        .select({
          importId: workflowImportItems.importId,
          total: sql<number>`count(*)`.mapWith(Number),
          scheduled: n('scheduled'),
          pending: n('pending'),
          completed: n('completed'),
          failed: n('failed'),
        })
        .from(workflowImportItems)
        .where(inArray(workflowImportItems.importId, importIds))
        .groupBy(workflowImportItems.importId);
      for (const { importId, ...r } of rows) counts.set(importId, { ...r, remaining: r.scheduled + r.pending });
      return counts;
    },

    /** The import's items; titles are joined from this database (`withTitles`: the source is here). */
    importItems(importId: string, withTitles = true, db: Db = root) {
      return db
        .select({
          sourceWorkflowId: workflowImportItems.sourceWorkflowId,
          title: workflows.title,
          status: sql<WorkflowImportItemStatus>`${workflowImportItems.status}`,
          workflowId: workflowImportItems.targetWorkflowId,
          failedReason: workflowImportItems.failedReason,
          attempts: workflowImportItems.attempts,
        })
        .from(workflowImportItems)
        .leftJoin(workflows, and(eq(workflows.id, workflowImportItems.sourceWorkflowId), sql`${withTitles}`))
        .where(eq(workflowImportItems.importId, importId))
        .orderBy(sql`lower(${workflows.title}) nulls last`, asc(workflowImportItems.id));
    },

    /** Unfinished imports (a stopped process may have left them). */
    async unfinishedImportIds(db: Db = root) {
      const rows = await db.select({ id: workflowImports.id }).from(workflowImports).where(isNull(workflowImports.finishedAt));
      return rows.map((r) => r.id);
    },

    /** What the import copies from where to where, and whether it is finished. */
    async importTarget(importId: string, db: Db = root) {
      const [row] = await db
        .select({
          sourceEnv: workflowImports.sourceEnv,
          sourceWorkspaceId: workflowImports.sourceWorkspaceId,
          targetOrganizationId: workflowImports.targetOrganizationId,
          targetWorkspaceId: workflowImports.targetWorkspaceId,
          targetAuthorId: workflowImports.targetAuthorId,
          /** The import's name in its events, as its scheduling named it. */
          targetWorkspaceName: workspaces.name,
          finishedAt: workflowImports.finishedAt,
        })
        .from(workflowImports)
        .leftJoin(workspaces, eq(workspaces.id, workflowImports.targetWorkspaceId))
        .where(eq(workflowImports.id, importId));
      return row;
    },

    /** Marks the import finished when no item is left to do; answers whether it is finished. */
    async finishIfDone(importId: string, db: Db = root): Promise<boolean> {
      const rows = await db
        .update(workflowImports)
        .set({ finishedAt: sql`now()` })
        .where(
          and(
            eq(workflowImports.id, importId),
            isNull(workflowImports.finishedAt),
            sql`not exists (select 1 from ${workflowImportItems} where ${workflowImportItems.importId} = ${importId}::uuid and ${workflowImportItems.status} in ('scheduled', 'pending'))`,
          ),
        )
        .returning({ finishedAt: workflowImports.finishedAt });
      return rows.length > 0;
    },
  };
}

export type WorkflowImportsRepository = ReturnType<typeof createWorkflowImportsRepository>;
