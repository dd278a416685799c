/** SQL of organization administration (creating organizations, client keys, managers). Every method takes an optional transaction. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { auditLog, organizationManagers, organizations, planTypes, users } from '../../db/schema.js';

const creator = alias(users, 'creator');
const inviter = alias(users, 'inviter');

export function createOrgAdminRepository(root: Db) {
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
    async planTypeByName(name: string, db: Db = root) {
      const [row] = await db.select({ id: planTypes.id }).from(planTypes).where(eq(planTypes.name, name));
      return row;
    },

    /** The user with this e-mail (compared without case), in any organization. */
    async userByEmail(email: string, db: Db = root) {
      const [row] = await db
        .select({
          id: users.id,
          organizationId: users.organizationId,
          role: users.role,
          locale: users.locale,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.email, email));
      return row;
    },

    async clientKeyTaken(key: string, db: Db = root) {
      return (await db.$count(organizations, eq(organizations.clientKey, key))) > 0;
    },

    async insertOrganization(
      values: { name: string; planTypeId: string; clientKey: string | null; locale: string; createdBy: string },
      db: Db,
    ) {
      const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
      return row;
    },

    async insertUser(
      values: {
        organizationId: string;
        email: string;
        displayName: string;
        passwordHash: string | null;
        locale: string | null;
        createdBy: string;
      },
      db: Db,
    ) {
      const [row] = await db
        .insert(users)
        .values({ ...values, role: 'org_admin', signInProvider: 'password' })
        .returning({ id: users.id });
      return row;
    },

    async makeOrgAdmin(userId: string, db: Db) {
      await db.update(users).set({ role: 'org_admin' }).where(eq(users.id, userId));
    },

    async insertManager(
      values: { organizationId: string; userId: string; displayName: string; email: string; locale: string; createdBy: string },
      db: Db,
    ) {
      const [row] = await db.insert(organizationManagers).values(values).onConflictDoNothing().returning({ id: organizationManagers.id });
      return row;
    },

    /** The organization's row, locked for the rest of the transaction (FOR SHARE: a disable waits, and is waited for). */
    async lockOrganization(id: string, mode: 'share' | 'update', db: Db) {
      const [row] = await db
        .select({
          id: organizations.id,
          clientKey: organizations.clientKey,
          disabledAt: organizations.disabledAt,
          locale: organizations.locale,
        })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for(mode);
      return row;
    },

    async organizationExists(id: string, db: Db = root) {
      return (await db.$count(organizations, eq(organizations.id, id))) > 0;
    },

    async setClientKey(id: string, key: string, db: Db) {
      await db.update(organizations).set({ clientKey: key }).where(eq(organizations.id, id));
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

    async audit(
      entry: { organizationId: string; actorUserId: string; action: string; targetType: string; targetId: string; details?: unknown },
      db: Db,
    ) {
      await db.insert(auditLog).values({ ...entry, details: entry.details ?? null });
    },
  };
  return repo;
}

export type OrgAdminRepository = ReturnType<typeof createOrgAdminRepository>;
export type ManagerRow = NonNullable<Awaited<ReturnType<OrgAdminRepository['manager']>>>;
