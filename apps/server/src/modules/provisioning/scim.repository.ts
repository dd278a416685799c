/** SQL of the SCIM service: tokens, users and teams of one organization, events. */
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { pageOffset, totalOver } from '../../db/paging.js';
import {
  organizations,
  scimConfigs,
  scimEvents,
  scimTokens,
  teams,
  users,
  userTeams,
  userWorkspaces,
  workspaces,
} from '../../db/schema.js';
import type { FilterColumns } from './scim.filter.js';
import { schemas } from './scim.protocol.js';

/** The manager of a user, joined for their display name. */
const managers = alias(users, 'managers');

const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  allowedRoleTypes: users.allowedRoleTypes,
  displayName: users.displayName,
  givenName: users.givenName,
  familyName: users.familyName,
  formattedName: users.formattedName,
  userName: users.userName,
  workEmail: users.workEmail,
  title: users.title,
  phone: users.phone,
  department: users.department,
  costCenter: users.costCenter,
  division: users.division,
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
export interface ScimUserRow {
  id: string;
  email: string | null;
  role: string;
  allowedRoleTypes: string[];
  displayName: string;
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  userName: string | null;
  workEmail: string | null;
  title: string | null;
  phone: string | null;
  department: string | null;
  costCenter: string | null;
  division: string | null;
  organizationName: string | null;
  employeeId: string | null;
  managerId: string | null;
  managerName: string | null;
  externalId: string | null;
  scimAttributes: Record<string, unknown> | null;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date | null;
}

const teamColumns = { id: teams.id, name: teams.name, externalId: teams.scimExternalId, createdAt: teams.createdAt };
export type ScimTeamRow = { id: string; name: string; externalId: string | null; createdAt: Date };

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

const enterprise = (name: string) => `${schemas.enterpriseUser}:${name}`.toLowerCase();
const signInOrWork = sql`coalesce(${users.workEmail}, ${users.email})`;

