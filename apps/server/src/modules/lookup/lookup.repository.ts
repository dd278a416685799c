/** SQL of the Super area's look-ups: short, indexed reads only. Every method takes an optional transaction. */
import { and, asc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { containsPattern, startsWithRange, typedKey } from '../../db/like.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import {
  organizations,
  planTypes,
  teams,
  userEmailLowerSql,
  userSearchKeySql,
  users,
  userTeams,
  userWorkspaces,
  workflows,
  workspaces,
} from '../../db/schema.js';
import { profileColumns } from '../../db/user-profile.js';
import { orderedWorkflowSteps } from '../../db/workflow-steps.js';

const creator = alias(users, 'creator');
/** The e-mail without case or accents in byte order, then without case: users_email_key_idx's keys. */
const emailKey = userSearchKeySql.email(users);
const emailLower = userEmailLowerSql(users);
const inviter = alias(users, 'inviter');
const manager = alias(users, 'manager');

const placeColumns = {
  organizationId: organizations.id,
  organizationName: organizations.name,
  organizationDisabledAt: organizations.disabledAt,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  workspacePrivate: workspaces.private,
};

/** Where a workflow is: its organization and workspace (the look-up and the search join both). */
const placeJoins = {
  organization: eq(organizations.id, workflows.organizationId),
  workspace: eq(workspaces.id, workflows.workspaceId),
};

/**
 * What a user belongs to through a link table (teams, workspaces), by name without case
 * then id, `limit` at most, each row with how many there are in all.
 */
function namedOfUser<F extends SelectedFields>(
  db: Db,
  userId: string,
  limit: number,
  of: { link: PgTable & { userId: PgColumn }; linkedId: PgColumn; target: PgTable & { id: PgColumn; name: PgColumn }; fields: F },
) {
  return db
    .select({ ...of.fields, total: totalOver() })
    .from(of.link)
    .innerJoin(of.target, eq(of.target.id, of.linkedId))
    .where(eq(of.link.userId, userId))
    .orderBy(sql`lower(${of.target.name})`, asc(of.target.id))
    .limit(limit);
}

export function createLookupRepository(root: Db) {
  const repo = {
    /**
     * One user by e-mail, with their profile and their manager's name: the column is citext,
     * so its unique index answers without case.
     */
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
          source: users.source,
          ...profileColumns,
          profileOrganization: users.organizationName,
          scimAttributes: users.scimAttributes,
          managerId: manager.id,
          managerName: manager.displayName,
          managerEmail: manager.email,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .leftJoin(planTypes, eq(planTypes.id, organizations.planTypeId))
        .leftJoin(creator, eq(creator.id, users.createdBy))
        .leftJoin(inviter, eq(inviter.id, users.invitedBy))
        // A manager is a user of the same organization; one elsewhere is not shown as theirs.
        .leftJoin(manager, and(eq(manager.id, users.managerId), eq(manager.organizationId, users.organizationId)))
        .where(eq(users.email, email));
      return row;
    },

    /**
     * Up to `limit` users of every organization whose e-mail starts with `start` without case or
     * accents, after the address `after`, by address folded then without case: a range of
     * users_email_key_idx, read no further than the page (addresses are unique without case, so
     * the address alone is the cursor, though two may fold alike).
     */
    usersByEmailStart: (start: string, page: { after?: string; limit: number }, db: Db = root) =>
      db
        .select({
          id: users.id,
          displayName: users.displayName,
          email: users.email,
          disabledAt: users.disabledAt,
          organizationId: organizations.id,
          organizationName: organizations.name,
          organizationDisabledAt: organizations.disabledAt,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(
          and(
            isNotNull(users.email),
            startsWithRange(emailKey, start),
            page.after === undefined
              ? undefined
              : sql`(${emailKey}, ${emailLower}) > (${typedKey(page.after)}, lower(${page.after}::text) COLLATE "C")`,
          ),
        )
        .orderBy(emailKey, emailLower)
        .limit(page.limit),

    /** The user's teams by name, `limit` at most, each row with how many there are in all. */
    userTeams: (userId: string, limit: number, db: Db = root) =>
      namedOfUser(db, userId, limit, {
        link: userTeams,
        linkedId: userTeams.teamId,
        target: teams,
        fields: { id: teams.id, name: teams.name },
      }),

    /** The user's workspaces by name, `limit` at most, each row with how many there are in all. */
    userWorkspaces: (userId: string, limit: number, db: Db = root) =>
      namedOfUser(db, userId, limit, {
        link: userWorkspaces,
        linkedId: userWorkspaces.workspaceId,
        target: workspaces,
        fields: { id: workspaces.id, name: workspaces.name, private: workspaces.private },
      }),

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
        .innerJoin(organizations, placeJoins.organization)
        .innerJoin(workspaces, placeJoins.workspace)
        .leftJoin(creator, eq(creator.id, workflows.authorId))
        .where(eq(workflows.id, id));
      return row;
    },

    /** The steps of a workflow in order (the one ordered steps query). */
    workflowSteps: (workflowId: string, db: Db = root) => orderedWorkflowSteps(db, workflowId),

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
        .innerJoin(organizations, placeJoins.organization)
        .innerJoin(workspaces, placeJoins.workspace)
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
