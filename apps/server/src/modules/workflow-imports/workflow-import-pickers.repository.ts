/**
 * The look-ups of the import screen's searchers (docs/product.md, "Workflow imports"):
 * source organizations, an organization's workspaces, a workspace's workflows and the
 * authors of a target organization, and the names of a source's things by id. A source may
 * be another environment's database: pass it as the executor (the last parameter).
 */
import { WORKFLOW_AUTHOR_ROLES } from '@console/contracts';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, foldedContains } from '../../db/like.js';
import { pageOffset, totalOver } from '../../db/paging.js';
import { organizations, users, workflows, workspaces } from '../../db/schema.js';
import { type Page, paged } from './paged.js';

const workspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  workspaceGroupName: workspaces.workspaceGroupName,
  private: workspaces.private,
};

const mayAuthor = (organizationId: string) =>
  and(eq(users.organizationId, organizationId), isNull(users.disabledAt), inArray(users.role, [...WORKFLOW_AUTHOR_ROLES]));

export function createWorkflowImportPickersRepository(root: Db) {
  return {
    /** Active organizations by name (without case), then id; only one when `organizationId` is given. */
    async sourceOrganizations(filter: { q?: string; organizationId?: string }, page: Page, db: Db = root) {
      const where = and(
        isNull(organizations.disabledAt),
        filter.q ? foldedContains(organizations.name, filter.q) : undefined,
        filter.organizationId ? eq(organizations.id, filter.organizationId) : undefined,
      );
      const rows = await db
        .select({ id: organizations.id, name: organizations.name, total: totalOver() })
        .from(organizations)
        .where(where)
        .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return paged(rows, page, () => db.$count(organizations, where));
    },

    async findOrganization(id: string, db: Db = root) {
      const [row] = await db
        .select({ id: organizations.id, name: organizations.name, disabledAt: organizations.disabledAt })
        .from(organizations)
        .where(eq(organizations.id, id));
      return row;
    },

    async organizationWorkspaces(organizationId: string, filter: { q?: string; private?: boolean }, page: Page, db: Db = root) {
      const where = and(
        eq(workspaces.organizationId, organizationId),
        filter.q ? ilike(workspaces.name, containsPattern(filter.q)) : undefined,
        filter.private === undefined ? undefined : eq(workspaces.private, filter.private),
      );
      const rows = await db
        .select({ ...workspaceColumns, total: totalOver() })
        .from(workspaces)
        .where(where)
        .orderBy(sql`lower(${workspaces.name})`, asc(workspaces.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return paged(rows, page, () => db.$count(workspaces, where));
    },

    /** The workspace, if it is one of the organization's. */
    async findWorkspace(organizationId: string, workspaceId: string, db: Db = root) {
      const [row] = await db
        .select(workspaceColumns)
        .from(workspaces)
        .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, organizationId)));
      return row;
    },

    async workspaceWorkflows(workspaceId: string, filter: { q?: string }, page: Page, db: Db = root) {
      const where = and(eq(workflows.workspaceId, workspaceId), filter.q ? ilike(workflows.title, containsPattern(filter.q)) : undefined);
      const rows = await db
        .select({
          id: workflows.id,
          title: workflows.title,
          stage: workflows.stage,
          hasSourceVideo: sql<boolean>`${workflows.sourceVideoKey} is not null`,
          stepsCount: sql<number>`(select count(*) from workflow_steps s where s.workflow_id = "workflows"."id")`.mapWith(Number),
          createdAt: workflows.createdAt,
          total: totalOver(),
        })
        .from(workflows)
        .where(where)
        .orderBy(sql`lower(${workflows.title})`, asc(workflows.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return paged(rows, page, () => db.$count(workflows, where));
    },

    /** Which of these ids are workflows of the workspace. */
    async workflowIdsInWorkspace(workspaceId: string, ids: string[], db: Db = root) {
      const rows = await db
        .select({ id: workflows.id })
        .from(workflows)
        .where(and(eq(workflows.workspaceId, workspaceId), inArray(workflows.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Enabled users of the organization who may author, by name. */
    async organizationAuthors(organizationId: string, filter: { q?: string }, page: Page, db: Db = root) {
      const pattern = filter.q ? containsPattern(filter.q) : undefined;
      const where = and(
        mayAuthor(organizationId),
        pattern ? or(ilike(users.displayName, pattern), ilike(users.email, pattern)) : undefined,
      );
      const rows = await db
        .select({ id: users.id, displayName: users.displayName, email: users.email, role: users.role, total: totalOver() })
        .from(users)
        .where(where)
        .orderBy(sql`lower(${users.displayName})`, asc(users.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return paged(rows, page, () => db.$count(users, where));
    },

    async findAuthor(organizationId: string, userId: string, db: Db = root) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), mayAuthor(organizationId)));
      return row;
    },

    /** Names by id (organizations of a source environment). */
    async organizationNames(ids: string[], db: Db = root) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async workspaceNames(ids: string[], db: Db = root) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(inArray(workspaces.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async workflowTitles(ids: string[], db: Db = root) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db.select({ id: workflows.id, title: workflows.title }).from(workflows).where(inArray(workflows.id, ids));
      return new Map(rows.map((r) => [r.id, r.title]));
    },
  };
}

export type WorkflowImportPickersRepository = ReturnType<typeof createWorkflowImportPickersRepository>;
