/** SQL of SCIM's Users: the organization's users as SCIM reads them, filters them and gives them workspaces. */
import { normalizeEmail } from '@console/contracts';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { totalOver } from '../../db/paging.js';
import { teams, users, userTeams, userWorkspaces, workspaces } from '../../db/schema.js';
import { profileColumns } from '../../db/user-profile.js';
import type { UserProfile } from '../users/users.service.js';
import { schemas } from './scim.protocol.js';
import { type FilterColumns, filterToSql } from './scim-filter.repository.js';

/** The manager of a user, joined for their display name. */
const managers = alias(users, 'managers');

const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  allowedRoleTypes: users.allowedRoleTypes,
  displayName: users.displayName,
  ...profileColumns,
  organizationName: users.organizationName,
  employeeId: users.employeeId,
  managerId: users.managerId,
  managerName: managers.displayName,
  externalId: users.scimExternalId,
  scimAttributes: users.scimAttributes,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
/** A user as SCIM reads them: the profile the users module keeps, with the provider's id as SCIM names it. */
export interface ScimUserRow extends Omit<UserProfile, 'scimExternalId'> {
  id: string;
  email: string | null;
  role: string;
  allowedRoleTypes: string[];
  managerName: string | null;
  externalId: string | null;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date | null;
}

const enterprise = (name: string) => `${schemas.enterpriseUser}:${name}`.toLowerCase();
const signInOrWork = sql`coalesce(${users.workEmail}, ${users.email})`;

/** What a filter on Users may name, and where it is stored. */
const userFilterColumns: FilterColumns = {
  id: { kind: 'id', column: users.id },
  // Addresses are stored normalized (normalizeEmail): `userName eq "ana@ACME.example."` finds `ana@acme.example`.
  username: { kind: 'text', column: sql`coalesce(${users.userName}, ${users.email})`, normalize: normalizeEmail },
  'emails.value': { kind: 'text', column: signInOrWork, normalize: normalizeEmail },
  emails: { kind: 'text', column: signInOrWork, normalize: normalizeEmail },
  externalid: { kind: 'text', column: users.scimExternalId, caseExact: true },
  displayname: { kind: 'text', column: users.displayName },
  'name.givenname': { kind: 'text', column: users.givenName },
  'name.familyname': { kind: 'text', column: users.familyName },
  'name.formatted': { kind: 'text', column: sql`coalesce(${users.formattedName}, ${users.displayName})` },
  title: { kind: 'text', column: users.title },
  'phonenumbers.value': { kind: 'text', column: users.phone },
  phonenumbers: { kind: 'text', column: users.phone },
  active: { kind: 'flag', isTrue: sql`${users.disabledAt} IS NULL`, isFalse: sql`${users.disabledAt} IS NOT NULL` },
  employeenumber: { kind: 'text', column: users.employeeId, caseExact: true },
  [enterprise('employeenumber')]: { kind: 'text', column: users.employeeId, caseExact: true },
  department: { kind: 'text', column: users.department },
  [enterprise('department')]: { kind: 'text', column: users.department },
  costcenter: { kind: 'text', column: users.costCenter },
  [enterprise('costcenter')]: { kind: 'text', column: users.costCenter },
  division: { kind: 'text', column: users.division },
  [enterprise('division')]: { kind: 'text', column: users.division },
  organization: { kind: 'text', column: users.organizationName },
  [enterprise('organization')]: { kind: 'text', column: users.organizationName },
  'manager.value': { kind: 'id', column: users.managerId },
  [enterprise('manager.value')]: { kind: 'id', column: users.managerId },
};

/** The users of the organization that SCIM has not deleted. */
export const liveUser = (organizationId: string) => and(eq(users.organizationId, organizationId), isNull(users.scimDeletedAt));

export function createScimUsersRepository(root: Db) {
  return {
    /** The condition of a client's SCIM filter on users, none without one (400 invalidFilter when it cannot apply). */
    matching: (filter: string | undefined) => (filter ? filterToSql(filter, userFilterColumns) : undefined),

    async listUsers(organizationId: string, where: SQL | undefined, page: { offset: number; limit: number }, db: Db = root) {
      const condition = and(liveUser(organizationId), where);
      if (page.limit === 0) return { rows: [], total: await db.$count(users, condition) };
      const rows = await db
        .select({ ...userColumns, total: totalOver() })
        .from(users)
        .leftJoin(managers, eq(managers.id, users.managerId))
        .where(condition)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      // Past the last page the window count is missing: count apart.
      const total = rows[0]?.total ?? (await db.$count(users, condition));
      return { rows: rows as ScimUserRow[], total: Number(total) };
    },

    /** A user of the organization that SCIM has not deleted; `lock` holds it for this transaction's change. */
    async findUser(organizationId: string, id: string, options: { lock?: boolean } = {}, db: Db = root) {
      const query = db
        .select(userColumns)
        .from(users)
        .leftJoin(managers, eq(managers.id, users.managerId))
        .where(and(liveUser(organizationId), eq(users.id, id)));
      const [row] = options.lock ? await query.for('update', { of: users }) : await query;
      return row as ScimUserRow | undefined;
    },

    /** Adds the user to those of the workspaces that are the organization's. */
    async addWorkspaces(organizationId: string, userId: string, workspaceIds: string[], db: Db = root) {
      if (workspaceIds.length === 0) return;
      await db
        .insert(userWorkspaces)
        .select(
          db
            .select({ userId: sql`${userId}::uuid`.as('user_id'), workspaceId: workspaces.id })
            .from(workspaces)
            .where(and(eq(workspaces.organizationId, organizationId), inArray(workspaces.id, workspaceIds))),
        )
        .onConflictDoNothing();
    },

    /** The teams of each user, for their `groups`. */
    async groupsOf(userIds: string[], db: Db = root) {
      if (userIds.length === 0) return new Map<string, { value: string; display: string }[]>();
      const rows = await db
        .select({ userId: userTeams.userId, value: teams.id, display: teams.name })
        .from(userTeams)
        .innerJoin(teams, eq(teams.id, userTeams.teamId))
        .where(inArray(userTeams.userId, userIds))
        .orderBy(asc(teams.name));
      const byUser = new Map<string, { value: string; display: string }[]>();
      for (const { userId, ...group } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), group]);
      return byUser;
    },
  };
}

export type ScimUsersRepository = ReturnType<typeof createScimUsersRepository>;
