/**
 * SQL of an organization's managers: the people staff make its Organizational Admins (users
 * with the org_admin role and a row in organization_managers), with their invitation state.
 * Every method takes an optional executor last.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { organizationManagers, organizations, users } from '../../db/schema.js';

const creator = alias(users, 'creator');
const inviter = alias(users, 'inviter');

export function createOrganizationManagersRepository(root: Db) {
  /** The manager columns, with the invitation state as of `now`. */
  const managerColumns = (now: Date) => {
    const pending = sql<boolean>`(${users.passwordHash} is null and exists (
      select 1 from user_tokens ut where ut.user_id = ${users.id} and ut.kind = 'invitation'
        and ut.used_at is null and ut.expires_at > ${now.toISOString()}::timestamptz))`;
    return {
      id: organizationManagers.id,
      organizationId: organizationManagers.organizationId,
      organizationName: organizations.name,
      userId: organizationManagers.userId,
      displayName: users.displayName,
      email: sql<string>`coalesce(${users.email}::text, ${organizationManagers.email}::text)`,
      locale: organizationManagers.locale,
      createdAt: organizationManagers.createdAt,
      createdBy: creator.displayName,
      disabledAt: users.disabledAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      pendingInvitation: pending,
      invitedAt: users.invitedAt,
      invitedBy: inviter.displayName,
    };
  };
  const managersFrom = (db: Db, now: Date) =>
    db
      .select({ ...managerColumns(now), total: totalOver() })
      .from(organizationManagers)
      .innerJoin(users, eq(users.id, organizationManagers.userId))
      .innerJoin(organizations, eq(organizations.id, organizationManagers.organizationId))
      .leftJoin(creator, eq(creator.id, organizationManagers.createdBy))
      .leftJoin(inviter, eq(inviter.id, users.invitedBy))
      .$dynamic();

  const repo = {
    /** The user with this e-mail (compared without case), in any organization. */
    async userByEmail(email: string, db: Db = root) {
      const [row] = await db
        .select({
          id: users.id,
          organizationId: users.organizationId,
          displayName: users.displayName,
          role: users.role,
          locale: users.locale,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.email, email));
      return row;
    },

    async insertManager(
      values: { organizationId: string; userId: string; displayName: string; email: string; locale: string; createdBy: string },
      db: Db = root,
    ) {
      const [row] = await db.insert(organizationManagers).values(values).onConflictDoNothing().returning({ id: organizationManagers.id });
      return row;
    },

    /** A page of the organization's managers, the most recently added first. */
    async managers(organizationId: string, page: { page: number; limit: number }, now: Date, db: Db = root) {
      const rows = await managersFrom(db, now)
        .where(eq(organizationManagers.organizationId, organizationId))
        .orderBy(desc(organizationManagers.createdAt), desc(organizationManagers.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => repo.managersCount(organizationId, db)) };
    },

    async managersCount(organizationId: string, db: Db = root) {
      return db.$count(organizationManagers, eq(organizationManagers.organizationId, organizationId));
    },

    async manager(id: string, now: Date, db: Db = root) {
      const [row] = await managersFrom(db, now).where(eq(organizationManagers.id, id));
      return row;
    },

    async managerOf(organizationId: string, userId: string, db: Db = root) {
      const [row] = await db
        .select({ id: organizationManagers.id })
        .from(organizationManagers)
        .where(and(eq(organizationManagers.organizationId, organizationId), eq(organizationManagers.userId, userId)));
      return row;
    },
  };
  return repo;
}

export type OrganizationManagersRepository = ReturnType<typeof createOrganizationManagersRepository>;
export type ManagerRow = NonNullable<Awaited<ReturnType<OrganizationManagersRepository['manager']>>>;
