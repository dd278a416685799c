/**
 * SQL of the external API's reads and user changes, always scoped to one organization
 * and, for members below Organizational Admin, to the workspaces they belong to.
 */
import { and, asc, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { skills, userSkills, users, userWorkspaces, workflows, workspaces } from '../../db/schema.js';
import { orderedWorkflowSteps } from '../../db/workflow-steps.js';

export interface Page {
  page: number;
  limit: number;
}
/** Who reads: `memberOf` limits workspaces and workflows to that user's workspaces. */
export interface ReadScope {
  organizationId: string;
  memberOf?: string;
}

const workflowColumns = {
  id: workflows.id,
  title: workflows.title,
  description: workflows.description,
  stage: workflows.stage,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  authorId: users.id,
  authorName: users.displayName,
  durationSeconds: workflows.durationSeconds,
  createdAt: workflows.createdAt,
  updatedAt: workflows.updatedAt,
};

const userColumns = {
  id: users.id,
  email: users.email,
  employeeId: users.employeeId,
  displayName: users.displayName,
  role: users.role,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  invitedAt: users.invitedAt,
};

export function createExternalApiRepository(root: Db) {
  const inWorkspaceScope = (scope: ReadScope): SQL | undefined =>
    scope.memberOf
      ? exists(
          root
            .select({ one: sql`1` })
            .from(userWorkspaces)
            .where(and(eq(userWorkspaces.workspaceId, workspaces.id), eq(userWorkspaces.userId, scope.memberOf))),
        )
      : undefined;

  return {
    async listWorkflows(scope: ReadScope, page: Page & { q?: string; workspaceId?: string }, db: Db = root) {
      const where = and(
        eq(workflows.organizationId, scope.organizationId),
        inWorkspaceScope(scope),
        page.q ? ilike(workflows.title, containsPattern(page.q)) : undefined,
        page.workspaceId ? eq(workflows.workspaceId, page.workspaceId) : undefined,
      );
      const rows = await db
        .select({ ...workflowColumns, total: totalOver() })
        .from(workflows)
        .innerJoin(workspaces, eq(workspaces.id, workflows.workspaceId))
        .leftJoin(users, eq(users.id, workflows.authorId))
        .where(where)
        .orderBy(desc(workflows.updatedAt), desc(workflows.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      const total = await pageTotal(rows, page, () =>
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(workflows)
          .innerJoin(workspaces, eq(workspaces.id, workflows.workspaceId))
          .where(where)
          .then((r) => r[0].n),
      );
      return { rows, total };
    },

    async findWorkflow(scope: ReadScope, id: string, db: Db = root) {
      const [row] = await db
        .select(workflowColumns)
        .from(workflows)
        .innerJoin(workspaces, eq(workspaces.id, workflows.workspaceId))
        .leftJoin(users, eq(users.id, workflows.authorId))
        .where(and(eq(workflows.organizationId, scope.organizationId), eq(workflows.id, id), inWorkspaceScope(scope)));
      if (!row) return undefined;
      const steps = (await orderedWorkflowSteps(db, id)).map(({ id: _id, ...step }) => step);
      return { ...row, steps };
    },

    async listWorkspaces(scope: ReadScope, page: Page, db: Db = root) {
      const where = and(eq(workspaces.organizationId, scope.organizationId), inWorkspaceScope(scope));
      const rows = await db
        .select({
          id: workspaces.id,
          name: workspaces.name,
          workspaceGroupName: workspaces.workspaceGroupName,
          private: workspaces.private,
          total: totalOver(),
        })
        .from(workspaces)
        .where(where)
        .orderBy(asc(workspaces.name), asc(workspaces.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => db.$count(workspaces, where)) };
    },

    async listSkills(organizationId: string, page: Page, db: Db = root) {
      const where = eq(skills.organizationId, organizationId);
      const rows = await db
        .select({ id: skills.id, name: skills.name, description: skills.description, total: totalOver() })
        .from(skills)
        .where(where)
        .orderBy(asc(skills.name), asc(skills.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => db.$count(skills, where)) };
    },

    async listUserSkills(userId: string, page: Page, db: Db = root) {
      const where = eq(userSkills.userId, userId);
      const rows = await db
        .select({
          skillId: skills.id,
          skillName: skills.name,
          progress: userSkills.progress,
          assignedAt: userSkills.assignedAt,
          achievedAt: userSkills.achievedAt,
          total: totalOver(),
        })
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .where(where)
        .orderBy(asc(skills.name), asc(skills.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => db.$count(userSkills, where)) };
    },

    async listUsers(organizationId: string, page: Page & { q?: string }, db: Db = root) {
      const where = and(
        eq(users.organizationId, organizationId),
        page.q
          ? or(
              ilike(users.email, containsPattern(page.q)),
              ilike(users.displayName, containsPattern(page.q)),
              ilike(users.employeeId, containsPattern(page.q)),
            )
          : undefined,
      );
      const rows = await db
        .select({ ...userColumns, total: totalOver() })
        .from(users)
        .where(where)
        .orderBy(asc(users.displayName), asc(users.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => db.$count(users, where)) };
    },

    async findUser(organizationId: string, id: string, db: Db = root) {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
      return row;
    },
  };
}

export type ExternalApiRepository = ReturnType<typeof createExternalApiRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<ExternalApiRepository['findUser']>>>;
export type WorkflowRow = Awaited<ReturnType<ExternalApiRepository['listWorkflows']>>['rows'][number];
