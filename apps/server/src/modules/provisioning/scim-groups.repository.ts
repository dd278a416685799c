/** SQL of SCIM's Groups: the organization's teams and their members. */
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { totalOver } from '../../db/paging.js';
import { teams, users, userTeams } from '../../db/schema.js';
import { type FilterColumns, filterToSql } from './scim-filter.repository.js';
import { liveUser } from './scim-users.repository.js';

const teamColumns = { id: teams.id, name: teams.name, externalId: teams.scimExternalId, createdAt: teams.createdAt };
export type ScimTeamRow = { id: string; name: string; externalId: string | null; createdAt: Date };

const groupFilterColumns: FilterColumns = {
  id: { kind: 'id', column: teams.id },
  displayname: { kind: 'text', column: teams.name },
  externalid: { kind: 'text', column: teams.scimExternalId, caseExact: true },
};

export function createScimGroupsRepository(root: Db) {
  return {
    /** The condition of a client's SCIM filter on teams, none without one (400 invalidFilter when it cannot apply). */
    matching: (filter: string | undefined) => (filter ? filterToSql(filter, groupFilterColumns) : undefined),

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
  };
}

export type ScimGroupsRepository = ReturnType<typeof createScimGroupsRepository>;