/** What a filter on Users may name, and where it is stored. */
export const userFilterColumns: FilterColumns = {
  id: { kind: 'id', column: users.id },
  username: { kind: 'text', column: sql`coalesce(${users.userName}, ${users.email})` },
  'emails.value': { kind: 'text', column: signInOrWork },
  emails: { kind: 'text', column: signInOrWork },
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

export const groupFilterColumns: FilterColumns = {
  id: { kind: 'id', column: teams.id },
  displayname: { kind: 'text', column: teams.name },
  externalid: { kind: 'text', column: teams.scimExternalId, caseExact: true },
};

const liveUser = (organizationId: string) => and(eq(users.organizationId, organizationId), isNull(users.scimDeletedAt));

export function createScimRepository(root: Db) {
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

    async listTeams(organizationId: string, where: SQL | undefined, page: { offset: number; limit: number }, db: Db = root) {
      const condition = and(eq(teams.organizationId, organizationId), where);
      if (page.limit === 0) return { rows: [], total: await db.$count(teams, condition) };
      const rows = await db
        .select({ ...teamColumns, total: totalOver() })
        .from(teams)
        .where(condition)
        .orderBy(asc(teams.createdAt), asc(teams.id))
        .limit(page.limit)
        .offset(page.offset);
      const total = rows[0]?.total ?? (await db.$count(teams, condition));
      return { rows: rows as ScimTeamRow[], total: Number(total) };
    },

    async findTeam(organizationId: string, id: string, options: { lock?: boolean } = {}, db: Db = root) {
      const query = db
        .select(teamColumns)
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, id)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row as ScimTeamRow | undefined;
    },

    async insertTeam(organizationId: string, fields: { name: string; externalId: string | null }, db: Db = root) {
      const [row] = await db
        .insert(teams)
        .values({ organizationId, name: fields.name, scimExternalId: fields.externalId })
        .returning({ id: teams.id });
      return row.id;
    },

    async updateTeam(organizationId: string, id: string, fields: { name: string; externalId: string | null }, db: Db = root) {
      await db
        .update(teams)
        .set({ name: fields.name, scimExternalId: fields.externalId })
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, id)));
    },

    async deleteTeam(organizationId: string, id: string, db: Db = root) {
      await db.delete(teams).where(and(eq(teams.organizationId, organizationId), eq(teams.id, id)));
    },

    async membersOf(teamIds: string[], db: Db = root) {
      if (teamIds.length === 0) return new Map<string, { value: string; display: string }[]>();
      const rows = await db
        .select({ teamId: userTeams.teamId, value: users.id, display: users.displayName })
        .from(userTeams)
        .innerJoin(users, eq(users.id, userTeams.userId))
        .where(and(inArray(userTeams.teamId, teamIds), isNull(users.scimDeletedAt)))
        .orderBy(asc(users.displayName), asc(users.id));
      const byTeam = new Map<string, { value: string; display: string }[]>();
      for (const { teamId, ...member } of rows) byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), member]);
      return byTeam;
    },

    /** Sets the team's members to exactly these users of the organization; ids of no such user are left out. */
    async setMembers(organizationId: string, teamId: string, userIds: string[], db: Db = root) {
      await db.delete(userTeams).where(eq(userTeams.teamId, teamId));
      if (userIds.length === 0) return;
      await db
        .insert(userTeams)
        .select(
          db
            .select({ userId: users.id, teamId: sql`${teamId}::uuid`.as('team_id') })
            .from(users)
            .where(and(liveUser(organizationId), inArray(users.id, userIds))),
        )
        .onConflictDoNothing();
    },

    async insertEvent(event: ScimEvent, db: Db = root) {
      await db.insert(scimEvents).values({ ...event, reason: event.reason?.slice(0, 500) ?? null });
    },

    // The Provisioning screen (provisioning.service.ts).

    /** The organization's tokens that still work at `now` (not revoked, not past a roll's grace), oldest first. */
    async liveTokens(organizationId: string, now: Date, db: Db = root) {
      return db
        .select({
          id: scimTokens.id,
          prefix: scimTokens.prefix,
          last4: scimTokens.last4,
          createdAt: scimTokens.createdAt,
          createdBy: users.displayName,
          lastUsedAt: scimTokens.lastUsedAt,
          expiresAt: scimTokens.expiresAt,
        })
        .from(scimTokens)
        .leftJoin(users, eq(users.id, scimTokens.createdBy))
        .where(
          and(
            eq(scimTokens.organizationId, organizationId),
            isNull(scimTokens.revokedAt),
            or(isNull(scimTokens.expiresAt), gt(scimTokens.expiresAt, now)),
          ),
        )
        .orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
    },

    /** Locks the organization's row: token creations of one organization happen one at a time (the cap holds). */
    async lockOrganization(organizationId: string, db: Db = root) {
      await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    },

    async insertToken(
      organizationId: string,
      token: { hash: string; prefix: string; last4: string },
      createdBy: string,
      now: Date,
      db: Db = root,
    ) {
      const [row] = await db
        .insert(scimTokens)
        .values({ organizationId, tokenHash: token.hash, prefix: token.prefix, last4: token.last4, createdBy, createdAt: now })
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

    async lastCallAt(organizationId: string, db: Db = root) {
      const [row] = await db
        .select({ at: sql<Date | null>`max(${scimTokens.lastUsedAt})` })
        .from(scimTokens)
        .where(eq(scimTokens.organizationId, organizationId));
      return row?.at ? new Date(row.at) : null;
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

    async listEvents(organizationId: string, page: { page: number; limit: number }, db: Db = root) {
      const where = eq(scimEvents.organizationId, organizationId);
      const rows = await db
        .select({
          id: scimEvents.id,
          at: scimEvents.at,
          kind: scimEvents.kind,
          resourceType: scimEvents.resourceType,
          resourceName: scimEvents.resourceName,
          method: scimEvents.method,
          status: scimEvents.status,
          reason: scimEvents.reason,
          total: totalOver(),
        })
        .from(scimEvents)
        .where(where)
        .orderBy(desc(scimEvents.at), desc(scimEvents.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      const total = rows[0]?.total ?? (await db.$count(scimEvents, where));
      return { rows, total: Number(total) };
    },
  };
}

export type ScimRepository = ReturnType<typeof createScimRepository>;
