/**
 * The People screen's reads (docs/product.md, "People"): an organization's users by name, in
 * keyset pages, and one person with their manager, teams, workspaces, skills and where their
 * invitation stands (whose row a resend locks). It writes nothing; the users module's own writes
 * are in users.repository.ts. The
 * order, and the search's bounded steps, are in people-search.repository.ts.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { totalOver } from '../../db/paging.js';
import {
  skills,
  teams,
  userImportInvitations,
  userSkills,
  users,
  userTeams,
  userTokens,
  userWorkspaces,
  workspaces,
} from '../../db/schema.js';
import { profileColumns } from '../../db/user-profile.js';
import {
  anyOf,
  CANDIDATES_MAX,
  createPeopleSearch,
  email,
  family,
  given,
  type PeopleFilter,
  rowColumns,
  type SearchBounds,
  SHORT_SEARCH,
  sortName,
  WALK_ROWS,
  within,
} from './people-search.repository.js';

export { CANDIDATES_MAX, type PeopleFilter, type SearchBounds, WALK_ROWS } from './people-search.repository.js';

const manager = alias(users, 'manager');
/** A person's own columns, as a page's rows have them (without the sort key). */
const { sortName: _sortKey, ...personColumns } = rowColumns;

export function createPeopleRepository(root: Db, bounds: SearchBounds = { walkRows: WALK_ROWS, candidatesMax: CANDIDATES_MAX }) {
  const { walkAhead, rangesAndCandidates, walkToTheEnd } = createPeopleSearch(bounds);

  /** Every user in order, each tested by the search when there is one: the page's rows. */
  const walk = (organizationId: string, filter: PeopleFilter, db: Db) => {
    const where = [within(organizationId, filter)];
    if (filter.q) where.push(anyOf([sortName, given, family, email], filter.q));
    return db
      .select(rowColumns)
      .from(users)
      .where(and(...where))
      .orderBy(sortName, asc(users.id))
      .limit(filter.limit + 1);
  };

  /** The ids of a filtered page without a search: users_org_people_idx alone tests the filters, however few pass. */
  const filteredIds = async (organizationId: string, filter: PeopleFilter, db: Db) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(within(organizationId, filter))
        .orderBy(sortName, asc(users.id))
        .limit(filter.limit + 1)
    ).map((r) => r.id);

  /** The rows of these ids, in the page's order. */
  const rowsOf = async (organizationId: string, ids: string[], db: Db) =>
    ids.length === 0
      ? []
      : db
          .select(rowColumns)
          .from(users)
          .where(and(eq(users.organizationId, organizationId), inArray(users.id, ids)))
          .orderBy(sortName, asc(users.id));

  /** What a person belongs to by name without case, `limit` at most, each row with how many there are in all. */
  const belongings = {
    teams: { table: teams, link: userTeams, key: userTeams.teamId },
    workspaces: { table: workspaces, link: userWorkspaces, key: userWorkspaces.workspaceId },
    skills: { table: skills, link: userSkills, key: userSkills.skillId },
  };

  return {
    /** `limit` people of the organization after `after`, by name without case then id, and one more to tell whether a next page exists. */
    async page(organizationId: string, filter: PeopleFilter, db: Db = root) {
      const { q } = filter;
      if (!q)
        return filter.status || filter.source
          ? rowsOf(organizationId, await filteredIds(organizationId, filter, db), db)
          : walk(organizationId, filter, db);
      const search = { ...filter, q };
      // One or two letters mostly match many (the walk ahead answers); a longer text mostly
      // matches few (the range and the candidates do): the likelier step is tried first.
      const steps = [walkAhead, rangesAndCandidates];
      if (q.length > SHORT_SEARCH) steps.reverse();
      for (const run of steps) {
        const found = await run(organizationId, search, db);
        if (!found.emailsFew) return walk(organizationId, filter, db);
        if (found.done) return rowsOf(organizationId, found.ids, db);
      }
      return rowsOf(organizationId, (await walkToTheEnd(organizationId, search, db)).ids, db);
    },

    /** One person of the organization, with their manager's name (a manager of the same organization only). */
    async person(organizationId: string, id: string, db: Db = root) {
      const [row] = await db
        .select({
          ...personColumns,
          lastLoginAt: users.lastLoginAt,
          ...profileColumns,
          organization: users.organizationName,
          employeeNumber: users.employeeId,
          managerId: manager.id,
          managerName: manager.displayName,
        })
        .from(users)
        .leftJoin(manager, and(eq(manager.id, users.managerId), eq(manager.organizationId, users.organizationId)))
        .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
      return row;
    },

    /** The person's teams, workspaces or skills by name without case, `limit` at most, each row with how many there are in all. */
    belongings(kind: keyof typeof belongings, organizationId: string, userId: string, limit: number, db: Db = root) {
      const { table, link, key } = belongings[kind];
      return db
        .select({ id: table.id, name: table.name, total: totalOver() })
        .from(link)
        .innerJoin(table, eq(table.id, key))
        .where(and(eq(link.userId, userId), eq(table.organizationId, organizationId)))
        .orderBy(sql`lower(${table.name})`, asc(table.id))
        .limit(limit);
    },

    /**
     * What the console holds of a person's invitation: whether they have a password (and since
     * when), their latest invitation link, and whether an import's invitation of theirs is
     * still queued. Undefined for no person of the organization. `lock`: the person's row is
     * held until the caller's transaction ends.
     */
    async invitationFacts(organizationId: string, userId: string, db: Db = root, opts: { lock?: boolean } = {}) {
      const facts = db
        .select({
          displayName: users.displayName,
          email: users.email,
          role: users.role,
          allowedRoleTypes: users.allowedRoleTypes,
          deactivated: sql<boolean>`(${users.disabledAt} IS NOT NULL OR ${users.scimDeletedAt} IS NOT NULL)`,
          hasPassword: sql<boolean>`(${users.passwordHash} IS NOT NULL)`,
          passwordSetAt: users.passwordSetAt,
          queued: sql<boolean>`EXISTS (SELECT 1 FROM ${userImportInvitations} i
            WHERE i.user_id = ${users.id} AND i.status IN ('pending', 'sending'))`,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)));
      const [person] = await (opts.lock ? facts.for('update', { of: users }) : facts);
      if (!person) return undefined;
      const [latest] = await db
        .select({
          createdAt: userTokens.createdAt,
          sentAt: userTokens.sentAt,
          sendError: userTokens.sendError,
          expiresAt: userTokens.expiresAt,
          usedAt: userTokens.usedAt,
        })
        .from(userTokens)
        .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'invitation')))
        .orderBy(desc(userTokens.createdAt), desc(userTokens.id))
        .limit(1);
      return { ...person, latest };
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
