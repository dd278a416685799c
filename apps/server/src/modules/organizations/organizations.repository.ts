/**
 * SQL of the Super area's organizations: the rows themselves, their counts, plan types and
 * the disabling of their users. The managers and settings parts of the module read and lock
 * an organization through it too. Every method takes an optional executor last.
 */
import { apiRoles } from '@console/contracts';
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foldedContains } from '../../db/like.js';
import { pageOffset, pageTotal, totalOver } from '../../db/paging.js';
import { integrations as accessKeys, organizations, planTypes, sessions, users, workspaces } from '../../db/schema.js';

const orgColumns = {
  id: organizations.id,
  name: organizations.name,
  planType: planTypes.name,
  defaultGroup: organizations.defaultGroup,
  clientKey: organizations.clientKey,
  isStaff: organizations.isStaff,
  disabledAt: organizations.disabledAt,
  createdAt: organizations.createdAt,
  locale: organizations.locale,
  platformAppUrl: organizations.platformAppUrl,
};

export interface OrganizationFilter {
  /** Part of the name, compared without case or accents (the folded name's trigram index serves it). */
  q?: string;
  includeDisabled: boolean;
}

export interface UserCounts {
  regularUsersCount: number;
  adminsCount: number;
}

const isAdmin = sql`${users.role} = 'org_admin'`;

export function createOrganizationsRepository(root: Db) {
  const where = (filter: OrganizationFilter): SQL | undefined =>
    and(
      filter.q ? foldedContains(organizations.name, filter.q) : undefined,
      filter.includeDisabled ? undefined : isNull(organizations.disabledAt),
    );

  const repo = {
    /** A page by name (without case), then id, so pages never overlap. */
    async list(filter: OrganizationFilter, page: { page: number; limit: number }, db: Db = root) {
      const rows = await db
        .select({ ...orgColumns, total: totalOver() })
        .from(organizations)
        .leftJoin(planTypes, eq(planTypes.id, organizations.planTypeId))
        .where(where(filter))
        .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))
        .limit(page.limit)
        .offset(pageOffset(page));
      return { rows, total: await pageTotal(rows, page, () => repo.count(filter, db)) };
    },

    async count(filter: OrganizationFilter, db: Db = root) {
      return db.$count(organizations, where(filter));
    },

    async findById(id: string, db: Db = root) {
      const [row] = await db
        .select(orgColumns)
        .from(organizations)
        .leftJoin(planTypes, eq(planTypes.id, organizations.planTypeId))
        .where(eq(organizations.id, id));
      return row;
    },

    /** Enabled users of each organization, admins and the others apart: one grouped query over users_org_idx. */
    async userCounts(organizationIds: string[], db: Db = root): Promise<Map<string, UserCounts>> {
      const counts = new Map<string, UserCounts>();
      if (organizationIds.length === 0) return counts;
      const rows = await db
        .select({
          organizationId: users.organizationId,
          admins: sql<number>`count(*) filter (where ${isAdmin})`.mapWith(Number),
          regular: sql<number>`count(*) filter (where not (${isAdmin}))`.mapWith(Number),
        })
        .from(users)
        .where(and(inArray(users.organizationId, organizationIds), isNull(users.disabledAt)))
        .groupBy(users.organizationId);
      for (const r of rows) counts.set(r.organizationId, { adminsCount: r.admins, regularUsersCount: r.regular });
      return counts;
    },

    async workspacesCount(organizationId: string, db: Db = root) {
      return db.$count(workspaces, eq(workspaces.organizationId, organizationId));
    },

    /** Organizational Admins, disabled ones too, by name. */
    async admins(organizationId: string, limit: number, db: Db = root) {
      return db
        .select({ id: users.id, displayName: users.displayName, email: users.email, disabledAt: users.disabledAt })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.role, 'org_admin')))
        .orderBy(sql`lower(${users.displayName})`, asc(users.id))
        .limit(limit);
    },

    /** Every Organizational Admin, disabled ones too. */
    async adminsCount(organizationId: string, db: Db = root) {
      return db.$count(users, and(eq(users.organizationId, organizationId), eq(users.role, 'org_admin')));
    },

    async planTypes(db: Db = root) {
      return db.select({ id: planTypes.id, name: planTypes.name }).from(planTypes).orderBy(asc(planTypes.name));
    },

    async planTypeByName(name: string, db: Db = root) {
      const [row] = await db.select({ id: planTypes.id }).from(planTypes).where(eq(planTypes.name, name));
      return row;
    },

    async exists(id: string, db: Db = root) {
      return (await db.$count(organizations, eq(organizations.id, id))) > 0;
    },

    /**
     * The organization's row, locked for the rest of the transaction: FOR UPDATE where it
     * changes (concurrent changes wait), FOR SHARE where something is added to it (a disable
     * waits, and is waited for).
     */
    async lock(id: string, mode: 'share' | 'update', db: Db = root) {
      const [row] = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          isStaff: organizations.isStaff,
          clientKey: organizations.clientKey,
          disabledAt: organizations.disabledAt,
          locale: organizations.locale,
          platformAppUrl: organizations.platformAppUrl,
        })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for(mode);
      return row;
    },

    async insert(values: { name: string; planTypeId: string; clientKey: string | null; locale: string; createdBy: string }, db: Db = root) {
      const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
      return row;
    },

    async clientKeyTaken(key: string, db: Db = root) {
      return (await db.$count(organizations, eq(organizations.clientKey, key))) > 0;
    },

    async setClientKey(id: string, key: string, db: Db = root) {
      await db.update(organizations).set({ clientKey: key }).where(eq(organizations.id, id));
    },

    async update(
      id: string,
      values: { name?: string; planTypeId?: string; locale?: string; platformAppUrl?: string | null; disabledAt?: Date },
      db: Db = root,
    ) {
      await db.update(organizations).set(values).where(eq(organizations.id, id));
    },

    /** The ids of the organization's users who are still enabled (one read over users_org_idx). */
    /**
     * What a switch that ends sessions or refuses calls would stop, counted now: enabled
     * users (with a password; of an API role with a password), console sessions open now
     * (signed in with a password), access keys. Three statements over the organization's indexes.
     */
    async accessCounts(organizationId: string, now: Date, db: Db = root) {
      const enabled = and(eq(users.organizationId, organizationId), isNull(users.disabledAt));
      const withPassword = sql`${users.passwordHash} is not null`;
      const apiRole = inArray(users.role, [...apiRoles]);
      const [people] = await db
        .select({
          enabledUsers: sql<number>`count(*)::int`,
          passwordUsers: sql<number>`(count(*) filter (where ${withPassword}))::int`,
          apiUsers: sql<number>`(count(*) filter (where ${and(withPassword, apiRole)}))::int`,
        })
        .from(users)
        .where(enabled);
      const [open] = await db
        .select({
          openSessions: sql<number>`count(*)::int`,
          openPasswordSessions: sql<number>`(count(*) filter (where ${sessions.signInProvider} = 'password'))::int`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(enabled, isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      const [keys] = await db
        .select({ activeAccessKeys: sql<number>`count(*)::int` })
        .from(accessKeys)
        .where(eq(accessKeys.organizationId, organizationId));
      return { ...people, ...open, ...keys };
    },

    async enabledUserIds(organizationId: string, db: Db = root) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), isNull(users.disabledAt)));
      return rows.map((r) => r.id);
    },
  };
  return repo;
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
export type OrganizationRow = NonNullable<Awaited<ReturnType<OrganizationsRepository['findById']>>>;
