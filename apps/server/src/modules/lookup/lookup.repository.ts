/** SQL of the Super area's look-ups: short, indexed reads only. Every method takes an optional transaction. */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import {
  organizations,
  planTypes,
  teams,
  users,
  userTeams,
  userWorkspaces,
  workflowSteps,
  workflows,
  workspaces,
} from '../../db/schema.js';

const creator = alias(users, 'creator');
const inviter = alias(users, 'inviter');

const placeColumns = {
  organizationId: organizations.id,
  organizationName: organizations.name,
  organizationDisabledAt: organizations.disabledAt,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  workspacePrivate: workspaces.private,
};

export function createLookupRepository(root: Db) {
  const repo = {
    /** One user by e-mail: the column is citext, so its unique index answers without case. */
    async userByEmail(email: string, db: Db = root) {
      const [row] = await db
        .select({
          id: users.id,
          displayName: users.displayName,
          email: users.email,
          employeeId: users.employeeId,
          role: users.role,
          allowedRoleTypes: users.allowedRoleTypes,
          signInProvider: users.signInProvider,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
          lastLoginAt: users.lastLoginAt,
          invitedAt: users.invitedAt,
          organizationId: organizations.id,
          organizationName: organizations.name,
          clientKey: organizations.clientKey,
          planType: planTypes.name,
          organizationIsStaff: organizations.isStaff,
          organizationDisabledAt: organizations.disabledAt,
          createdById: creator.id,
          createdByName: creator.displayName,
          createdByEmail: creator.email,
          invitedById: inviter.id,
          invitedByName: inviter.displayName,
          invitedByEmail: inviter.email,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .leftJoin(planTypes, eq(planTypes.id, organizations.planTypeId))
        .leftJoin(creator, eq(creator.id, users.createdBy))
        .leftJoin(inviter, eq(inviter.id, users.invitedBy))
        .where(eq(users.email, email));
      return row;
    },

    /** The user's teams by name, `limit` at most, each row with how many there are in all. */
    async userTeams(userId: string, limit: number, db: Db = root) {
      return db
        .select({ id: teams.id, name: teams.name, total: totalOver() })
        .from(userTeams)
        .innerJoin(teams, eq(teams.id, userTeams.teamId))
        .where(eq(userTeams.userId, userId))
        .orderBy(sql`lower(${teams.name})`, asc(teams.id))
        .limit(limit);
    },

    /** The user's workspaces by name, `limit` at most, each row with how many there are in all. */
    async userWorkspaces(userId: string, limit: number, db: Db = root) {
      return db
        .select({ id: workspaces.id, name: workspaces.name, private: workspaces.private, total: totalOver() })
        .from(userWorkspaces)
        .innerJoin(workspaces, eq(workspaces.id, userWorkspaces.workspaceId))
        .where(eq(userWorkspaces.userId, userId))
        .orderBy(sql`lower(${workspaces.name})`, asc(workspaces.id))
        .limit(limit);
    },

    async workflowById(id: string, db: Db = root) {
      const [row] = await db
        .select({
          id: workflows.id,
          title: workflows.title,
          description: workflows.description,
          stage: workflows.stage,
          sourceVideoKey: workflows.sourceVideoKey,
          durationSeconds: workflows.durationSeconds,
          importedFromId: workflows.importedFromId,
          createdAt: workflows.createdAt,
          updatedAt: workflows.updatedAt,
          ...placeColumns,
          clientKey: organizations.clientKey,
          workspaceGroupName: workspaces.workspaceGroupName,
          authorId: creator.id,
          authorName: creator.displayName,
          authorEmail: creator.email,
        })
        .from(workflows)
        .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
        .innerJoin(workspaces, eq(workspaces.id, workflows.workspaceId))
        .leftJoin(creator, eq(creator.id, workflows.authorId))
        .where(eq(workflows.id, id));
      return row;
    },

    /** The steps of a workflow in order (its unique index on workflow and position). */
    async workflowSteps(workflowId: string, db: Db = root) {
      return db
        .select({
          id: workflowSteps.id,
          position: workflowSteps.position,
          title: workflowSteps.title,
          text: workflowSteps.text,
          startMs: workflowSteps.startMs,
          endMs: workflowSteps.endMs,
        })
        .from(workflowSteps)
        .where(eq(workflowSteps.workflowId, workflowId))
        .orderBy(asc(workflowSteps.position));
    },

    /** Only what the video link needs. */
    async workflowVideo(id: string, db: Db = root) {
      const [row] = await db
        .select({ id: workflows.id, sourceVideoKey: workflows.sourceVideoKey })
        .from(workflows)
        .where(eq(workflows.id, id));
      return row;
    },

    /**
     * A page of the workflows of every organization whose title contains `q` without case
     * (workflows_title_trgm_idx serves the ILIKE), by title, then id, so pages never overlap.
     */
    async searchWorkflows(q: string, page: { page: number; limit: number }, db: Db = root) {
      const where = ilike(workflows.title, containsPattern(q));
      const rows = await db
        .select({
          id: workflows.id,
          title: workflows.title,
          stage: workflows.stage,
          createdAt: workflows.createdAt,
          ...placeColumns,
          total: totalOver(),
        })
        .from(workflows)
        .innerJoin(organizations, eq(organizations.id, workflows.organizationId))
        .innerJoin(workspaces, eq(workspaces.id, workflows.workspaceId))
        .where(where)
        .orderBy(sql`lower(${workflows.title})`, asc(workflows.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => db.$count(workflows, and(where))) };
    },
  };
  return repo;
}

export type LookupRepository = ReturnType<typeof createLookupRepository>;
export type WorkflowRow = NonNullable<Awaited<ReturnType<LookupRepository['workflowById']>>>;
export type WorkflowSearchRow = Awaited<ReturnType<LookupRepository['searchWorkflows']>>['rows'][number];
