/**
 * The writes of the `users` table's people: the users module owns the table, its profile
 * and its rules (users.service.ts); other modules make and change users through the
 * service. The import's set-based apply keeps its own statements, in user-imports/set-based/apply.ts.
 */
import { normalizeEmail, type UserSource } from '@console/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type { UserSource };

/** What the console keeps of a person beyond their sign-in address and role. */
export interface UserProfile {
  displayName: string;
  /** Null with familyName: taken from the display name (migration 0010's users_name_parts). */
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  /** The identity provider's login name when it is not the sign-in address. */
  userName: string | null;
  /** A work e-mail other than the sign-in address. */
  workEmail: string | null;
  title: string | null;
  phone: string | null;
  department: string | null;
  costCenter: string | null;
  division: string | null;
  organizationName: string | null;
  employeeId: string | null;
  managerId: string | null;
  /** The identity provider's id for the user (SCIM externalId). */
  scimExternalId: string | null;
  /** SCIM attributes the console keeps as sent without acting on them. */
  scimAttributes: Record<string, unknown> | null;
}

export interface NewUser extends Partial<UserProfile> {
  organizationId: string;
  email: string;
  displayName: string;
  role: string;
  source: UserSource;
  disabledAt?: Date | null;
  createdBy?: string | null;
  locale?: string | null;
  passwordHash?: string | null;
  /** How the person signs in; password unless given (first arrival through a connection: oidc). */
  signInProvider?: string;
}

/** The holder of an address, in any organization (sign-in addresses are unique across the platform). */
export interface AddressHolder {
  id: string;
  organizationId: string;
  role: string;
  scimDeletedAt: Date | null;
}

export function createUsersRepository(root: Db) {
  return {
    async insert(user: NewUser, now: Date, db: Db = root) {
      const [row] = await db
        .insert(users)
        .values({ signInProvider: 'password', ...user, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      return row.id;
    },

    /**
     * Changes the sign-in address and profile fields given; `restore` takes back a user SCIM
     * deleted. Given and family names given here are kept as given, whatever the display name.
     */
    async update(
      organizationId: string,
      id: string,
      change: Partial<UserProfile> & { email?: string; restore?: boolean },
      now: Date,
      db: Db = root,
    ) {
      const { restore, ...fields } = change;
      const where = and(eq(users.organizationId, organizationId), eq(users.id, id));
      const [row] = await db
        .update(users)
        .set({ ...fields, ...(restore && { scimDeletedAt: null }), updatedAt: now })
        .where(where)
        .returning({ givenName: users.givenName, familyName: users.familyName });
      // On a rename, the users_name_parts trigger takes the names from the new display name
      // when the old ones were the old display name's parts: it cannot tell "Ann" "Lee" that
      // a provider sent for "Ann Lee" from names it took itself. Names given here were sent:
      // written again, without a rename, they stay (both absent: still taken from the name).
      const names = { givenName: fields.givenName, familyName: fields.familyName };
      const overridden = (['givenName', 'familyName'] as const).some((k) => names[k] !== undefined && row?.[k] !== names[k]);
      if (row && overridden && (names.givenName || names.familyName)) await db.update(users).set(names).where(where);
    },

    /** A person's own language (of their e-mails), their row held for a change; undefined for no such user. */
    async lockLocale(userId: string, db: Db = root): Promise<string | null | undefined> {
      const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).for('update');
      return row?.locale;
    },

    async setLocale(userId: string, locale: string, db: Db = root) {
      await db.update(users).set({ locale }).where(eq(users.id, userId));
    },

    async setRole(organizationId: string, id: string, role: string, db: Db = root) {
      await db
        .update(users)
        .set({ role })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    },

    /**
     * Counts a failed password of the account from any source in one statement (replicas may
     * count at once): a new window when the last began more than `windowMs` ago; the
     * `max`-th failure in a window locks the account itself for `lockMs`.
     */
    async recordFailedSignIn(
      userId: string,
      now: Date,
      policy: { max: number; windowMs: number; lockMs: number },
      db: Db = root,
    ): Promise<{ lockedUntil: Date | null }> {
      const cutoff = new Date(now.getTime() - policy.windowMs).toISOString();
      const fresh = sql`(${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${cutoff}::timestamptz)`;
      const nextCount = sql`(case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end)`;
      const [row] = await db
        .update(users)
        .set({
          failedLoginCount: sql`${nextCount}`,
          failedLoginWindowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${users.failedLoginWindowStart} end`,
          lockedUntil: sql`case when ${nextCount} >= ${policy.max}
            then ${new Date(now.getTime() + policy.lockMs).toISOString()}::timestamptz else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, userId))
        .returning({ lockedUntil: users.lockedUntil });
      return { lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null };
    },

    /** A good sign-in clears the failure counters and stamps the login. */
    async recordSignIn(userId: string, now: Date, db: Db = root): Promise<void> {
      await db
        .update(users)
        .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null, lastLoginAt: now })
        .where(eq(users.id, userId));
    },

    async stampInvitation(userId: string, invitedBy: string | null, now: Date, db: Db = root): Promise<void> {
      await db.update(users).set({ invitedAt: now, invitedBy }).where(eq(users.id, userId));
    },

    /** A new password (checked against the policy by the caller) clears the failure counters; `now` is when it was chosen. */
    async setPasswordHash(userId: string, passwordHash: string, now: Date, db: Db = root): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordSetAt: now, failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
        .where(eq(users.id, userId));
    },

    /** idTokens of the user issued up to `at` (to its second) stop working (principal.ts, issuedBeforeRevocation). */
    async revokeIdTokens(userId: string, at: Date, db: Db = root): Promise<void> {
      await db.update(users).set({ idTokensRevokedAt: at }).where(eq(users.id, userId));
    },

    /** Disables those of these users of the organization who are still enabled; their ids. */
    async disable(organizationId: string, ids: string[], now: Date, db: Db = root): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(users)
        .set({ disabledAt: now })
        .where(and(eq(users.organizationId, organizationId), inArray(users.id, ids), isNull(users.disabledAt)))
        .returning({ id: users.id });
      return rows.map((r) => r.id);
    },

    async enable(organizationId: string, id: string, now: Date, db: Db = root) {
      await db
        .update(users)
        .set({ disabledAt: null, updatedAt: now })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    },

    /** No longer a SCIM resource of the organization (the user stays, with their records). */
    async markScimDeleted(organizationId: string, id: string, now: Date, db: Db = root) {
      await db
        .update(users)
        .set({ scimDeletedAt: now, updatedAt: now })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    },

    async findByEmail(email: string, db: Db = root): Promise<AddressHolder | undefined> {
      const [row] = await db
        .select({ id: users.id, organizationId: users.organizationId, role: users.role, scimDeletedAt: users.scimDeletedAt })
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      return row;
    },

    /**
     * A user of the organization named by an identity provider's reference: their id, else
     * the provider's id for them, their employee number, userName or e-mail.
     */
    async findByReference(organizationId: string, reference: string, db: Db = root) {
      const live = and(eq(users.organizationId, organizationId), isNull(users.scimDeletedAt));
      // Our id (what Entra ID sends) by the primary key alone: asked in one statement with the
      // provider's references, the planner of a bulk sync that outran the table's statistics
      // read every user of the organization for each manager.
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference)) {
        const [byId] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, reference), live));
        if (byId) return byId.id;
      }
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            live,
            or(
              eq(users.scimExternalId, reference),
              eq(users.employeeId, reference),
              eq(users.userName, reference),
              eq(users.email, reference),
            ),
          ),
        )
        .limit(1);
      return row?.id;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
